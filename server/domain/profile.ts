// How a user row appears on the wire. The avatar is the path of its media route; a file named
// default.png (the old product's placeholder) counts as no avatar.
import type { Profile, UserSummary } from "../../src/contract/users.ts"
import type { UserRow } from "../db/users.ts"

export const AVATAR_ROUTE = "/v2/media/avatars"

export const avatarUrl = (file: string | null): string | null =>
  file === null || file === "" || file.split("/").pop() === "default.png" ? null : `${AVATAR_ROUTE}/${file}`

export const toProfile = (user: UserRow): Profile => ({
  id: user.id,
  email: user.email,
  name: user.name,
  username: user.username,
  phone: user.phone,
  company: user.company,
  description: user.description,
  avatar: avatarUrl(user.avatar),
  mfa_enabled: user.mfa_enabled === 1,
  created_at: user.created_at
})

export const toUserSummary = (user: Pick<UserRow, "id" | "email" | "name" | "username" | "avatar">): UserSummary => ({
  id: user.id,
  email: user.email,
  name: user.name,
  username: user.username,
  avatar: avatarUrl(user.avatar)
})

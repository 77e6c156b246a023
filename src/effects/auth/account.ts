// The signed-in user's own account: profile, password and activity.
import { Effect } from "effect"
import type { ChangePasswordPayload } from "../../contract/auth.ts"
import { call, endpoints } from "../call.ts"
import { TokenStore } from "../TokenStore.ts"

export interface ProfileChanges {
  readonly name: string
  readonly username: string
  readonly phone: string
  readonly company: string
  readonly description: string
}

/** What happens to the avatar on save: keep it, replace it with a file, or remove it. */
export type AvatarChange = { readonly _tag: "Keep" } | { readonly _tag: "Replace"; readonly file: File } | { readonly _tag: "Remove" }

/** The endpoint takes multipart so the avatar travels with the fields. */
const profileForm = (changes: ProfileChanges, avatar: AvatarChange): FormData => {
  const form = new FormData()
  for (const [field, value] of Object.entries(changes)) form.append(field, value)
  if (avatar._tag === "Replace") form.append("avatar", avatar.file, avatar.file.name)
  if (avatar._tag === "Remove") form.append("remove_avatar", "1")
  return form
}

export const updateProfile = Effect.fn("Auth.updateProfile")(function* (userId: string, changes: ProfileChanges, avatar: AvatarChange) {
  const answer = yield* call(endpoints.authAccount.updateProfile, { params: { userId }, payload: profileForm(changes, avatar) })
  return answer.data
})

/**
 * A password change signs out every other session; sending our own refresh token is how the server
 * knows which session to keep (src/contract/auth.ts).
 */
export const changePassword = Effect.fn("Auth.changePassword")(function* (payload: Omit<ChangePasswordPayload, "refresh">) {
  const stored = yield* (yield* TokenStore).get
  yield* call(endpoints.authAccount.changePassword, { payload: stored === null ? payload : { ...payload, refresh: stored.refresh } })
})

export const ACTIVITIES_PAGE_SIZE = 10

export const loadActivities = Effect.fn("Auth.loadActivities")(function* (page: number) {
  const answer = yield* call(endpoints.authAccount.activities, { query: { page, limit: ACTIVITIES_PAGE_SIZE } })
  return answer.data
})

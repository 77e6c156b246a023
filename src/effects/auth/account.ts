// The signed-in user's own account: profile, password and activity.
import { Effect } from "effect"
import { Activity, type ChangePasswordPayload } from "../../contract/auth.ts"
import { Ok, Page } from "../../contract/envelope.ts"
import { Profile } from "../../contract/users.ts"
import { Api } from "../Api.ts"
import { TokenStore } from "../TokenStore.ts"
import { Acknowledged } from "./acknowledged.ts"

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
  const api = yield* Api
  const answer = yield* api.request({
    method: "PUT",
    path: `/v2/auth/user/profile/${encodeURIComponent(userId)}/`,
    body: profileForm(changes, avatar),
    success: Ok(Profile)
  })
  return answer.data
})

/**
 * A password change signs out every other session; sending our own refresh token is how the server
 * knows which session to keep (src/contract/auth.ts).
 */
export const changePassword = Effect.fn("Auth.changePassword")(function* (payload: Omit<ChangePasswordPayload, "refresh">) {
  const api = yield* Api
  const stored = yield* (yield* TokenStore).get
  const body = stored === null ? payload : { ...payload, refresh: stored.refresh }
  yield* api.request({ method: "PUT", path: "/v2/auth/password/change/", body, success: Acknowledged })
})

export const ACTIVITIES_PAGE_SIZE = 10

export const loadActivities = Effect.fn("Auth.loadActivities")(function* (page: number) {
  const api = yield* Api
  const answer = yield* api.request({
    method: "GET",
    path: "/v2/auth/activities/",
    query: { page, limit: ACTIVITIES_PAGE_SIZE },
    success: Ok(Page(Activity))
  })
  return answer.data
})

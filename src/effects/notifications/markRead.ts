// PUT /v2/notifications/{id}/: marks one notification read.
import { Effect } from "effect"
import { Api } from "../Api.ts"
import { Acknowledged } from "../auth/acknowledged.ts"

export const markNotificationRead = Effect.fn("Notifications.markRead")(function* (id: string) {
  const api = yield* Api
  yield* api.request({ method: "PUT", path: `/v2/notifications/${encodeURIComponent(id)}/`, success: Acknowledged })
})

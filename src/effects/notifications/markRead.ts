// PUT /v2/notifications/{id}/: marks one notification read and answers it as it now is. A refusal
// (it is gone: NotFound) or no answer fails with its typed error; whether that matters is the
// machine's to decide.
import { Effect } from "effect"
import { type CallError, call, endpoints } from "../call.ts"

export type MarkReadError = CallError<typeof endpoints.notifications.markRead>

export const markNotificationRead = Effect.fn("Notifications.markRead")(function* (id: string) {
  const answer = yield* call(endpoints.notifications.markRead, { params: { id } })
  return answer.data
})

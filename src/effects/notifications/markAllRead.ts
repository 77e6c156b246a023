// POST /v2/notifications/read-all/: every notification of the user read at once. Answers how many
// were unread; a refusal or no answer fails with its typed error, for the machine to decide.
import { Effect } from "effect"
import { type CallError, call, endpoints } from "../call.ts"

export type MarkAllReadError = CallError<typeof endpoints.notifications.markAllRead>

export const markAllNotificationsRead = Effect.fn("Notifications.markAllRead")(function* () {
  const answer = yield* call(endpoints.notifications.markAllRead, {})
  return answer.data.marked
})

// GET /v2/notifications/: one page of the signed-in user's notifications, newest first, with the
// number still unread. The answer nests them at data.data.
import { Effect } from "effect"
import { NOTIFICATIONS_PAGE_SIZE } from "../../contract/notifications.ts"
import { call, endpoints } from "../call.ts"

export const loadNotifications = Effect.fn("Notifications.list")(function* (page: number) {
  const answer = yield* call(endpoints.notifications.list, { query: { page, limit: NOTIFICATIONS_PAGE_SIZE } })
  return answer.data.data
})

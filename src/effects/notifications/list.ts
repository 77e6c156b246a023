// GET /v2/notifications/: one page of the signed-in user's notifications, newest first, with the
// number still unread. Spec section 7 reads them at data.data.
import { Effect } from "effect"
import { Ok } from "../../contract/envelope.ts"
import { NOTIFICATIONS_PAGE_SIZE, NotificationList } from "../../contract/notifications.ts"
import { Api } from "../Api.ts"

export const loadNotifications = Effect.fn("Notifications.list")(function* (page: number) {
  const api = yield* Api
  const answer = yield* api.request({
    method: "GET",
    path: "/v2/notifications/",
    query: { page, limit: NOTIFICATIONS_PAGE_SIZE },
    success: Ok(NotificationList)
  })
  return answer.data.data
})

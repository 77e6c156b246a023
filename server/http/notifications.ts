// /v2/notifications/: the signed-in user's notifications.
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { Api } from "../../src/contract/api.ts"
import { NotFound } from "../../src/contract/errors.ts"
import { CurrentUser } from "../../src/contract/middleware.ts"
import { NOTIFICATIONS_PAGE_SIZE } from "../../src/contract/notifications.ts"
import { notificationMessages } from "../domain/lab-messages.ts"
import { pageMeta } from "../domain/paging.ts"
import { Notifications } from "../services/platform/Notifications.ts"
import { ok } from "./envelope.ts"
import { requirePaging } from "./paging.ts"

export const NotificationsLive = HttpApiBuilder.group(
  Api,
  "notifications",
  Effect.fn(function* (handlers) {
    const notifications = yield* Notifications

    return handlers
      .handle("list", ({ query }) =>
        Effect.gen(function* () {
          const paging = yield* requirePaging(query, NOTIFICATIONS_PAGE_SIZE)
          const { results, count, unread } = yield* notifications.list((yield* CurrentUser).id, paging)
          return ok({ data: { results, meta: pageMeta(count, paging), unread_count: unread } })
        })
      )
      .handle("markRead", ({ params }) =>
        Effect.gen(function* () {
          const read = yield* notifications.markRead((yield* CurrentUser).id, params.id)
          if (!read) return yield* new NotFound({ message: notificationMessages.notFound })
          return ok(read, notificationMessages.read)
        })
      )
      .handle("markAllRead", () =>
        Effect.gen(function* () {
          const marked = yield* notifications.markAllRead((yield* CurrentUser).id)
          return ok({ marked, unread_count: 0 }, notificationMessages.allRead)
        })
      )
  })
)

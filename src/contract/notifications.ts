// /v2/notifications: what the signed-in user must hear of (an invitation, an ownership transfer,
// later chat messages), newest first, with the unread count. Clients read the list at
// `data.data`, so the body is { status, data: { data: { results, meta, unread_count } } }.
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { Ok, PageMeta, PageQuery } from "./envelope.ts"
import { BadRequest, NotFound } from "./errors.ts"
import { Authorization } from "./middleware.ts"

/**
 * "notif_chat": a message in a slide's chat; "notif_chats": a reply in one of a slide's comment
 * threads (`annotation_id` names it). Both are the interface's "new comment". "payment": an invoice
 * was accepted or rejected by staff (`invoice` says which).
 */
export const NotificationType = Schema.Literals(["invite", "notif_chat", "notif_chats", "ownership-changes", "payment", "ai_analysis"])
export type NotificationType = typeof NotificationType.Type

/** Default page size: the panel loads five at a time as it scrolls. */
export const NOTIFICATIONS_PAGE_SIZE = 5

export const Notification = Schema.Struct({
  id: Schema.String,
  type: NotificationType,
  is_read: Schema.Boolean,
  created_at: Schema.String,
  /** The lab it is about; null once that lab was deleted forever. */
  lab: Schema.NullOr(Schema.Struct({ id: Schema.String, name: Schema.String, is_dir: Schema.Boolean })),
  /** Who caused it; null for the system. */
  sender: Schema.NullOr(Schema.Struct({ name: Schema.String, email: Schema.String, username: Schema.NullOr(Schema.String) })),
  /** A payment notification's invoice (GET /v2/pricing/payments/{id}/), with its status when it was sent. */
  invoice: Schema.optionalKey(
    Schema.Struct({ id: Schema.String, number: Schema.String, status: Schema.Literals(["unpaid", "waiting", "paid", "cancelled"]) })
  ),
  /** A comment reply's thread: the comment annotation it opens. */
  annotation_id: Schema.optionalKey(Schema.String)
})
export type Notification = typeof Notification.Type

export const NotificationList = Schema.Struct({
  data: Schema.Struct({ results: Schema.Array(Notification), meta: PageMeta, unread_count: Schema.Number })
})

export class Notifications extends HttpApiGroup.make("notifications")
  .add(
    HttpApiEndpoint.get("list", "/notifications/", { query: PageQuery, success: Ok(NotificationList), error: BadRequest }),
    HttpApiEndpoint.put("markRead", "/notifications/:id/", { params: { id: Schema.String }, success: Ok(Notification), error: NotFound }),
    /** Every one of the user's notifications read at once: how many were unread, and the unread count after (0). */
    HttpApiEndpoint.post("markAllRead", "/notifications/read-all/", {
      success: Ok(Schema.Struct({ marked: Schema.Number, unread_count: Schema.Number }))
    })
  )
  .middleware(Authorization)
  .prefix("/v2")
  .annotateMerge(OpenApi.annotations({ title: "Notifications", description: "The signed-in user's notifications" })) {}

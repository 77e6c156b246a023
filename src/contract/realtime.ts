// Realtime channel and event names (all private channels, authorised per lab or user) and the endpoints
// where the SPA learns where to connect and gets its private channels authorised.
//
//   private-mylab_{labId}               lab_changed_{labId}, status_upload_{labId},
//                                       create_annotation_{labId}, update_annotation_{labId},
//                                       delete_annotation_{labId}, bulk_annotation_{labId},
//                                       label_{labId}, chat_{labId} (a chat message),
//                                       comment_{labId} (a comment thread's reply, edit,
//                                       deletion or resolution),
//                                       ai_annotation_{labId} (an analysis job's state); a folder's
//                                       channel also carries status_upload_{childId} of its files,
//                                       so one subscription keeps a whole folder view live
//   private-notif_chat_{userId}         invite_{userId} (an invitation), notif_chat_{userId} (a comment),
//                                       payment_{userId} (staff accepted or rejected an invoice),
//                                       ai_analysis_{userId} (their analysis ended)
//   private-ownership_changes_{userId}  ownership_changes_{userId}
//   presence-slide_{labId}              who has the slide open: Pusher's presence protocol
//                                       (pusher:member_added, pusher:member_removed), each member's
//                                       user_info a PresenceInfo
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api"
import { Forbidden, Unauthorized } from "./errors.ts"
import { Label, WebAnnotation } from "./annotations.ts"
import { ChatMessage } from "./chat.ts"
import { CommentReply, Resolution } from "./comments.ts"
import { AutoTags, UploadStatus } from "./labs.ts"
import { Authorization } from "./middleware.ts"

export const labChannel = (labId: string) => `private-mylab_${labId}`
export const notificationChannel = (userId: string) => `private-notif_chat_${userId}`
export const ownershipChannel = (userId: string) => `private-ownership_changes_${userId}`
/** Who has a slide open: one member per user, however many tabs they have it open in. */
export const presenceChannel = (labId: string) => `presence-slide_${labId}`

export const realtimeEvents = {
  labChanged: (labId: string) => `lab_changed_${labId}`,
  statusUpload: (labId: string) => `status_upload_${labId}`,
  invite: (userId: string) => `invite_${userId}`,
  notifChat: (userId: string) => `notif_chat_${userId}`,
  ownershipChanges: (userId: string) => `ownership_changes_${userId}`,
  payment: (userId: string) => `payment_${userId}`,
  createAnnotation: (labId: string) => `create_annotation_${labId}`,
  updateAnnotation: (labId: string) => `update_annotation_${labId}`,
  deleteAnnotation: (labId: string) => `delete_annotation_${labId}`,
  bulkAnnotation: (labId: string) => `bulk_annotation_${labId}`,
  label: (labId: string) => `label_${labId}`,
  chat: (labId: string) => `chat_${labId}`,
  comment: (labId: string) => `comment_${labId}`,
  /** A slide's analysis job changed (src/contract/analysis.ts AnalysisChanged). */
  aiAnnotation: (labId: string) => `ai_annotation_${labId}`,
  /** The requester's analysis ended: a notification to load. */
  aiAnalysis: (userId: string) => `ai_analysis_${userId}`
}

/** What a private or presence channel name refers to, so the server can decide who may listen. */
export type ChannelTarget =
  | { readonly kind: "lab"; readonly labId: string }
  | { readonly kind: "user"; readonly userId: string }
  | { readonly kind: "presence"; readonly labId: string }

export const parseChannel = (channel: string): ChannelTarget | undefined => {
  const presence = /^presence-slide_([A-Za-z0-9-]{1,64})$/.exec(channel)
  if (presence) return { kind: "presence", labId: presence[1]! }
  const match = /^private-(mylab|notif_chat|ownership_changes)_([A-Za-z0-9-]{1,64})$/.exec(channel)
  if (!match) return undefined
  return match[1] === "mylab" ? { kind: "lab", labId: match[2]! } : { kind: "user", userId: match[2]! }
}

/**
 * A presence member's `user_info`, signed by the server when it authorises the subscription. The
 * email is empty on a public slide: anyone signed in may listen there, and annotators' emails stay
 * with the slide's members (as in the list, the compact read and the slide channel's messages).
 */
export const PresenceInfo = Schema.Struct({ name: Schema.String, email: Schema.String })
export type PresenceInfo = typeof PresenceInfo.Type

/** One member of a presence channel as pusher-js reports it (`channel.members.each`). */
export const PresenceMember = Schema.Struct({ id: Schema.String, info: PresenceInfo })
export type PresenceMember = typeof PresenceMember.Type

// What each message carries. The server builds messages only from these (server/domain/realtime-routing.ts)
// and the SPA decodes what it hears with them, so a message of another shape is dropped, never trusted.

/** `lab_changed_{id}`: something about the lab or one of its children changed; lists reload it. */
export const LabChanged = Schema.Struct({
  /** The domain event, e.g. "lab.renamed", "member.invited", "upload.status". */
  kind: Schema.String,
  lab_id: Schema.String,
  // Optional for a server that follows the spec without them; ours always sends them.
  parent_id: Schema.optionalKey(Schema.NullOr(Schema.String)),
  actor_id: Schema.optionalKey(Schema.NullOr(Schema.String)),
  at: Schema.optionalKey(Schema.String)
})
export type LabChanged = typeof LabChanged.Type

/** `status_upload_{id}`: a file's upload moved on; thumbnails come with "ready". */
export const StatusUpload = Schema.Struct({
  lab_id: Schema.String,
  status: UploadStatus,
  /** Absent means "keep what you have"; ours sends both with every status. */
  thumbnail: Schema.optionalKey(Schema.NullOr(Schema.String)),
  thumbnail_url: Schema.optionalKey(Schema.NullOr(Schema.String)),
  /** With "ready", a paid owner's slide's auto tags; absent means "keep what you have". */
  auto_tags: Schema.optionalKey(AutoTags)
})
export type StatusUpload = typeof StatusUpload.Type

/** `invite_{user}`, `ownership_changes_{user}`, `notif_chat_{user}`, `payment_{user}`: a notification to load. */
export const Notice = Schema.Struct({
  kind: Schema.String,
  lab_id: Schema.NullOr(Schema.String),
  actor_id: Schema.NullOr(Schema.String),
  notification_id: Schema.NullOr(Schema.String),
  at: Schema.String
})
export type Notice = typeof Notice.Type

/**
 * One annotation as a message carries it. `data` is null when the shape did not fit in the message
 * (Pusher allows 10 KB): fetch the slide's annotations (GET .../v2/annotations/) for it.
 */
export const AnnotationChange = Schema.Struct({
  id: Schema.String,
  version: Schema.Number,
  visible: Schema.Boolean,
  label_id: Schema.String,
  /** The label's colour when the change was made. */
  color: Schema.String,
  data: Schema.NullOr(WebAnnotation),
  /** Made by an analysis: read-only (the Annotation's `detection`). */
  detection: Schema.optional(Schema.Literal(true))
})
export type AnnotationChange = typeof AnnotationChange.Type

/** Who made a change on a slide: the author of the shapes, or whoever changed the label. */
const Changer = {
  lab_id: Schema.String,
  user_id: Schema.String,
  user_email: Schema.String,
  /** Their name, to credit a new shape with (absent from changes recorded before it was sent). */
  user_name: Schema.optional(Schema.String),
  at: Schema.String
}

/**
 * `create_annotation_{labId}`: a bulk create. `annotations` holds those that fit in the message;
 * `count` is how many were created. When `annotations.length < count` (a big bulk upload, an
 * analysis's batch of detections), fetch them: with `created_at`, the time every one of them was
 * created with, only those (the compact read's `created_since`), else the slide's list.
 */
export const AnnotationsCreated = Schema.Struct({
  ...Changer,
  count: Schema.Number,
  annotations: Schema.Array(AnnotationChange),
  created_at: Schema.optionalKey(Schema.String)
})
export type AnnotationsCreated = typeof AnnotationsCreated.Type

/** `update_annotation_{labId}`: one annotation edited (its shape, label or visibility). */
export const AnnotationUpdated = Schema.Struct({ ...Changer, annotation: AnnotationChange })
export type AnnotationUpdated = typeof AnnotationUpdated.Type

/** `delete_annotation_{labId}`: one annotation deleted. */
export const AnnotationDeleted = Schema.Struct({ ...Changer, id: Schema.String, label_id: Schema.String })
export type AnnotationDeleted = typeof AnnotationDeleted.Type

/** What one bulk edit did to every annotation it names (versions rose by one); empty for a delete. */
export const BulkChange = Schema.Struct({
  label_id: Schema.optionalKey(Schema.String),
  /** The new label's name and colour. */
  label_name: Schema.optionalKey(Schema.String),
  color: Schema.optionalKey(Schema.String),
  visible: Schema.optionalKey(Schema.Boolean),
  dx: Schema.optionalKey(Schema.Number),
  dy: Schema.optionalKey(Schema.Number)
})
export type BulkChange = typeof BulkChange.Type

/**
 * `bulk_annotation_{labId}`: one bulk edit ("updated": `change` applied to each) or bulk delete
 * ("deleted") of `count` annotations, as one message. `ids` holds the ids that fit in the message;
 * when fewer than `count` came (a large selection), re-read the slide's annotations (the compact
 * read) instead of applying it.
 */
export const AnnotationsBulkChanged = Schema.Struct({
  ...Changer,
  action: Schema.Literals(["updated", "deleted"]),
  count: Schema.Number,
  ids: Schema.Array(Schema.String),
  change: BulkChange
})
export type AnnotationsBulkChanged = typeof AnnotationsBulkChanged.Type

/**
 * `label_{labId}`: a label was created, updated or deleted; a deleted label took its annotations
 * with it (`annotations_deleted` of them: drop every annotation with that label id).
 */
export const LabelChanged = Schema.Struct({
  ...Changer,
  action: Schema.Literals(["created", "updated", "deleted"]),
  label: Label,
  annotations_deleted: Schema.Number
})
export type LabelChanged = typeof LabelChanged.Type

/** `chat_{labId}`: a new message in the slide's chat, as the list shows it (no email on a public slide). */
export const ChatPosted = ChatMessage
export type ChatPosted = typeof ChatPosted.Type

/**
 * `comment_{labId}`: a comment thread changed. "replied" and "edited" carry the reply as the thread
 * shows it (no email on a public slide), "deleted" the id of the reply gone, "resolved" the
 * thread's resolution (resolved or reopened).
 */
export const CommentChanged = Schema.Struct({
  action: Schema.Literals(["replied", "edited", "deleted", "resolved"]),
  lab_id: Schema.String,
  annotation_id: Schema.String,
  actor_id: Schema.NullOr(Schema.String),
  at: Schema.String,
  reply: Schema.NullOr(CommentReply),
  reply_id: Schema.NullOr(Schema.String),
  resolution: Schema.NullOr(Resolution)
})
export type CommentChanged = typeof CommentChanged.Type

export const ClientConfig = Schema.Struct({
  key: Schema.String,
  cluster: Schema.String,
  /** Null: the page's own host and port (the embedded server). */
  host: Schema.NullOr(Schema.String),
  port: Schema.NullOr(Schema.Number),
  tls: Schema.NullOr(Schema.Boolean)
})
export type ClientConfig = typeof ClientConfig.Type

/** pusher-js posts these as a form. */
export const AuthPayload = Schema.Struct({ socket_id: Schema.String, channel_name: Schema.String }).pipe(HttpApiSchema.asFormUrlEncoded())

export class RealtimeConfigGroup extends HttpApiGroup.make("realtimeConfig")
  .add(HttpApiEndpoint.get("config", "/realtime/config/", { success: ClientConfig }))
  .prefix("/v2")
  .annotateMerge(OpenApi.annotations({ title: "Realtime", description: "Where browsers connect for live events" })) {}

export class RealtimeAuthGroup extends HttpApiGroup.make("realtimeAuth")
  .add(
    HttpApiEndpoint.post("auth", "/realtime/auth/", {
      payload: AuthPayload,
      success: Schema.Struct({ auth: Schema.String, channel_data: Schema.optionalKey(Schema.String) }),
      error: [Unauthorized, Forbidden]
    })
  )
  .middleware(Authorization)
  .prefix("/v2")
  .annotateMerge(OpenApi.annotations({ title: "Realtime", description: "Authorises a private channel for the signed-in user" })) {}

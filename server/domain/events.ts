// Every domain event Preparat records, as one tagged union of Schemas. A change records its event in
// its own transaction (EventLog.record takes only these); the publisher decodes each stored row with
// the same union and routes it (realtime-routing.ts, an exhaustive match). The stored `kind` strings
// are the log's history: rename one and old rows stop decoding, so add kinds, never rename them.
import { Schema } from "effect"
import { Label } from "../../src/contract/annotations.ts"
import { AutoTags, Role, UploadStatus } from "../../src/contract/labs.ts"
import { ChatMessage } from "../../src/contract/chat.ts"
import { CommentReply, Resolution } from "../../src/contract/comments.ts"
import { AnnotationChange, BulkChange } from "../../src/contract/realtime.ts"
import { ScanState } from "../../src/contract/scan-requests.ts"
import { AnalysisKind, AnalysisState, AnalysisSummary } from "../../src/contract/analysis.ts"

const Id = Schema.String
const ParentId = Schema.NullOr(Schema.String)
/** Users told of the event on their own channels (notifications, ownership changes). */
const Recipients = Schema.Array(Schema.String)

/** Where a request came from, stored with account events for the activity page. */
const Client = { ip: Schema.String, user_agent: Schema.String }
const Locale = Schema.String

const event = <const K extends string, const F extends Schema.Struct.Fields>(kind: K, fields: F) =>
  Schema.Struct({ kind: Schema.Literal(kind), payload: Schema.Struct(fields) })

// Account events: private to the actor's activity page, never published.
export const AccountEvent = Schema.Union([
  event("auth.registered", { ...Client, locale: Locale }),
  event("auth.activated", {}),
  event("auth.activation_resent", { ...Client, locale: Locale }),
  event("auth.sign_in_failed", { ...Client, reason: Schema.String }),
  event("auth.signed_in", { ...Client, second_factor: Schema.Literals(["none", "otp", "backup_code"]) }),
  event("auth.refresh_token_reused", { session: Schema.String }),
  event("auth.signed_out", Client),
  event("auth.password_changed", Client),
  event("auth.password_reset_requested", { ...Client, locale: Locale }),
  event("auth.password_reset", Client),
  event("auth.mfa_setup_started", {}),
  event("auth.mfa_enabled", {}),
  event("auth.mfa_disabled", {}),
  event("auth.mfa_reset_requested", { ...Client, locale: Locale }),
  event("auth.mfa_reset", Client),
  event("profile.updated", { fields: Schema.Array(Schema.String) }),
  event("favorite.added", { lab_id: Id }),
  event("favorite.removed", { lab_id: Id })
])

// Lab events: published on the lab's channel and its folder's (and, for a move, the folder it left).
export const LabEvent = Schema.Union([
  event("lab.created", { name: Schema.String, is_dir: Schema.Boolean, parent_id: ParentId, owner_id: Id }),
  event("lab.moved", { from_parent_id: ParentId, parent_id: ParentId }),
  event("lab.renamed", { from: Schema.String, name: Schema.String, parent_id: ParentId }),
  event("lab.trashed", { parent_id: ParentId, owner_id: Id, count: Schema.Number }),
  event("lab.restored", { parent_id: ParentId, name: Schema.String }),
  event("lab.purged", { name: Schema.String, bytes: Schema.Number, parent_id: ParentId }),
  event("lab.published", { is_public: Schema.Boolean, parent_id: ParentId }),
  event("lab.metadata_changed", { names: Schema.Array(Schema.String), change: Schema.String, parent_id: ParentId }),
  event("lab.upload_removed", { name: Schema.String, reason: Schema.String, parent_id: ParentId }),
  /** Auto tagging's tags (server/ai/tagging), by the system once the slide is ready. */
  event("lab.tagged", { tags: Schema.Array(Schema.String), tissue_percent: Schema.Number, parent_id: ParentId }),
  event("upload.status", {
    status: UploadStatus,
    thumbnail: Schema.NullOr(Schema.String),
    thumbnail_url: Schema.NullOr(Schema.String),
    parent_id: ParentId,
    /** A paid owner's slide is tagged as it becomes ready: the tags come with "ready". */
    auto_tags: Schema.optionalKey(AutoTags)
  }),
  event("member.removed", { member_id: Id, email: Schema.String, left: Schema.Boolean, parent_id: ParentId, recipients: Recipients }),
  event("member.role_changed", { member_id: Id, from: Role, to: Role, parent_id: ParentId, recipients: Recipients })
])

/** Who made a slide change, by name (events recorded before it was carried have none). */
const UserName = Schema.optional(Schema.String)

// Annotation and label events: published on the slide's channel only, under their own event names.
// A created or updated shape is carried inline only while it fits in a message (annotation-messages.ts).
export const AnnotationEvent = Schema.Union([
  event("annotation.created", {
    user_email: Schema.String,
    user_name: UserName,
    count: Schema.Number,
    annotations: Schema.Array(AnnotationChange),
    // The rows' shared creation time, when they have one (a bulk upload, an analysis batch).
    created_at: Schema.optionalKey(Schema.String)
  }),
  event("annotation.updated", { user_email: Schema.String, user_name: UserName, annotation: AnnotationChange }),
  event("annotation.deleted", { user_email: Schema.String, user_name: UserName, id: Id, label_id: Id }),
  // A bulk edit or delete: how many, the ids that fit in one message and what changed.
  event("annotation.bulk_changed", {
    user_email: Schema.String,
    user_name: UserName,
    action: Schema.Literals(["updated", "deleted"]),
    count: Schema.Number,
    ids: Schema.Array(Id),
    change: BulkChange
  }),
  event("label.changed", {
    user_email: Schema.String,
    user_name: UserName,
    action: Schema.Literals(["created", "updated", "deleted"]),
    label: Label,
    annotations_deleted: Schema.Number
  })
])

// Events someone must be told of: they name the notification written in the same transaction.
export const NoticeEvent = Schema.Union([
  event("member.invited", {
    member_id: Id,
    email: Schema.String,
    role: Role,
    pending: Schema.Boolean,
    parent_id: ParentId,
    notification_id: Schema.NullOr(Id),
    recipients: Recipients
  }),
  event("member.joined", { member_id: Id, user_id: Id, role: Role, parent_id: ParentId, notification_id: Id, recipients: Recipients }),
  event("lab.ownership_transferred", {
    from: Id,
    to: Id,
    from_parent_id: ParentId,
    parent_id: ParentId,
    count: Schema.Number,
    notification_id: Id,
    recipients: Recipients
  }),
  // An offer of ownership made, and closed without a transfer (declined or withdrawn): both sides
  // are told, so that every screen showing the offer follows.
  event("ownership.offered", { offer_id: Id, from: Id, to: Id, notification_id: Id, recipients: Recipients }),
  event("ownership.offer_closed", {
    offer_id: Id,
    from: Id,
    to: Id,
    outcome: Schema.Literals(["declined", "withdrawn"]),
    recipients: Recipients
  })
])

// A chat message: sent to everyone on the slide, and to each other member as a notification (the
// one written for them in the same transaction).
export const ChatEvent = Schema.Union([
  event("chat.message_sent", {
    message: ChatMessage,
    notifications: Schema.Array(Schema.Struct({ user_id: Id, notification_id: Id }))
  })
])

// A comment thread's changes: heard by everyone on the slide; a new reply also notifies every other
// member (the notifications written for them in the same transaction).
export const CommentEvent = Schema.Union([
  event("comment.replied", {
    reply: CommentReply,
    notifications: Schema.Array(Schema.Struct({ user_id: Id, notification_id: Id }))
  }),
  event("comment.reply_edited", { reply: CommentReply }),
  event("comment.reply_deleted", { annotation_id: Id, reply_id: Id }),
  event("comment.thread_resolved", { annotation_id: Id, ...Resolution.fields })
])

// Scan requests: the requester's own (a visitor's has no actor) and staff's changes of state. They
// carry no contact details: the request's row holds those, and the log is the activity page's.
export const ScanRequestEvent = Schema.Union([
  event("scan_request.submitted", {
    request_id: Id,
    reference: Schema.String,
    preparations: Schema.Number,
    return_slides: Schema.Boolean
  }),
  event("scan_request.state_changed", {
    request_id: Id,
    reference: Schema.String,
    from: ScanState,
    to: ScanState,
    folder_name: Schema.NullOr(Schema.String),
    requester_id: Schema.NullOr(Id)
  })
])

// Billing: an invoice's changes (its history, found by the event's invoice_id) and the end of a paid
// period. Staff decisions name the notification written with them; `by` tells a staff user in the
// browser (the event's actor) from the operator at the command line (no actor).
const StaffBy = Schema.Literals(["staff", "operator"])
export const BillingEvent = Schema.Union([
  event("payment.invoice_issued", { invoice_id: Id, number: Schema.String, plan_id: Schema.String, amount: Schema.Number }),
  event("payment.plan_changed", { invoice_id: Id, from_plan: Schema.String, plan_id: Schema.String, amount: Schema.Number }),
  event("payment.cancelled", { invoice_id: Id, by: Schema.Literals(["user", "system"]) }),
  event("payment.proof_uploaded", { invoice_id: Id, proof_id: Id, content_type: Schema.String, size: Schema.Number }),
  event("payment.accepted", {
    invoice_id: Id,
    plan_id: Schema.String,
    starts_at: Schema.String,
    ends_at: Schema.String,
    by: StaffBy,
    notification_id: Id,
    recipients: Recipients
  }),
  event("payment.rejected", { invoice_id: Id, reason: Schema.String, by: StaffBy, notification_id: Id, recipients: Recipients }),
  event("subscription.expired", { invoice_id: Id, plan_id: Schema.String, ended_at: Schema.String, recipients: Recipients }),
  // The operator's command grants and revokes staff (never the API); the user is the event's subject.
  event("staff.granted", { user_id: Id, email: Schema.String }),
  event("staff.revoked", { user_id: Id, email: Schema.String })
])

// An analysis job of a slide changed state or progressed (src/contract/analysis.ts); its end names the
// notification written for its requester in the same transaction.
export const AnalysisEvent = Schema.Union([
  event("analysis.changed", {
    job_id: Id,
    /** Who asked for it (the event's actor is null for progress, which is no one's doing). */
    requester_id: Schema.NullOr(Id),
    analysis: AnalysisKind,
    state: AnalysisState,
    percent: Schema.Number,
    detections: Schema.Number,
    summary: Schema.NullOr(AnalysisSummary),
    error: Schema.NullOr(Schema.String),
    notification_id: Schema.NullOr(Id),
    recipients: Recipients
  })
])

export const DomainEvent = Schema.Union([
  AccountEvent,
  LabEvent,
  AnnotationEvent,
  NoticeEvent,
  ChatEvent,
  CommentEvent,
  ScanRequestEvent,
  BillingEvent,
  AnalysisEvent
])
export type DomainEvent = typeof DomainEvent.Type
export type EventKind = DomainEvent["kind"]

/** What a change records: its event, who acted, which lab it concerns. */
export type NewEvent = DomainEvent & {
  /** Given when something written in the same transaction must name the event (a notification). */
  readonly id?: string
  /** Who acted, or whose account it concerns (e.g. a failed sign-in); null for the system. */
  readonly actorId: string | null
  readonly labId?: string | null
  /** The invoice a billing event is about: its history lists the event. */
  readonly invoiceId?: string | null
}

/** A stored row of the log, decoded. */
export type LoggedEvent = DomainEvent & {
  readonly id: string
  readonly actor_id: string | null
  readonly lab_id: string | null
  readonly created_at: string
}

const decodeEvent = Schema.decodeUnknownExit(DomainEvent)

/** A stored row as the publisher reads it; undefined when it is not an event this code knows. */
export const decodeLogged = (row: {
  readonly id: string
  readonly kind: string
  readonly actor_id: string | null
  readonly lab_id: string | null
  readonly payload: string
  readonly created_at: string
}): LoggedEvent | undefined => {
  let payload: unknown
  try {
    payload = JSON.parse(row.payload)
  } catch {
    return undefined
  }
  const decoded = decodeEvent({ kind: row.kind, payload })
  if (decoded._tag === "Failure") return undefined
  return { ...decoded.value, id: row.id, actor_id: row.actor_id, lab_id: row.lab_id, created_at: row.created_at }
}

// Which realtime messages a committed domain event becomes. Pure: the publisher feeds it decoded rows
// of the event log and sends what it returns. The match over kinds is exhaustive, so a new kind in
// events.ts does not compile until it is routed here (even if to nowhere).
import type { AnalysisChanged } from "../../src/contract/analysis.ts"
import {
  type AnnotationDeleted,
  type AnnotationsBulkChanged,
  type AnnotationsCreated,
  type AnnotationUpdated,
  type ChatPosted,
  type CommentChanged,
  type LabChanged,
  type LabelChanged,
  labChannel,
  type Notice,
  notificationChannel,
  ownershipChannel,
  realtimeEvents,
  type StatusUpload
} from "../../src/contract/realtime.ts"
import type { LoggedEvent } from "./events.ts"

export type { LoggedEvent } from "./events.ts"

export interface Message {
  readonly channel: string
  readonly event: string
  readonly data: LabChanged | StatusUpload | Notice | SlideChange | ChatPosted | CommentChanged | AnalysisChanged
}

const present = <T>(ids: ReadonlyArray<T | null | undefined>): T[] => ids.filter((id): id is T => id !== null && id !== undefined)

/**
 * Lab changes go to the lab's channel and its parent's, so a folder view sees its children change;
 * a move also tells the folder the lab left.
 */
const labMessages = (e: LoggedEvent, parentId: string | null, formerParentId: string | null = null): Message[] => {
  if (e.lab_id === null) return []
  const data: LabChanged = { kind: e.kind, lab_id: e.lab_id, parent_id: parentId, actor_id: e.actor_id, at: e.created_at }
  const labs = new Set(present([e.lab_id, parentId, formerParentId]))
  return [...labs].map((id) => ({ channel: labChannel(id), event: realtimeEvents.labChanged(id), data }))
}

/** The users the event names, each on their own channel. */
const notices = (
  e: LoggedEvent,
  recipients: ReadonlyArray<string>,
  notificationId: string | null,
  channel: (user: string) => string,
  event: (user: string) => string
): Message[] => {
  const data: Notice = { kind: e.kind, lab_id: e.lab_id, actor_id: e.actor_id, notification_id: notificationId, at: e.created_at }
  return recipients.map((user) => ({ channel: channel(user), event: event(user), data }))
}

type SlideChange = AnnotationsCreated | AnnotationUpdated | AnnotationDeleted | AnnotationsBulkChanged | LabelChanged

/**
 * Annotation and label changes go to the slide's own channel only (folders do not show them). On a
 * public slide that channel is open to anyone signed in, not only its members, so the changer is
 * named there by name only: `user_email` is left empty.
 */
const onSlide = (
  e: LoggedEvent,
  publicLabs: ReadonlySet<string>,
  event: (labId: string) => string,
  data: (changer: Changer) => SlideChange
): Message[] => {
  if (e.lab_id === null) return []
  const change = data({ lab_id: e.lab_id, user_id: e.actor_id ?? "", at: e.created_at })
  return [
    {
      channel: labChannel(e.lab_id),
      event: event(e.lab_id),
      data: publicLabs.has(e.lab_id) ? { ...change, user_email: "" } : change
    }
  ]
}

interface Changer {
  readonly lab_id: string
  readonly user_id: string
  readonly at: string
}

/**
 * `publicLabs`: the slides among the events' labs that are public as the events are sent (the
 * publisher asks; see onSlide). Only annotation and label changes read it.
 */
export const routeEvent = (e: LoggedEvent, publicLabs: ReadonlySet<string> = new Set()): ReadonlyArray<Message> => {
  switch (e.kind) {
    case "annotation.created": {
      const { user_email, user_name, count, annotations, created_at } = e.payload
      return onSlide(e, publicLabs, realtimeEvents.createAnnotation, (c) => ({
        ...c,
        user_email,
        user_name,
        count,
        annotations,
        ...(created_at === undefined ? {} : { created_at })
      }))
    }
    case "annotation.updated": {
      const { user_email, user_name, annotation } = e.payload
      return onSlide(e, publicLabs, realtimeEvents.updateAnnotation, (c) => ({ ...c, user_email, user_name, annotation }))
    }
    case "annotation.deleted": {
      const { user_email, user_name, id, label_id } = e.payload
      return onSlide(e, publicLabs, realtimeEvents.deleteAnnotation, (c) => ({ ...c, user_email, user_name, id, label_id }))
    }
    case "annotation.bulk_changed": {
      const { user_email, user_name, action, count, ids, change } = e.payload
      return onSlide(e, publicLabs, realtimeEvents.bulkAnnotation, (c) => ({ ...c, user_email, user_name, action, count, ids, change }))
    }
    case "label.changed": {
      const { user_email, user_name, action, label, annotations_deleted } = e.payload
      return onSlide(e, publicLabs, realtimeEvents.label, (c) => ({ ...c, user_email, user_name, action, label, annotations_deleted }))
    }
    case "chat.message_sent": {
      // Everyone on the slide hears the message (without the sender's email on a public slide, whose
      // channel strangers may hear); every other member is told of their notification.
      if (e.lab_id === null) return []
      const { message, notifications } = e.payload
      const onSlide: Message = {
        channel: labChannel(e.lab_id),
        event: realtimeEvents.chat(e.lab_id),
        data: publicLabs.has(e.lab_id) ? { ...message, user_email: "" } : message
      }
      const told = notifications.flatMap((n) => notices(e, [n.user_id], n.notification_id, notificationChannel, realtimeEvents.notifChat))
      return [onSlide, ...told]
    }
    case "comment.replied":
    case "comment.reply_edited":
    case "comment.reply_deleted":
    case "comment.thread_resolved":
      return commentMessages(e, publicLabs)
    case "analysis.changed": {
      // Everyone on the slide follows the job (the panel, the results layer); its requester is told
      // when it ends, on their own channel, of the notification written for them.
      if (e.lab_id === null) return []
      const { job_id, requester_id, analysis, state, percent, detections, summary, error, notification_id, recipients } = e.payload
      const done = state === "done" || state === "failed" || state === "cancelled"
      const data: AnalysisChanged = {
        lab_id: e.lab_id,
        job_id,
        user_id: requester_id ?? e.actor_id ?? "",
        analysis,
        state,
        percent,
        done,
        detections,
        summary,
        error,
        at: e.created_at
      }
      const slide: Message = { channel: labChannel(e.lab_id), event: realtimeEvents.aiAnnotation(e.lab_id), data }
      const told = notification_id === null ? [] : notices(e, recipients, notification_id, notificationChannel, realtimeEvents.aiAnalysis)
      return [slide, ...told]
    }
    case "upload.status": {
      // A file's status goes to its own channel and to its folder's: a folder view hears every
      // child's status_upload_{id} on the one channel it listens to, without subscribing per file.
      if (e.lab_id === null) return []
      const labId = e.lab_id
      const { status, thumbnail, thumbnail_url, parent_id, auto_tags } = e.payload
      const data: StatusUpload = { lab_id: labId, status, thumbnail, thumbnail_url, ...(auto_tags === undefined ? {} : { auto_tags }) }
      const statuses = present([labId, parent_id]).map((id) => ({
        channel: labChannel(id),
        event: realtimeEvents.statusUpload(labId),
        data
      }))
      return [...statuses, ...labMessages(e, parent_id)]
    }
    case "member.invited":
      return [
        ...notices(e, e.payload.recipients, e.payload.notification_id, notificationChannel, realtimeEvents.invite),
        ...labMessages(e, e.payload.parent_id)
      ]
    case "lab.ownership_transferred":
      return [
        ...notices(e, e.payload.recipients, e.payload.notification_id, ownershipChannel, realtimeEvents.ownershipChanges),
        ...labMessages(e, e.payload.parent_id, e.payload.from_parent_id)
      ]
    case "ownership.offered":
      return notices(e, e.payload.recipients, e.payload.notification_id, ownershipChannel, realtimeEvents.ownershipChanges)
    case "ownership.offer_closed":
      return notices(e, e.payload.recipients, null, ownershipChannel, realtimeEvents.ownershipChanges)
    case "payment.accepted":
    case "payment.rejected":
      // The user's bell and open pages (plan, invoice) hear of a staff decision at once.
      return notices(e, e.payload.recipients, e.payload.notification_id, notificationChannel, realtimeEvents.payment)
    case "subscription.expired":
      return notices(e, e.payload.recipients, null, notificationChannel, realtimeEvents.payment)
    case "payment.invoice_issued":
    case "payment.plan_changed":
    case "payment.cancelled":
    case "payment.proof_uploaded":
      // The user's own doing, answered by the request itself.
      return []
    case "staff.granted":
    case "staff.revoked":
      // The operator's record; the account learns it at its next look at its plan.
      return []
    case "lab.moved":
      return labMessages(e, e.payload.parent_id, e.payload.from_parent_id)
    case "lab.created":
    case "lab.renamed":
    case "lab.trashed":
    case "lab.restored":
    case "lab.purged":
    case "lab.published":
    case "lab.metadata_changed":
    case "lab.upload_removed":
    case "lab.tagged":
    case "member.joined":
    case "member.removed":
    case "member.role_changed":
      return labMessages(e, e.payload.parent_id)
    case "auth.registered":
    case "auth.activated":
    case "auth.activation_resent":
    case "auth.sign_in_failed":
    case "auth.signed_in":
    case "auth.refresh_token_reused":
    case "auth.signed_out":
    case "auth.password_changed":
    case "auth.password_reset_requested":
    case "auth.password_reset":
    case "auth.mfa_setup_started":
    case "auth.mfa_enabled":
    case "auth.mfa_disabled":
    case "auth.mfa_reset_requested":
    case "auth.mfa_reset":
    case "profile.updated":
    case "favorite.added":
    case "favorite.removed":
      // Private to the actor's activity page.
      return []
    case "scan_request.submitted":
    case "scan_request.state_changed":
      // The requester reads the state from their list and their mail; nothing listens live.
      return []
    default:
      return unrouted(e)
  }
}

type CommentLogged = Extract<LoggedEvent, { kind: `comment.${string}` }>

/**
 * A thread's change goes to everyone on the slide (without emails on a public slide, as the chat);
 * a new reply also tells every other member on their own channel, as a chat message does.
 */
const commentMessages = (e: CommentLogged, publicLabs: ReadonlySet<string>): Message[] => {
  if (e.lab_id === null) return []
  const base = { lab_id: e.lab_id, actor_id: e.actor_id, at: e.created_at, reply: null, reply_id: null, resolution: null }
  const hide = <R extends { readonly user_email: string }>(reply: R): R =>
    publicLabs.has(e.lab_id ?? "") ? { ...reply, user_email: "" } : reply
  const data: CommentChanged =
    e.kind === "comment.replied"
      ? { ...base, action: "replied", annotation_id: e.payload.reply.annotation_id, reply: hide(e.payload.reply) }
      : e.kind === "comment.reply_edited"
        ? { ...base, action: "edited", annotation_id: e.payload.reply.annotation_id, reply: hide(e.payload.reply) }
        : e.kind === "comment.reply_deleted"
          ? { ...base, action: "deleted", annotation_id: e.payload.annotation_id, reply_id: e.payload.reply_id }
          : {
              ...base,
              action: "resolved",
              annotation_id: e.payload.annotation_id,
              resolution: { resolved: e.payload.resolved, resolved_by: e.payload.resolved_by, resolved_at: e.payload.resolved_at }
            }
  const onSlide: Message = { channel: labChannel(e.lab_id), event: realtimeEvents.comment(e.lab_id), data }
  const told =
    e.kind === "comment.replied"
      ? e.payload.notifications.flatMap((n) => notices(e, [n.user_id], n.notification_id, notificationChannel, realtimeEvents.notifChat))
      : []
  return [onSlide, ...told]
}

/** Reached only if a kind is missing above; `never` makes that a compile error. */
const unrouted = (e: never): never => {
  throw new Error(`domain event ${(e as LoggedEvent).kind} has no route`)
}

// Which realtime messages a committed domain event becomes. Pure: the publisher feeds it rows of the
// event log and sends what it returns.
import { labChannel, notificationChannel, ownershipChannel, realtimeEvents } from "../../src/contract/realtime.ts"

export interface LoggedEvent {
  readonly id: string
  readonly kind: string
  readonly actor_id: string | null
  readonly lab_id: string | null
  readonly payload: Record<string, unknown>
  readonly created_at: string
}

export interface Message {
  readonly channel: string
  readonly event: string
  readonly data: unknown
}

const strings = (value: unknown): ReadonlyArray<string> => (Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [])

const text = (value: unknown): string | null => (typeof value === "string" ? value : null)

/**
 * Lab changes go to the lab's channel and its parent's, so a folder view sees its children change;
 * a move also tells the folder the lab left.
 */
const labMessages = (e: LoggedEvent): Message[] => {
  if (!e.lab_id) return []
  const parent = text(e.payload.parent_id)
  const data = { kind: e.kind, lab_id: e.lab_id, parent_id: parent, actor_id: e.actor_id, at: e.created_at }
  const labs = new Set([e.lab_id, parent, text(e.payload.from_parent_id)].filter((id): id is string => id !== null))
  return [...labs].map((id) => ({ channel: labChannel(id), event: realtimeEvents.labChanged(id), data }))
}

/**
 * A file's upload status, to its own channel and to its folder's: a folder view hears every
 * child's status_upload_{id} on the one channel it listens to, without subscribing per file.
 */
const uploadStatusMessages = (e: LoggedEvent): Message[] => {
  const labId = e.lab_id!
  const data = { lab_id: labId, status: e.payload.status, thumbnail: e.payload.thumbnail ?? null, thumbnail_url: e.payload.thumbnail_url ?? null }
  const channels = [labId, text(e.payload.parent_id)].filter((id): id is string => id !== null)
  return channels.map((id) => ({ channel: labChannel(id), event: realtimeEvents.statusUpload(labId), data }))
}

export const routeEvent = (e: LoggedEvent): ReadonlyArray<Message> => {
  const recipients = strings(e.payload.recipients)
  const notice = { kind: e.kind, lab_id: e.lab_id, actor_id: e.actor_id, notification_id: e.payload.notification_id ?? null, at: e.created_at }
  switch (true) {
    case e.kind === "upload.status" && e.lab_id !== null:
      return [...uploadStatusMessages(e), ...labMessages(e)]
    case e.kind === "member.invited":
      return [...recipients.map((r) => ({ channel: notificationChannel(r), event: realtimeEvents.invite(r), data: notice })), ...labMessages(e)]
    case e.kind === "lab.ownership_transferred":
      return [
        ...recipients.map((r) => ({ channel: ownershipChannel(r), event: realtimeEvents.ownershipChanges(r), data: notice })),
        ...labMessages(e)
      ]
    case e.kind === "chat.message":
      return [...recipients.map((r) => ({ channel: notificationChannel(r), event: realtimeEvents.notifChat(r), data: notice }))]
    case e.kind.startsWith("lab.") || e.kind.startsWith("member."):
      return labMessages(e)
    default:
      // Account events (auth.*, profile.*) are private to the activity page.
      return []
  }
}

// Reads a `status_upload_{labId}` message (channel `private-mylab_{labId}`): the lab, its new status
// and, once ready, its thumbnails. Pure; anything of another shape is skipped rather than trusted.
import { UploadStatus } from "../../contract/labs.ts"
import { realtimeEvents } from "../../contract/realtime.ts"

export interface StatusChange {
  readonly lab_id: string
  readonly status: UploadStatus
  /** Present only when the message carries it: absent means "keep what you have". */
  readonly thumbnail?: string | null
  readonly thumbnail_url?: string | null
}

const isRecord = (u: unknown): u is Record<string, unknown> => typeof u === "object" && u !== null
const isStatus = (u: unknown): u is UploadStatus => UploadStatus.literals.some((literal) => literal === u)
const text = (u: unknown): string | null | undefined => (typeof u === "string" && u !== "" ? u : u === null ? null : undefined)

/** The change a message announces, if it is a status message of `labId`'s channel. */
export const statusChangeOf = (labId: string, event: string, data: unknown): StatusChange | null => {
  if (event !== realtimeEvents.statusUpload(labId) || !isRecord(data) || data.lab_id !== labId || !isStatus(data.status)) return null
  const thumbnail = text(data.thumbnail)
  const thumbnailUrl = text(data.thumbnail_url)
  return {
    lab_id: labId,
    status: data.status,
    ...(thumbnail === undefined ? {} : { thumbnail }),
    ...(thumbnailUrl === undefined ? {} : { thumbnail_url: thumbnailUrl })
  }
}

/**
 * A status message heard on any channel: a folder's channel carries `status_upload_{id}` for each of
 * its files, so the lab is read from the event's name.
 */
export const statusChangeIn = (event: string, data: unknown): StatusChange | null => {
  const labId = /^status_upload_(.+)$/.exec(event)?.[1]
  return labId === undefined ? null : statusChangeOf(labId, event, data)
}

// Reads a `status_upload_{labId}` message (channel `private-mylab_{labId}`): the lab, its new status
// and, once ready, its thumbnails. Decoded with the contract's schema; anything of another shape is
// skipped rather than trusted.
import { Schema } from "effect"
import { realtimeEvents, StatusUpload } from "../../contract/realtime.ts"

export type StatusChange = StatusUpload

const decodeStatus = Schema.decodeUnknownOption(StatusUpload)

/** The change a message announces, if it is a status message of `labId`'s channel. */
export const statusChangeOf = (labId: string, event: string, data: unknown): StatusChange | null => {
  if (event !== realtimeEvents.statusUpload(labId)) return null
  const change = decodeStatus(data)
  return change._tag === "Some" && change.value.lab_id === labId ? change.value : null
}

/**
 * A status message heard on any channel: a folder's channel carries `status_upload_{id}` for each of
 * its files, so the lab is read from the event's name.
 */
export const statusChangeIn = (event: string, data: unknown): StatusChange | null => {
  const labId = /^status_upload_(.+)$/.exec(event)?.[1]
  return labId === undefined ? null : statusChangeOf(labId, event, data)
}

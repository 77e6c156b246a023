// Reads a lab channel's message into a LabEvent, decoded with the contract's schemas: a message of
// another shape (a newer server, an event this SPA does not know) is skipped rather than trusted.
import { Schema } from "effect"
import { LabChanged, realtimeEvents, StatusUpload } from "../../contract/realtime.ts"

/** A change to a lab or one of its children, as the server publishes it (src/contract/realtime.ts). */
export type LabEvent =
  | LabChanged
  /** An upload status, read as kind "upload.status". */
  | (StatusUpload & { readonly kind: "upload.status" })

const decodeChange = Schema.decodeUnknownOption(LabChanged)
const decodeStatus = Schema.decodeUnknownOption(StatusUpload)

export const labEventOf = (labId: string, event: string, data: unknown): LabEvent | null => {
  if (event === realtimeEvents.statusUpload(labId)) {
    const status = decodeStatus(data)
    return status._tag === "Some" ? { kind: "upload.status", ...status.value } : null
  }
  if (event !== realtimeEvents.labChanged(labId)) return null
  const change = decodeChange(data)
  return change._tag === "Some" ? change.value : null
}

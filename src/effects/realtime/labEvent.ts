// A lab channel's change as the lab views act on it: a lab or child changed (`lab_changed_{id}`), or
// an upload status (`status_upload_{id}`), read as kind "upload.status". Decoded where it arrived
// (heard.ts); this only gives the two one shape.
import type { LabChanged, StatusUpload } from "../../contract/realtime.ts"
import type { HeardOf } from "./heard.ts"

/** A change to a lab or one of its children, as the server publishes it (src/contract/realtime.ts). */
export type LabEvent =
  | LabChanged
  /** An upload status, read as kind "upload.status". */
  | (StatusUpload & { readonly kind: "upload.status" })

export const labEventOf = (heard: HeardOf<"labChanged" | "statusUpload">): LabEvent =>
  heard.type === "realtime.statusUpload" ? { kind: "upload.status", ...heard.data } : heard.data

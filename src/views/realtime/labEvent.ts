// Reads a lab channel's message into a LabEvent. Pure: a message of another shape (a newer server,
// an event this SPA does not know) is skipped rather than trusted.
import { realtimeEvents } from "../../contract/realtime.ts"

/** A change to a lab or one of its children, as the server publishes it (src/contract/realtime.ts). */
export interface LabEvent {
  /** The domain event: "lab.created", "lab.renamed", "member.invited", … or "upload.status". */
  readonly kind: string
  readonly lab_id: string
  readonly parent_id?: string | null
  readonly actor_id?: string | null
  readonly at?: string
  /** Upload status events only. */
  readonly status?: string
  readonly thumbnail?: string | null
}

const isRecord = (u: unknown): u is Record<string, unknown> => typeof u === "object" && u !== null

const optionalString = (u: unknown): string | null | undefined => (typeof u === "string" || u === null ? u : undefined)

export const labEventOf = (labId: string, event: string, data: unknown): LabEvent | null => {
  if (!isRecord(data) || typeof data.lab_id !== "string") return null
  if (event === realtimeEvents.statusUpload(labId)) {
    return {
      kind: "upload.status",
      lab_id: data.lab_id,
      ...(typeof data.status === "string" ? { status: data.status } : {}),
      ...(optionalString(data.thumbnail) !== undefined ? { thumbnail: optionalString(data.thumbnail) } : {})
    }
  }
  if (event !== realtimeEvents.labChanged(labId) || typeof data.kind !== "string") return null
  const parent = optionalString(data.parent_id)
  const actor = optionalString(data.actor_id)
  return {
    kind: data.kind,
    lab_id: data.lab_id,
    ...(parent !== undefined ? { parent_id: parent } : {}),
    ...(actor !== undefined ? { actor_id: actor } : {}),
    ...(typeof data.at === "string" ? { at: data.at } : {})
  }
}

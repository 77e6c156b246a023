// Every realtime message the SPA listens to, decoded once, where it arrives (the realtime machine),
// into one tagged union: its kind (from the event's name), the lab or user the name ends with, and
// its payload decoded with the contract's Schema. Consumers subscribe to the kinds they act on
// (`realtime.chatPosted`, `realtime.statusUpload`, ...), so a visualizer shows which message moves
// which flow, and no consumer decodes a payload again. A message of an unknown event, or whose
// payload does not decode, is dropped here: never trusted.
import { type Option, Schema } from "effect"
import { AnalysisChanged } from "../../contract/analysis.ts"
import {
  AnnotationDeleted,
  AnnotationsBulkChanged,
  AnnotationsCreated,
  AnnotationUpdated,
  ChatPosted,
  CommentChanged,
  LabChanged,
  LabelChanged,
  Notice,
  PresenceMember
} from "../../contract/realtime.ts"
import { StatusUpload } from "../../contract/realtime.ts"
import { PRESENCE_MEMBERS } from "./pusherConnection.ts"

/** Each kind: the event name's prefix (the rest of the name is the lab's or user's id) and its payload. */
const MESSAGES = {
  labChanged: { prefix: "lab_changed_", schema: LabChanged },
  statusUpload: { prefix: "status_upload_", schema: StatusUpload },
  annotationsCreated: { prefix: "create_annotation_", schema: AnnotationsCreated },
  annotationUpdated: { prefix: "update_annotation_", schema: AnnotationUpdated },
  annotationDeleted: { prefix: "delete_annotation_", schema: AnnotationDeleted },
  annotationsBulkChanged: { prefix: "bulk_annotation_", schema: AnnotationsBulkChanged },
  labelChanged: { prefix: "label_", schema: LabelChanged },
  chatPosted: { prefix: "chat_", schema: ChatPosted },
  commentChanged: { prefix: "comment_", schema: CommentChanged },
  analysisChanged: { prefix: "ai_annotation_", schema: AnalysisChanged },
  invite: { prefix: "invite_", schema: Notice },
  notifChat: { prefix: "notif_chat_", schema: Notice },
  payment: { prefix: "payment_", schema: Notice },
  ownershipChanges: { prefix: "ownership_changes_", schema: Notice },
  analysisEnded: { prefix: "ai_analysis_", schema: Notice },
  /** A presence channel's members, whole, after every change (src/effects/annotations/presence.ts). */
  presenceMembers: { prefix: PRESENCE_MEMBERS, schema: Schema.Array(PresenceMember) }
} as const

type Messages = typeof MESSAGES
export type HeardKind = keyof Messages

/** One message heard, of kind K (each of a union apart): on `channel`, about `id` (the lab or user its event names). */
export type HeardOf<K extends HeardKind> = K extends HeardKind
  ? {
      readonly type: `realtime.${K}`
      readonly channel: string
      readonly id: string
      readonly data: Messages[K]["schema"]["Type"]
    }
  : never

export type Heard = HeardOf<HeardKind>

type Decoder = (data: unknown) => Option.Option<unknown>
const decoders = new Map<HeardKind, Decoder>()
const decoderOf = (kind: HeardKind): Decoder => {
  let decode = decoders.get(kind)
  if (decode === undefined) {
    decode = Schema.decodeUnknownOption(MESSAGES[kind].schema as Schema.Codec<unknown>) as Decoder
    decoders.set(kind, decode)
  }
  return decode
}

const kinds = Object.keys(MESSAGES) as ReadonlyArray<HeardKind>

/** The id a presence channel's name ends with ("presence-slide_{lab}"). */
const presenceId = (channel: string) => /^presence-slide_(.+)$/.exec(channel)?.[1] ?? ""

/**
 * The message as the SPA acts on it, or null. A status or an analysis change must be about the lab
 * its event names (a folder's channel carries its files' statuses, each under the file's own name).
 */
export const heardOf = (channel: string, event: string, data: unknown): Heard | null => {
  const kind =
    event === PRESENCE_MEMBERS ? "presenceMembers" : kinds.find((k) => k !== "presenceMembers" && event.startsWith(MESSAGES[k].prefix))
  if (kind === undefined) return null
  const id = kind === "presenceMembers" ? presenceId(channel) : event.slice(MESSAGES[kind].prefix.length)
  if (id === "") return null
  const decoded = decoderOf(kind)(data)
  if (decoded._tag === "None") return null
  const value = decoded.value as { readonly lab_id?: unknown }
  if ((kind === "statusUpload" || kind === "analysisChanged") && value.lab_id !== id) return null
  return { type: `realtime.${kind}`, channel, id, data: decoded.value } as Heard
}

/** Every kind's emitted event name, for listeners that take all of them. */
export const heardTypes = kinds.map((kind) => `realtime.${kind}` as const)

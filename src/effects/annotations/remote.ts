// A slide's live annotation changes (the events create_annotation_{id}, update_annotation_{id},
// delete_annotation_{id}, bulk_annotation_{id}, label_{id} on private-mylab_{id}), as the realtime
// machine decoded them (src/effects/realtime/heard.ts), and what each does to the viewer's store. A change whose shapes did not fit in the message (`data` null, or fewer inline than
// `count`) asks for a fetch; a bulk change too large for its message asks for one that replaces.
import type { ReadMode } from "./read-mode.ts"
import type { Annotation } from "../../contract/annotations.ts"
import type {
  AnnotationChange,
  AnnotationDeleted,
  AnnotationsBulkChanged,
  AnnotationsCreated,
  AnnotationUpdated,
  LabelChanged
} from "../../contract/realtime.ts"
import type { Heard } from "../realtime/heard.ts"
import { translate } from "../../annotation/edit.ts"
import { type Shape, shapeOf, withCoords } from "../../annotation/store/shape.ts"
import type { Batch } from "../../annotation/store/store.ts"

export type RemoteChange =
  | { readonly kind: "created"; readonly message: AnnotationsCreated }
  | { readonly kind: "updated"; readonly message: AnnotationUpdated }
  | { readonly kind: "deleted"; readonly message: AnnotationDeleted }
  | { readonly kind: "bulk"; readonly message: AnnotationsBulkChanged }
  | { readonly kind: "label"; readonly message: LabelChanged }

/** The change a lab channel's message carries, or null (another kind, or another slide's). */
export const remoteChangeOf = (labId: string, heard: Heard): RemoteChange | null => {
  if (heard.id !== labId) return null
  switch (heard.type) {
    case "realtime.annotationsCreated":
      return { kind: "created", message: heard.data }
    case "realtime.annotationUpdated":
      return { kind: "updated", message: heard.data }
    case "realtime.annotationDeleted":
      return { kind: "deleted", message: heard.data }
    case "realtime.annotationsBulkChanged":
      return { kind: "bulk", message: heard.data }
    case "realtime.labelChanged":
      return { kind: "label", message: heard.data }
    default:
      return null
  }
}

/** The annotation a change describes, as the list would answer it (the author is who made the change). */
export const annotationOfChange = (
  labId: string,
  change: AnnotationChange,
  by: { readonly user_id: string; readonly user_email: string; readonly user_name?: string | undefined; readonly at: string }
): Annotation | null =>
  change.data === null
    ? null
    : {
        id: change.id,
        lab_id: labId,
        data: change.data,
        visible: change.visible,
        user: { id: by.user_id, email: by.user_email, name: by.user_name || by.user_email },
        version: change.version,
        created_at: by.at,
        updated_at: by.at,
        ...(change.detection ? { detection: true as const } : {})
      }

const shapeOfChange = (labId: string, change: AnnotationChange, by: Parameters<typeof annotationOfChange>[2]): Shape | null => {
  const annotation = annotationOfChange(labId, change, by)
  if (annotation === null) return null
  const parsed = shapeOf(annotation)
  if (!parsed.ok) return null
  // The message names the label's colour as it is now; the tag may carry an older one.
  return { ...parsed.shape, color: change.color || parsed.shape.color }
}

export interface RemotePlan {
  /** What to apply to the store at once, with origin "remote". */
  readonly batch: Batch
  /** Whether some shape did not come inline: fetch the slide's list and apply it too. */
  readonly fetch: boolean
  /** How to fetch (read-mode.ts); everything when absent. */
  readonly read?: ReadMode
  /** Who made the change (presence refreshes when it is someone it does not list). */
  readonly userId: string
}

/** A shape as a bulk edit left it: its label, visibility or place changed, its version one up. */
const bulkChanged = (shape: Shape, change: AnnotationsBulkChanged["change"]): Shape => {
  const moved =
    change.dx !== undefined || change.dy !== undefined ? withCoords(shape, translate(shape.coords, change.dx ?? 0, change.dy ?? 0)) : shape
  return {
    ...moved,
    ...(change.label_id === undefined
      ? {}
      : { labelId: change.label_id, labelName: change.label_name ?? shape.labelName, color: change.color ?? shape.color }),
    ...(change.visible === undefined ? {} : { visible: change.visible }),
    version: shape.version + 1
  }
}

/**
 * What a change does to the store. `labelShapes` answers the ids of the shapes tagged with a label
 * (a deleted label took them with it); `stored` a shape the store holds (a bulk edit changes it in place).
 */
export const planOf = (
  labId: string,
  change: RemoteChange,
  labelShapes: (labelId: string) => ReadonlyArray<string>,
  stored: (id: string) => Shape | undefined = () => undefined,
  /** Whether this page sent the bulk call a message announces (own-bulk.ts). */
  own: (action: "updated" | "deleted", count: number, ids: ReadonlyArray<string>) => boolean = () => false
): RemotePlan => {
  const { message } = change
  switch (change.kind) {
    case "created": {
      const shapes = change.message.annotations.flatMap((a) => shapeOfChange(labId, a, change.message) ?? [])
      // The rest, when the message names when they were created: only those, not the whole slide.
      const at = change.message.created_at
      return {
        batch: { upsert: shapes },
        fetch: shapes.length < change.message.count,
        ...(at === undefined ? {} : { read: { kind: "since", at } }),
        userId: message.user_id
      }
    }
    case "updated": {
      const shape = shapeOfChange(labId, change.message.annotation, change.message)
      return { batch: { upsert: shape === null ? [] : [shape] }, fetch: shape === null, userId: message.user_id }
    }
    case "deleted":
      return { batch: { remove: [change.message.id] }, fetch: false, userId: message.user_id }
    case "bulk": {
      const { ids, count, action } = change.message
      // This page sent it: it shows the change already, with the versions the answer gave. Applied
      // again, each shape's version would go one past the server's, and its next move be refused.
      if (own(action, count, ids)) return { batch: {}, fetch: false, userId: message.user_id }
      // Too many to name in one message: the slide is read again, and what it no longer holds goes.
      if (ids.length < count) {
        const { dx, dy } = change.message.change
        const read: ReadMode =
          action === "updated" && (dx ?? 0) === 0 && (dy ?? 0) === 0 ? { kind: "header" } : { kind: "all", prune: action === "deleted" }
        return { batch: {}, fetch: true, read, userId: message.user_id }
      }
      if (action === "deleted") return { batch: { remove: ids }, fetch: false, userId: message.user_id }
      const shapes = ids.flatMap((id) => {
        const shape = stored(id)
        return shape === undefined ? [] : [bulkChanged(shape, change.message.change)]
      })
      // A shape this screen does not hold (it arrived meanwhile) comes with a read.
      return { batch: { upsert: shapes }, fetch: shapes.length < ids.length, userId: message.user_id }
    }
    case "label":
      return {
        batch: change.message.action === "deleted" ? { remove: labelShapes(change.message.label.id) } : {},
        fetch: false,
        userId: message.user_id
      }
  }
}

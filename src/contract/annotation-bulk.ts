// The bulk edits of a slide's annotations: one change to a selection, a bulk delete and its undo, and
// what each did (src/contract/annotations.ts declares their endpoints and re-exports these).
import { Schema } from "effect"
import { AnnotationId, LabelId } from "./annotation-ids.ts"

/**
 * A bulk edit of a selection: every named annotation gets the same change, in one transaction, or
 * none does. `label_id` relabels, `dx`/`dy` move the shapes by that many image pixels, `visible`
 * sets the stored default visibility; at least one of them. Each annotation's version is raised by one.
 */
export const BulkUpdatePayload = Schema.Struct({
  ids: Schema.Array(AnnotationId),
  label_id: Schema.optionalKey(LabelId),
  dx: Schema.optionalKey(Schema.Finite),
  dy: Schema.optionalKey(Schema.Finite),
  visible: Schema.optionalKey(Schema.Boolean)
})
export type BulkUpdatePayload = typeof BulkUpdatePayload.Type

/**
 * A bulk delete: the named annotations, or every annotation of one label (the label stays). Exactly
 * one of the two. What it deletes its deleter can restore for a while (RestoreAnnotationsPayload).
 */
export const BulkDeletePayload = Schema.Struct({
  ids: Schema.optionalKey(Schema.Array(AnnotationId)),
  label_id: Schema.optionalKey(LabelId)
})
export type BulkDeletePayload = typeof BulkDeletePayload.Type

/** The undo of a bulk delete: annotations the asker deleted in bulk, back with their ids, authors and creation times. */
export const RestoreAnnotationsPayload = Schema.Struct({ ids: Schema.Array(AnnotationId) })
export type RestoreAnnotationsPayload = typeof RestoreAnnotationsPayload.Type

/** What a bulk edit, delete or restore did: how many annotations, and which (in the order named, or as found for a label). */
export const BulkResult = Schema.Struct({ count: Schema.Number, ids: Schema.Array(Schema.String) })
export type BulkResult = typeof BulkResult.Type

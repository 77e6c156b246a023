// /v2 slide annotations, their labels and who has the slide open.
//
// An annotation's `data` is a W3C Web Annotation as Annotorious writes it. Geometry is in
// full-resolution image pixels, one selector per annotation:
//
//   rectangle  FragmentSelector  "xywh=pixel:x,y,w,h"                     (w, h > 0)
//   polygon    SvgSelector       "<svg><polygon points='x,y x,y ...'/></svg>"  (3+ vertices)
//   freehand   SvgSelector       "<svg><polyline points='x,y x,y ...'/></svg>" (2+ vertices; rulers are never saved)
//   point(s)   SvgSelector       "<svg><circle cx='x' cy='y' r='0'/>...</svg>" (1+ circles of radius 0:
//                                 counters; several circles are one multi-point annotation)
//   comment    any shape (usually one point) with a body entry {type:"TextualBody", purpose:"commenting", value}
//
// The first body entry always tags the annotation with one of the slide's labels:
// {type:"TextualBody", purpose:"tagging", value:<label name>, label:{id}}. The server answers it
// filled in from the label as it is now (name, colour), so a renamed label never leaves stale names.
// Optional annotation-level keys: `name`, `description`, `locked` (QuPath's name, description and
// isLocked; docs/annotation-interchange.md maps them to W3C) and `creator`, `created` (W3C, kept from
// an imported file). A locked annotation's selector cannot change and it cannot be deleted (409)
// until an edit sets `locked` to false.
// Keys the schemas below do not name are dropped. The server parses every selector
// (src/annotation/geometry.ts) and refuses, with a 400 naming `data`, anything outside the limits.
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api"
import { Ok, Page, PageQuery } from "./envelope.ts"
import { BadRequest, Forbidden, NotFound, Unauthorized } from "./errors.ts"
import { LabId } from "./labs.ts"
import { Authorization } from "./middleware.ts"
import { CompactQuery } from "./annotation-compact.ts"
import { Creator, IsoDateTime } from "./annotation-provenance.ts"
import { Text } from "./rules.ts"
import { ANNOTATION_LIMITS } from "./annotation-limits.ts"
import { OptionalAuthorization } from "./viewer.ts"

export { ANNOTATION_LIMITS, LABEL_DEFAULT_COLOR, LABEL_DEFAULT_TYPE } from "./annotation-limits.ts"

import { AnnotationId, LabelId } from "./annotation-ids.ts"
export { AnnotationId } from "./annotation-ids.ts"
export { BulkDeletePayload, BulkResult, BulkUpdatePayload } from "./annotation-bulk.ts"
import { BulkDeletePayload, BulkResult, BulkUpdatePayload, RestoreAnnotationsPayload } from "./annotation-bulk.ts"

/** The label an annotation is tagged with; `name` and `color` are filled in by the server. */
export const LabelRef = Schema.Struct({
  id: LabelId,
  name: Schema.optionalKey(Text(ANNOTATION_LIMITS.labelName)),
  color: Schema.optionalKey(Text(32))
})
export type LabelRef = typeof LabelRef.Type

export const TagBody = Schema.Struct({
  type: Schema.Literal("TextualBody"),
  purpose: Schema.Literal("tagging"),
  /** The label's name. */
  value: Text(ANNOTATION_LIMITS.labelName),
  label: LabelRef
})
export type TagBody = typeof TagBody.Type

export const CommentBody = Schema.Struct({
  type: Schema.Literal("TextualBody"),
  purpose: Schema.Literal("commenting"),
  value: Text(ANNOTATION_LIMITS.comment)
})
export type CommentBody = typeof CommentBody.Type

export const FragmentSelector = Schema.Struct({
  type: Schema.Literal("FragmentSelector"),
  conformsTo: Schema.optionalKey(Schema.Literal("http://www.w3.org/TR/media-frags/")),
  value: Text(200)
})
export type FragmentSelector = typeof FragmentSelector.Type

export const SvgSelector = Schema.Struct({ type: Schema.Literal("SvgSelector"), value: Text(ANNOTATION_LIMITS.selectorChars) })
export type SvgSelector = typeof SvgSelector.Type

export const Selector = Schema.Union([FragmentSelector, SvgSelector])
export type Selector = typeof Selector.Type

export const Target = Schema.Struct({
  /** The slide: its lab id or its image URL, as the client names it. */
  source: Text(2000),
  selector: Selector
})
export type Target = typeof Target.Type

export const WebAnnotation = Schema.Struct({
  "@context": Schema.optionalKey(Schema.Literal("http://www.w3.org/ns/anno.jsonld")),
  /** The server sets it to the annotation's id. */
  id: Schema.optionalKey(Text(200)),
  type: Schema.Literal("Annotation"),
  body: Schema.TupleWithRest(Schema.Tuple([TagBody]), [Schema.Union([CommentBody, TagBody])]).check(
    Schema.makeFilter((b: ReadonlyArray<unknown>) => b.length <= ANNOTATION_LIMITS.bodies || "validation.tooLong")
  ),
  target: Target,
  /** The annotation's own name (QuPath's `name`), beside its label. Empty is no name. */
  name: Schema.optionalKey(Text(ANNOTATION_LIMITS.annotationName)),
  /** A longer note (QuPath 0.5 keeps it as the object's description). */
  description: Schema.optionalKey(Text(ANNOTATION_LIMITS.annotationDescription)),
  /** QuPath's `isLocked`: a locked shape is not moved, reshaped or deleted until unlocked (409). */
  locked: Schema.optionalKey(Schema.Boolean),
  /** Kept from an imported file (W3C `creator` and `created`). */
  creator: Schema.optionalKey(Creator),
  created: Schema.optionalKey(IsoDateTime)
})
export type WebAnnotation = typeof WebAnnotation.Type

export const AnnotationAuthor = Schema.Struct({ id: Schema.String, email: Schema.String, name: Schema.String })
export type AnnotationAuthor = typeof AnnotationAuthor.Type

export const Annotation = Schema.Struct({
  id: Schema.String,
  lab_id: LabId,
  data: WebAnnotation,
  visible: Schema.Boolean,
  /** The author. */
  user: AnnotationAuthor,
  /** 1 when created, raised by one with every edit; an edit names the version it started from. */
  version: Schema.Number,
  created_at: Schema.String,
  updated_at: Schema.String,
  /** Made by an analysis (QuPath's detection): read-only; it changes only with its job's results. */
  detection: Schema.optional(Schema.Literal(true))
})
export type Annotation = typeof Annotation.Type

/** One annotation of a bulk POST. The client chooses the id, so a retried upload creates nothing twice. */
export const NewAnnotation = Schema.Struct({
  id: AnnotationId,
  data: WebAnnotation,
  visible: Schema.optionalKey(Schema.Boolean)
})
export type NewAnnotation = typeof NewAnnotation.Type

export const CreateAnnotationsPayload = Schema.Struct({ data: Schema.Array(NewAnnotation) })
export type CreateAnnotationsPayload = typeof CreateAnnotationsPayload.Type

/**
 * The bulk POST's body: the JSON text of a CreateAnnotationsPayload, declared as bytes so that the
 * server decodes it itself (against CreateAnnotationsPayload, on a worker thread when it is large:
 * an 8 MB upload decoded on the event loop held every other request). Build it with
 * createAnnotationsBody; what goes over the wire is the same JSON either way.
 */
export const CreateAnnotationsBody = Schema.Uint8Array.pipe(HttpApiSchema.asUint8Array({ contentType: "application/json" }))

// Its encoded form is its type (no transformations), so the JSON is the value's; the server decodes it.
export const createAnnotationsBody = (payload: CreateAnnotationsPayload): Uint8Array => new TextEncoder().encode(JSON.stringify(payload))

/** `data` and/or `visible`; `version` is the one the edit started from. */
export const UpdateAnnotationPayload = Schema.Struct({
  data: Schema.optionalKey(WebAnnotation),
  visible: Schema.optionalKey(Schema.Boolean),
  version: Schema.Number
})
export type UpdateAnnotationPayload = typeof UpdateAnnotationPayload.Type

/**
 * 409: the edit (or a DELETE naming a version) started from an older version (`current` is the
 * annotation as it is now, so the client can show what happened), or a bulk POST reused an id for
 * other content (`current` when it is an annotation of this slide).
 */
export class AnnotationConflict extends Schema.TaggedError<AnnotationConflict>()(
  "AnnotationConflict",
  { message: Schema.String, current: Schema.optionalKey(Annotation) },
  { httpApiStatus: 409 }
) {}

export const Label = Schema.Struct({
  id: Schema.String,
  lab_id: LabId,
  name: Schema.String,
  /** "#RRGGBB" (an empty colour is stored as white, "#FFFFFF"; none given: yellow "#FFFF00"). */
  color: Schema.String,
  label_type: Schema.String,
  visible: Schema.Boolean,
  created_at: Schema.String,
  updated_at: Schema.String
})
export type Label = typeof Label.Type

export const LabelQuery = { ...PageQuery, lab_id: LabId, search: Schema.optional(Text(ANNOTATION_LIMITS.labelName)) }

export const CreateLabelPayload = Schema.Struct({
  lab_id: LabId,
  name: Text(1000),
  color: Schema.optionalKey(Text(32)),
  label_type: Schema.optionalKey(Text(1000))
})
export type CreateLabelPayload = typeof CreateLabelPayload.Type

export const UpdateLabelPayload = Schema.Struct({
  name: Schema.optionalKey(Text(1000)),
  color: Schema.optionalKey(Text(32)),
  visible: Schema.optionalKey(Schema.Boolean)
})
export type UpdateLabelPayload = typeof UpdateLabelPayload.Type

/** Someone with the slide open, as of their last call-in. */
export const Viewer = Schema.Struct({ id: Schema.String, email: Schema.String, name: Schema.String, seen_at: Schema.String })
export type Viewer = typeof Viewer.Type

const LabParams = { labId: LabId }
const AnnotationParams = { labId: LabId, id: Text(64) }
/**
 * DELETE's optional `version`: the version the deletion was decided on (an undo of a create names
 * the version it created). A stale one is a 409 with the annotation as it is now, as for PUT.
 */
const RemoveQuery = {
  version: Schema.optional(Schema.FiniteFromString.check(Schema.isInt(), Schema.isBetween({ minimum: 1, maximum: 2_147_483_647 })))
}
/**
 * The bulk POST's `existing`: what an id that is already an annotation of this slide, with other
 * content, does. `conflict` (the default) is a 409, so a retried upload never overwrites; `update`
 * updates it (an import of the same file again), with an edit's rules: the asker may edit it, and
 * a locked shape keeps its selector.
 */
const CreateQuery = { existing: Schema.optional(Schema.Literals(["conflict", "update"])) }
const Done = Ok(Schema.Null)
const Viewers = Ok(Schema.Struct({ results: Schema.Array(Viewer) }))

/** What a guest may read on a public slide. */
export class AnnotationsView extends HttpApiGroup.make("annotationsView")
  .add(
    HttpApiEndpoint.get("list", "/labs/:labId/v2/annotations/", {
      params: LabParams,
      query: PageQuery,
      success: Ok(Page(Annotation)),
      error: [BadRequest, Unauthorized, NotFound]
    }),
    /**
     * The same annotations for the viewer, compact: a length-prefixed JSON header of columns (ids,
     * versions, kinds, label, author, visibility, vertex counts, creation times, comments) and one
     * little-endian Float64 array of every vertex (src/annotation/compact.ts describes the bytes).
     * Who may read the list may read this; the list stays the interchange form. `parts=header`
     * answers the header alone: a screen told of a relabel too large to name its shapes reads that.
     */
    HttpApiEndpoint.get("compact", "/labs/:labId/annotations/compact/", {
      params: LabParams,
      query: CompactQuery,
      success: HttpApiSchema.StreamUint8Array({ contentType: "application/octet-stream" }),
      error: [BadRequest, Unauthorized, NotFound]
    }),
    /**
     * One annotation as the list gives it: the viewer reads a detection's measurements this way when
     * it shows them (the compact read leaves them out). Who may read the list may read it.
     */
    HttpApiEndpoint.get("one", "/labs/:labId/annotations/:id/", {
      params: AnnotationParams,
      success: Ok(Annotation),
      error: [BadRequest, Unauthorized, NotFound]
    }),
    HttpApiEndpoint.get("labels", "/labs/label-slide/", {
      query: LabelQuery,
      success: Ok(Page(Label)),
      error: [BadRequest, Unauthorized, NotFound]
    })
  )
  .middleware(OptionalAuthorization)
  .prefix("/v2")
  .annotateMerge(
    OpenApi.annotations({
      title: "Annotations (viewing)",
      description: "A slide's annotations and labels. A bearer token is optional: without one, public slides only (read-only)."
    })
  ) {}

export class Annotations extends HttpApiGroup.make("annotations")
  .add(
    HttpApiEndpoint.post("create", "/labs/:labId/v2/annotations/", {
      params: LabParams,
      query: CreateQuery,
      payload: CreateAnnotationsBody,
      success: Ok(Schema.Struct({ results: Schema.Array(Annotation) })).pipe(HttpApiSchema.status(201)),
      error: [BadRequest, Forbidden, NotFound, AnnotationConflict]
    }),
    HttpApiEndpoint.put("update", "/labs/:labId/annotations/:id/", {
      params: AnnotationParams,
      payload: UpdateAnnotationPayload,
      success: Ok(Schema.Struct({ annotations: Annotation })),
      error: [BadRequest, Forbidden, NotFound, AnnotationConflict]
    }),
    HttpApiEndpoint.delete("remove", "/labs/:labId/annotations/:id/", {
      params: AnnotationParams,
      query: RemoveQuery,
      success: Done,
      error: [BadRequest, Forbidden, NotFound, AnnotationConflict]
    }),
    /**
     * One change to many annotations, all or nothing: an id that is not an annotation of this slide
     * is a 400 (`ids` lists them), one the asker may not change a 403 naming them.
     */
    HttpApiEndpoint.post("bulkUpdate", "/labs/:labId/annotations/bulk-update/", {
      params: LabParams,
      payload: BulkUpdatePayload,
      success: Ok(BulkResult),
      error: [BadRequest, Forbidden, NotFound]
    }),
    HttpApiEndpoint.post("bulkDelete", "/labs/:labId/annotations/bulk-delete/", {
      params: LabParams,
      payload: BulkDeletePayload,
      success: Ok(BulkResult),
      error: [BadRequest, Forbidden, NotFound]
    }),
    HttpApiEndpoint.post("restore", "/labs/:labId/annotations/restore/", {
      params: LabParams,
      payload: RestoreAnnotationsPayload,
      success: Ok(BulkResult).pipe(HttpApiSchema.status(201)),
      error: [BadRequest, Forbidden, NotFound, AnnotationConflict]
    })
  )
  .middleware(Authorization)
  .prefix("/v2")
  .annotateMerge(
    OpenApi.annotations({ title: "Annotations", description: "Creating (in bulk), editing and deleting a slide's annotations" })
  ) {}

export class Labels extends HttpApiGroup.make("labels")
  .add(
    HttpApiEndpoint.post("create", "/labs/label-slide/", {
      payload: CreateLabelPayload,
      success: Ok(Label).pipe(HttpApiSchema.status(201)),
      error: [BadRequest, Forbidden, NotFound]
    }),
    HttpApiEndpoint.put("update", "/labs/label-slide/:id/", {
      params: { id: Text(64) },
      payload: UpdateLabelPayload,
      success: Ok(Label),
      error: [BadRequest, Forbidden, NotFound]
    }),
    HttpApiEndpoint.delete("remove", "/labs/label-slide/:id/", {
      params: { id: Text(64) },
      success: Ok(
        Schema.Struct({
          id: Schema.String,
          annotations_deleted: Schema.Number,
          /** What the deleter may undo for a while (POST /v2/labs/label-slide/restore/). */
          deletion_id: Schema.optionalKey(Schema.String)
        })
      ),
      error: [Forbidden, NotFound]
    }),
    /** Undoes the asker's own label deletion: the label and its annotations come back with their ids. */
    HttpApiEndpoint.post("restore", "/labs/label-slide/restore/", {
      // A uuid, as the deletion's answer gave it (the same rule as an annotation's id).
      payload: Schema.Struct({ deletion_id: AnnotationId }),
      success: Ok(Schema.Struct({ label: Label, annotations_restored: Schema.Number })),
      error: [BadRequest, Forbidden, NotFound]
    })
  )
  .middleware(Authorization)
  .prefix("/v2")
  .annotateMerge(OpenApi.annotations({ title: "Labels", description: "A slide's labels; deleting one deletes its annotations" })) {}

/**
 * Presence: members who have the slide open. The viewer calls in (POST) when it opens the slide and
 * every 30 s, and leaves (DELETE) when it closes; each call answers who is there now.
 */
export class SlideViewers extends HttpApiGroup.make("slideViewers")
  .add(
    HttpApiEndpoint.get("list", "/labs/:labId/viewers/", { params: LabParams, success: Viewers, error: [BadRequest, Forbidden, NotFound] }),
    HttpApiEndpoint.post("join", "/labs/:labId/viewers/", {
      params: LabParams,
      success: Viewers,
      error: [BadRequest, Forbidden, NotFound]
    }),
    HttpApiEndpoint.delete("leave", "/labs/:labId/viewers/", {
      params: LabParams,
      success: Viewers,
      error: [BadRequest, Forbidden, NotFound]
    })
  )
  .middleware(Authorization)
  .prefix("/v2")
  .annotateMerge(OpenApi.annotations({ title: "Slide viewers", description: "Who else has the slide open (members only)" })) {}

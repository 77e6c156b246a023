// The tables of a slide's annotations: labels, shapes, their tombstones, who is viewing. Part of the schema (schema.ts gathers every table for Kysely); the same
// conventions: ISO-8601 UTC strings for times, 0/1 integers for flags, on both engines.
import type { Generated } from "kysely"

/** A slide's label (migration 0012). */
export interface LabelsTable {
  id: string
  lab_id: string
  name: string
  name_lower: string
  /** "#RRGGBB". */
  color: string
  label_type: string
  visible: number
  created_by: string | null
  created_at: string
  updated_at: string
}

/** One annotation: the W3C Web Annotation as JSON text, and its bounding box in image pixels. */
export interface AnnotationsTable {
  id: string
  lab_id: string
  label_id: string
  author_id: string
  data: string
  visible: number
  version: number
  min_x: number
  min_y: number
  max_x: number
  max_y: number
  created_at: string
  /** Its place in the bulk upload that created it (which shares one created_at). */
  ordinal: number
  updated_at: string
  /**
   * Kept beside `data` so the compact read never parses it (server/domain/annotation-data.ts
   * derivedColumns): the shape's kind ("" only for a stored selector that no longer parses), its
   * vertices as little-endian Float64 bytes, its comment bodies as a JSON list (null: none).
   */
  kind: string
  coords: Uint8Array
  comments: string | null
  /** 1 when the annotation is locked (migration 0025; `data.locked` says the same). */
  locked: Generated<number>
  /** Its name, description, lock, creator and created as JSON (src/annotation/props.ts), null when none (migration 0027). */
  props: string | null
  /** The analysis job that made it (a detection: read-only, removed with the job's results); null when drawn (migration 0030). */
  analysis_id: string | null
}

/** A label deleted within LABEL_UNDO_HOURS, which its deleter may undo (migration 0022). */
export interface LabelDeletionsTable {
  id: string
  lab_id: string
  deleted_by: string
  deleted_at: string
  /** The labels row as it was, as JSON. */
  label: string
  annotations_count: number
}

/** An annotation that went with a deleted label, kept as it was until the deletion is undone or swept. */
export interface DeletedAnnotationsTable extends AnnotationsTable {
  deletion_id: string
}

/**
 * An annotation a bulk delete took (migration 0021): the row as it was, who deleted it and when,
 * kept for TOMBSTONE_HOURS so that its deleter can restore it (server/services/annotations/Annotations.ts).
 */
export interface AnnotationTombstonesTable extends AnnotationsTable {
  deleted_by: string
  deleted_at: string
}

/** A member with a slide open, as of their last call-in. */
export interface LabViewersTable {
  lab_id: string
  user_id: string
  seen_at: string
}

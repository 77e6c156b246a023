// The SQL of annotations and labels, and their rows as the wire shows them.
import { type Kysely, type Selectable, sql } from "kysely"
import type { Annotation, Label, WebAnnotation } from "../../src/contract/annotations.ts"
import { storedData } from "../domain/annotation-data.ts"
import type { Database, LabelsTable } from "./schema.ts"

export type LabelRow = Selectable<LabelsTable>

/**
 * Every column of an annotation row, for copying rows as they are (INSERT ... SELECT) into the
 * tombstones a bulk delete or a label's deletion keeps, and back on undo.
 */
export const ANNOTATION_COLUMNS = [
  "id",
  "lab_id",
  "label_id",
  "author_id",
  "data",
  "visible",
  "version",
  "min_x",
  "min_y",
  "max_x",
  "max_y",
  "created_at",
  "ordinal",
  "updated_at",
  "kind",
  "coords",
  "comments",
  "locked",
  "props",
  "analysis_id"
] as const

export const toLabel = (row: LabelRow): Label => ({
  id: row.id,
  lab_id: row.lab_id,
  name: row.name,
  color: row.color,
  label_type: row.label_type,
  visible: Number(row.visible) === 1,
  created_at: row.created_at,
  updated_at: row.updated_at
})

const annotationColumns = [
  "a.id",
  "a.lab_id",
  "a.label_id",
  "a.author_id",
  "a.data",
  "a.visible",
  "a.version",
  "a.created_at",
  "a.ordinal",
  "a.updated_at",
  "l.name as label_name",
  "l.color as label_color",
  "u.email as author_email",
  "u.name as author_name",
  "a.analysis_id"
] as const

const annotationsOf = (db: Kysely<Database>) =>
  db
    .selectFrom("annotations as a")
    .innerJoin("labels as l", "l.id", "a.label_id")
    .innerJoin("users as u", "u.id", "a.author_id")
    .select(annotationColumns)

export type AnnotationRow = Awaited<ReturnType<ReturnType<typeof annotationsOf>["executeTakeFirstOrThrow"]>>

/** Where a read of the slide's annotations stopped: the last row's place in drawing order. */
export interface AnnotationCursor {
  readonly created_at: string
  readonly ordinal: number
  readonly id: string
}

/**
 * Up to `limit` of the slide's annotations in the order they were drawn (the id breaks ties of two
 * uploads in one millisecond): from `offset` for a page's first rows, or after `cursor` for the
 * next rows of the same page, so rows deleted meanwhile shift nothing.
 */
export const annotationPage = (db: Kysely<Database>, labId: string, limit: number, offset: number, cursor?: AnnotationCursor) =>
  annotationsOf(db)
    .where("a.lab_id", "=", labId)
    .$if(cursor !== undefined, (q) =>
      q.where(sql<boolean>`(a.created_at, a.ordinal, a.id) > (${cursor!.created_at}, ${cursor!.ordinal}, ${cursor!.id})`)
    )
    .orderBy("a.created_at")
    .orderBy("a.ordinal")
    .orderBy("a.id")
    .limit(limit)
    .offset(cursor === undefined ? offset : 0)
    .execute()

export const countAnnotations = async (db: Kysely<Database>, labId: string): Promise<number> => {
  const row = await db
    .selectFrom("annotations")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("lab_id", "=", labId)
    .executeTakeFirst()
  return Number(row?.n ?? 0)
}

/** Annotations by id, wherever they are (a reused id may belong to another slide). */
export const annotationsById = (db: Kysely<Database>, ids: ReadonlyArray<string>) =>
  ids.length === 0
    ? Promise.resolve([])
    : annotationsOf(db)
        .where("a.id", "in", [...ids])
        .execute()

export const toAnnotation = (row: AnnotationRow): Annotation => ({
  id: row.id,
  lab_id: row.lab_id,
  data: storedData(row.id, JSON.parse(row.data) as WebAnnotation, { id: row.label_id, name: row.label_name, color: row.label_color }),
  visible: Number(row.visible) === 1,
  user: { id: row.author_id, email: row.author_email, name: row.author_name },
  version: Number(row.version),
  created_at: row.created_at,
  updated_at: row.updated_at,
  ...(row.analysis_id === null ? {} : { detection: true as const })
})

/** The annotation as one who is not the slide's member reads it: its author by name, never by email. */
export const withoutEmail = (annotation: Annotation): Annotation => ({ ...annotation, user: { ...annotation.user, email: "" } })

export const labelsOf = (db: Kysely<Database>, labId: string) => db.selectFrom("labels").selectAll().where("lab_id", "=", labId).execute()

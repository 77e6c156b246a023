// The SQL of a slide's notes and reports: a page, newest first, with each author's name, and how a
// row goes on the wire. Plain Kysely, the same on both engines.
import type { NoteKind, SlideNote } from "../../../src/contract/notes.ts"
import type { ReportFields } from "../../../src/contract/report-fields.ts"
import type { Paging } from "../../domain/paging.ts"
import type { Trx } from "../platform/Database.ts"

const notes = (db: Trx) =>
  db
    .selectFrom("slide_notes as n")
    .leftJoin("users as u", "u.id", "n.author_id")
    .leftJoin("users as e", "e.id", "n.editor_id")
    .select([
      "n.id",
      "n.lab_id",
      "n.kind",
      "n.title",
      "n.value",
      "n.author_id",
      "u.name",
      "n.editor_id",
      "e.name as editor_name",
      "n.fields",
      "n.created_at",
      "n.updated_at"
    ])

export type NoteRow = Awaited<ReturnType<ReturnType<typeof notes>["executeTakeFirstOrThrow"]>>

/** `canEdit`: whether this reader may edit or delete it (owner and admin any, a reviewer their own). */
export const toSlideNote = (row: NoteRow, canEdit: boolean): SlideNote => ({
  id: row.id,
  lab_id: row.lab_id,
  title: row.title,
  value: row.value,
  author: row.author_id ? { id: row.author_id, name: row.name ?? "" } : null,
  created_at: row.created_at,
  updated_at: row.updated_at,
  can_edit: canEdit,
  // Only reports carry fields (stored validated, so parsing them back needs no second check).
  ...(row.kind === "report" ? { fields: (row.fields ? JSON.parse(row.fields) : {}) as ReportFields } : {}),
  ...(row.kind === "report" ? { editor: row.editor_id ? { id: row.editor_id, name: row.editor_name ?? "" } : null } : {})
})

/** A report by its id alone (the PDF's link names no slide). */
export const reportById = (db: Trx, id: string) => notes(db).where("n.id", "=", id).where("n.kind", "=", "report").executeTakeFirst()

export const noteById = (db: Trx, labId: string, kind: NoteKind, id: string) =>
  notes(db).where("n.id", "=", id).where("n.lab_id", "=", labId).where("n.kind", "=", kind).executeTakeFirst()

export const notePage = (db: Trx, labId: string, kind: NoteKind, paging: Paging) =>
  notes(db)
    .where("n.lab_id", "=", labId)
    .where("n.kind", "=", kind)
    .orderBy("n.created_at", "desc")
    .orderBy("n.id", "desc")
    .limit(paging.limit)
    .offset(paging.offset)
    .execute()

export const noteCount = async (db: Trx, labId: string, kind: NoteKind) =>
  Number(
    (
      await db
        .selectFrom("slide_notes")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("lab_id", "=", labId)
        .where("kind", "=", kind)
        .executeTakeFirstOrThrow()
    ).n
  )

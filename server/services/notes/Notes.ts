// A slide's notes and reports: listed a page at a time, written, edited and deleted by the slide's
// people under the permission matrix (src/contract/permissions.ts): any member writes; owner and
// admin edit or delete any, a reviewer their own. A note or report of another slide, or of the
// other kind, is not found. Titles are trimmed; a blank one is refused by the contract.
import { randomUUID } from "node:crypto"
import { Context, Effect, Layer } from "effect"
import { badRequest, type NotFound, NotFound as NotFoundError } from "../../../src/contract/errors.ts"
import type { AuthenticatedUser } from "../../../src/contract/middleware.ts"
import type { NoteKind, ReportPayload, SlideNote } from "../../../src/contract/notes.ts"
import { tidyFields } from "../../../src/contract/report-fields.ts"
import type { PageMeta } from "../../../src/contract/envelope.ts"
import { annotationRefusal } from "../../domain/annotation-rules.ts"
import { stamp } from "../../domain/clock.ts"
import { type Paging, pageMeta } from "../../domain/paging.ts"
import { allowed, requireSlide, type SlideDenied } from "../annotations/slide-gate.ts"
import { Database, sql } from "../platform/Database.ts"
import type { Locale } from "../../../src/contract/auth.ts"
import { noteById, noteCount, notePage, toSlideNote } from "./note-rows.ts"
import { type ReportFile, reportDocument } from "./report-document.ts"
import { SlideFiles } from "../slides/SlideFiles.ts"

/** What a row keeps of a payload's fields: a report's, tidied, as JSON; a note's never. */
const storedFields = (kind: NoteKind, payload: ReportPayload) =>
  kind === "report" ? JSON.stringify(tidyFields(payload.fields ?? {})) : null

/**
 * A report's snapshot must lie inside its slide (the contract bounds each number; only the slide
 * knows its size): past its edge, a 400 naming the field, and nothing is written.
 */
const regionRefusal = (
  kind: NoteKind,
  payload: ReportPayload,
  slide: { readonly width: number | null; readonly height: number | null }
) => {
  const region = kind === "report" ? payload.fields?.region : undefined
  if (region === undefined) return undefined
  if (slide.width === null || slide.height === null)
    return badRequest({ fields: ["fields.region: This slide is not ready yet, so no region of it can be shown."] })
  return region.x + region.width > slide.width || region.y + region.height > slide.height
    ? badRequest({ fields: [`fields.region: The region must lie inside the slide (${slide.width} × ${slide.height} px).`] })
    : undefined
}

const noun = (kind: NoteKind) => (kind === "note" ? "Note" : "Report")
const missing = (kind: NoteKind) => new NotFoundError({ message: `${noun(kind)} not found.` })

export class Notes extends Context.Service<
  Notes,
  {
    readonly list: (
      user: AuthenticatedUser,
      labId: string,
      kind: NoteKind,
      paging: Paging
    ) => Effect.Effect<{ results: ReadonlyArray<SlideNote>; meta: PageMeta }, SlideDenied>
    readonly create: (
      user: AuthenticatedUser,
      labId: string,
      kind: NoteKind,
      payload: ReportPayload
    ) => Effect.Effect<SlideNote, SlideDenied>
    readonly update: (
      user: AuthenticatedUser,
      labId: string,
      kind: NoteKind,
      id: string,
      payload: ReportPayload
    ) => Effect.Effect<SlideNote, SlideDenied | NotFound>
    readonly remove: (user: AuthenticatedUser, labId: string, kind: NoteKind, id: string) => Effect.Effect<void, SlideDenied | NotFound>
    /** The report as a PDF, in `lang` or else the reader's language; 404 to whoever may not read it. */
    readonly reportPdf: (user: AuthenticatedUser, reportId: string, lang: Locale | undefined) => Effect.Effect<ReportFile, NotFound>
  }
>()("preparat/Notes") {
  static readonly layer = Layer.effect(
    Notes,
    Effect.gen(function* () {
      const database = yield* Database
      const { db } = database
      const slides = yield* SlideFiles

      const list = Effect.fn("Notes.list")(function* (user: AuthenticatedUser, labId: string, kind: NoteKind, paging: Paging) {
        const lab = yield* requireSlide(db, user.id, labId, "notes.read")
        const [rows, count] = yield* sql(() => Promise.all([notePage(db, labId, kind, paging), noteCount(db, labId, kind)]))
        const standing = lab.access.standing
        const mayEdit = (authorId: string | null) =>
          annotationRefusal(standing, lab.access.isPublic, "notes.edit", authorId === user.id) === undefined
        return { results: rows.map((row) => toSlideNote(row, mayEdit(row.author_id))), meta: pageMeta(count, paging) }
      })

      const create = Effect.fn("Notes.create")(function* (user: AuthenticatedUser, labId: string, kind: NoteKind, payload: ReportPayload) {
        const lab = yield* requireSlide(db, user.id, labId, "notes.write")
        const outside = regionRefusal(kind, payload, lab.row)
        if (outside !== undefined) return yield* Effect.fail(outside)
        const id = randomUUID()
        const now = stamp()
        yield* sql(() =>
          db
            .insertInto("slide_notes")
            .values({
              id,
              lab_id: labId,
              kind,
              author_id: user.id,
              title: payload.title.trim(),
              value: payload.value,
              fields: storedFields(kind, payload),
              editor_id: user.id,
              created_at: now,
              updated_at: now
            })
            .execute()
        )
        const row = yield* sql(() => noteById(db, labId, kind, id))
        if (!row) return yield* Effect.die(new Error("a note vanished once written"))
        return toSlideNote(row, true)
      })

      /** The note, if this user may edit it: another slide's or another kind's is not found. */
      const editable = (trx: typeof db, user: AuthenticatedUser, labId: string, kind: NoteKind, id: string) =>
        Effect.gen(function* () {
          const lab = yield* requireSlide(trx, user.id, labId, "notes.read")
          const row = yield* sql(() => noteById(trx, labId, kind, id))
          if (!row) return yield* Effect.fail(missing(kind))
          yield* allowed(lab, user.id, "notes.edit", row.author_id === user.id)
          return lab
        })

      const update = Effect.fn("Notes.update")(function* (
        user: AuthenticatedUser,
        labId: string,
        kind: NoteKind,
        id: string,
        payload: ReportPayload
      ) {
        return yield* database.transaction((trx) =>
          Effect.gen(function* () {
            const lab = yield* editable(trx, user, labId, kind, id)
            const outside = regionRefusal(kind, payload, lab.row)
            if (outside !== undefined) return yield* Effect.fail(outside)
            yield* sql(() =>
              trx
                .updateTable("slide_notes")
                .set({
                  title: payload.title.trim(),
                  value: payload.value,
                  fields: storedFields(kind, payload),
                  editor_id: user.id,
                  updated_at: stamp()
                })
                .where("id", "=", id)
                .execute()
            )
            const row = yield* sql(() => noteById(trx, labId, kind, id))
            if (!row) return yield* Effect.die(new Error("a note vanished in its own transaction"))
            return toSlideNote(row, true)
          })
        )
      })

      const remove = Effect.fn("Notes.remove")(function* (user: AuthenticatedUser, labId: string, kind: NoteKind, id: string) {
        yield* database.transaction((trx) =>
          Effect.gen(function* () {
            yield* editable(trx, user, labId, kind, id)
            yield* sql(() => trx.deleteFrom("slide_notes").where("id", "=", id).execute())
          })
        )
      })

      const reportPdf = Effect.fn("Notes.reportPdf")(function* (user: AuthenticatedUser, reportId: string, lang: Locale | undefined) {
        return yield* reportDocument(db, slides, user, reportId, lang)
      })

      return Notes.of({ list, create, update, remove, reportPdf })
    })
  )
}

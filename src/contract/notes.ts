// /v2/slides/{slideId}/notes/ and /v2/slides/{slideId}/reports/ (spec sections 3 and 7): a slide's
// notes and reports, each a title and a text, listed five a page, newest first. Both are the team's
// working papers: the slide's people read and write them (a visitor of a public slide does not; see
// src/contract/permissions.ts, "notes"). Owner and admin edit or delete any; a reviewer their own.
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api"
import { Done } from "./labs.ts"
import { Ok, Page } from "./envelope.ts"
import { BadRequest, Forbidden, NotFound, Unauthorized } from "./errors.ts"
import { Authorization } from "./middleware.ts"
import { ReportFields } from "./report-fields.ts"
import { RequiredText, Text } from "./rules.ts"

export const NOTE_LIMITS = {
  /** Characters of a title. */
  title: 200,
  /** Characters of a note's or report's text: about ten pages. */
  value: 20_000,
  /** The spec's page size, and the most one page may hold. */
  page: 5,
  maxPage: 50
} as const

export type NoteKind = "note" | "report"

export const SlideNote = Schema.Struct({
  id: Schema.String,
  lab_id: Schema.String,
  title: Schema.String,
  value: Schema.String,
  /** Null once the author's account is gone. */
  author: Schema.NullOr(Schema.Struct({ id: Schema.String, name: Schema.String })),
  created_at: Schema.String,
  updated_at: Schema.String,
  /** Whether the reader may edit or delete it (the server checks again). */
  can_edit: Schema.Boolean,
  /** A report's structured fields (src/contract/report-fields.ts); a note has none. */
  fields: Schema.optionalKey(ReportFields),
  /** Who last saved it, when not its author (a report's "reviewed by"). */
  editor: Schema.optionalKey(Schema.NullOr(Schema.Struct({ id: Schema.String, name: Schema.String })))
})
export type SlideNote = typeof SlideNote.Type

export const NotePayload = Schema.Struct({
  title: RequiredText(NOTE_LIMITS.title),
  value: Text(NOTE_LIMITS.value)
})
export type NotePayload = typeof NotePayload.Type

/** A report: a note's title and text (its comment), and its structured fields. */
export const ReportPayload = Schema.Struct({
  ...NotePayload.fields,
  fields: Schema.optionalKey(ReportFields)
})
export type ReportPayload = typeof ReportPayload.Type

const pageNumber = (max: number) => Schema.FiniteFromString.check(Schema.isInt(), Schema.isBetween({ minimum: 1, maximum: max }))

export const NoteQuery = {
  page: Schema.optional(pageNumber(1_000_000)),
  limit: Schema.optional(pageNumber(NOTE_LIMITS.maxPage))
}

const SlideParams = { slideId: Text(64) }
const NoteParams = { slideId: Text(64), id: Text(64) }

/** The four endpoints of one kind, under its path (`notes` or `reports`). */
const endpoints = <K extends string, P extends typeof NotePayload | typeof ReportPayload>(kind: K, path: "notes" | "reports", payload: P) =>
  [
    HttpApiEndpoint.get(`list${kind}`, `/slides/:slideId/${path}/`, {
      params: SlideParams,
      query: NoteQuery,
      success: Ok(Page(SlideNote)),
      error: [BadRequest, Unauthorized, Forbidden, NotFound]
    }),
    HttpApiEndpoint.post(`create${kind}`, `/slides/:slideId/${path}/`, {
      params: SlideParams,
      payload,
      success: Ok(SlideNote),
      error: [BadRequest, Unauthorized, Forbidden, NotFound]
    }),
    HttpApiEndpoint.put(`update${kind}`, `/slides/:slideId/${path}/:id/`, {
      params: NoteParams,
      payload,
      success: Ok(SlideNote),
      error: [BadRequest, Unauthorized, Forbidden, NotFound]
    }),
    HttpApiEndpoint.delete(`remove${kind}`, `/slides/:slideId/${path}/:id/`, {
      params: NoteParams,
      success: Done,
      error: [BadRequest, Unauthorized, Forbidden, NotFound]
    })
  ] as const

export class Notes extends HttpApiGroup.make("notes")
  .add(...endpoints("Notes", "notes", NotePayload), ...endpoints("Reports", "reports", ReportPayload))
  .add(
    /** A report as a PDF document, in the reader's language (the `lang` query, else their locale). */
    HttpApiEndpoint.get("downloadReport", "/slides/download-report/:reportId/", {
      params: { reportId: Text(64) },
      query: { lang: Schema.optional(Schema.Literals(["en", "id"])) },
      success: HttpApiSchema.StreamUint8Array({ contentType: "application/pdf" }),
      error: [BadRequest, Unauthorized, NotFound]
    })
  )
  .middleware(Authorization)
  .prefix("/v2")
  .annotateMerge(OpenApi.annotations({ title: "Notes and reports", description: "A slide's notes and reports, five a page" })) {}

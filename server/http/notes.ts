// /v2/slides/{slideId}/notes/ and /reports/ (src/contract/notes.ts): one service, two kinds.
import { Effect } from "effect"
import { HttpServerResponse } from "effect/http"
import { HttpApiBuilder } from "effect/http-api"
import { Api } from "../../src/contract/api.ts"
import { CurrentUser } from "../../src/contract/middleware.ts"
import { NOTE_LIMITS, type NoteKind, type ReportPayload } from "../../src/contract/notes.ts"
import { attachment } from "../domain/original-download.ts"
import { Notes } from "../services/notes/Notes.ts"
import { ok } from "./envelope.ts"
import { requirePaging } from "./paging.ts"

export const NotesLive = HttpApiBuilder.group(
  Api,
  "notes",
  Effect.fn(function* (handlers) {
    const notes = yield* Notes
    const list =
      (kind: NoteKind) =>
      ({ params, query }: { params: { slideId: string }; query: { page?: number | undefined; limit?: number | undefined } }) =>
        Effect.gen(function* () {
          const paging = yield* requirePaging(query, NOTE_LIMITS.page, NOTE_LIMITS.maxPage)
          return ok(yield* notes.list(yield* CurrentUser, params.slideId, kind, paging))
        })
    const create =
      (kind: NoteKind) =>
      ({ params, payload }: { params: { slideId: string }; payload: ReportPayload }) =>
        Effect.gen(function* () {
          return ok(yield* notes.create(yield* CurrentUser, params.slideId, kind, payload), `${kind === "note" ? "Note" : "Report"} saved.`)
        })
    const update =
      (kind: NoteKind) =>
      ({ params, payload }: { params: { slideId: string; id: string }; payload: ReportPayload }) =>
        Effect.gen(function* () {
          return ok(
            yield* notes.update(yield* CurrentUser, params.slideId, kind, params.id, payload),
            `${kind === "note" ? "Note" : "Report"} saved.`
          )
        })
    const remove =
      (kind: NoteKind) =>
      ({ params }: { params: { slideId: string; id: string } }) =>
        Effect.gen(function* () {
          yield* notes.remove(yield* CurrentUser, params.slideId, kind, params.id)
          return { status: "success", message: `${kind === "note" ? "Note" : "Report"} deleted.`, data: null } as const
        })
    return handlers
      .handle("listNotes", list("note"))
      .handle("createNotes", create("note"))
      .handle("updateNotes", update("note"))
      .handle("removeNotes", remove("note"))
      .handle("listReports", list("report"))
      .handle("createReports", create("report"))
      .handle("updateReports", update("report"))
      .handle("removeReports", remove("report"))
      .handle("downloadReport", ({ params, query }) =>
        Effect.gen(function* () {
          const { bytes, filename } = yield* notes.reportPdf(yield* CurrentUser, params.reportId, query.lang)
          return HttpServerResponse.uint8Array(bytes, {
            contentType: "application/pdf",
            // A report may name a patient: never kept by a shared cache.
            headers: {
              "content-disposition": attachment(filename),
              "x-content-type-options": "nosniff",
              "cache-control": "private, no-store"
            }
          })
        })
      )
  })
)

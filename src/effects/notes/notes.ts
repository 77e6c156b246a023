// A slide's notes and reports (src/contract/notes.ts): a page, saving a new or edited one, deleting
// one. Each fails with its typed error; the machine decides what the reader sees.
import { Effect } from "effect"
import type { NoteKind, ReportPayload } from "../../contract/notes.ts"
import type { Locale } from "../../i18n/locale.ts"
import { call, endpoints } from "../call.ts"
import { type DownloadedFile, download } from "../download.ts"

const group = endpoints.notes
const list = { note: group.listNotes, report: group.listReports } as const
const create = { note: group.createNotes, report: group.createReports } as const
const update = { note: group.updateNotes, report: group.updateReports } as const
const remove = { note: group.removeNotes, report: group.removeReports } as const

export const loadNotes = Effect.fn("Notes.list")(function* (slideId: string, kind: NoteKind, page: number) {
  const answer = yield* call(list[kind], { params: { slideId }, query: { page } })
  return answer.data
})

/** A new note when `id` is null, else an edit of that one. */
export const saveNote = Effect.fn("Notes.save")(function* (slideId: string, kind: NoteKind, id: string | null, payload: ReportPayload) {
  const answer =
    id === null
      ? yield* call(create[kind], { params: { slideId }, payload })
      : yield* call(update[kind], { params: { slideId, id }, payload })
  return answer.data
})

export const deleteNote = Effect.fn("Notes.delete")(function* (slideId: string, kind: NoteKind, id: string) {
  yield* call(remove[kind], { params: { slideId, id } })
})

/** A file name any system keeps (the server's Content-Disposition says the same). */
const fileName = (title: string, createdAt: string) => {
  const stem = title
    .normalize("NFKD")
    .replace(/[^\w\s-]/g, "")
    .trim()
    .replace(/[\s_-]+/g, "-")
    .slice(0, 80)
    .replace(/-+$/, "")
  return `${stem || "report"}-${createdAt.slice(0, 10)}.pdf`
}

/** A report as a PDF, in `lang` (the language the page is shown in). */
export const downloadReport = Effect.fn("Reports.download")(function* (report: {
  readonly id: string
  readonly title: string
  readonly createdAt: string
  readonly lang: Locale
}) {
  const blob = yield* download(endpoints.notes.downloadReport, { reportId: report.id }, { lang: report.lang })
  const file: DownloadedFile = { blob, filename: fileName(report.title, report.createdAt) }
  return file
})

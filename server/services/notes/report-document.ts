// A report's PDF (GET /v2/slides/download-report/{reportId}/): found by its id alone, then shown only
// to whoever may read the slide's reports (its members). Anyone else learns nothing, not even that
// the report exists: 404, as for a hidden slide (a guest, 401, is turned away before this).
import { buffer } from "node:stream/consumers"
import { join } from "node:path"
import { Effect } from "effect"
import type { Locale } from "../../../src/contract/auth.ts"
import { NotFound } from "../../../src/contract/errors.ts"
import type { AuthenticatedUser } from "../../../src/contract/middleware.ts"
import type { ReportFields } from "../../../src/contract/report-fields.ts"
import { resolveLab } from "../../db/lab-access.ts"
import { mailUserOf } from "../../db/users.ts"
import { annotationRefusal } from "../../domain/annotation-rules.ts"
import { PYRAMID_NAME, THUMBNAIL_LARGE_FILE } from "../../domain/slide-urls.ts"
import { regionSnapshot } from "../../pdf/region-snapshot.ts"
import { snapshotShapes } from "./snapshot-shapes.ts"
import { visibleAncestors } from "../../domain/standing.ts"
import { reportPdf } from "../../pdf/report-pdf.ts"
import { sql, type Trx } from "../platform/Database.ts"
import { reportById } from "./note-rows.ts"
import type { SlideFilesBackend } from "../slides/slide-files-backend.ts"

export interface ReportFile {
  readonly bytes: Uint8Array
  readonly filename: string
}

/** A file name any system keeps: the title's letters and digits, dashes between, never empty. */
export const reportFileName = (title: string, createdAt: string): string => {
  const stem = title
    .normalize("NFKD")
    .replace(/[^\w\s-]/g, "")
    .trim()
    .replace(/[\s_-]+/g, "-")
    .slice(0, 80)
    .replace(/-+$/, "")
  return `${stem || "report"}-${createdAt.slice(0, 10)}.pdf`
}

const missing = () => new NotFound({ message: "Report not found." })

export const reportDocument = (db: Trx, slides: SlideFilesBackend, user: AuthenticatedUser, reportId: string, lang: Locale | undefined) =>
  Effect.gen(function* () {
    const row = yield* sql(() => reportById(db, reportId))
    if (!row) return yield* Effect.fail(missing())
    const lab = yield* sql(() => resolveLab(db, row.lab_id, user.id))
    if (!lab || lab.row.deleted_at !== null) return yield* Effect.fail(missing())
    if (annotationRefusal(lab.access.standing, lab.access.isPublic, "notes.read") !== undefined) return yield* Effect.fail(missing())
    const locale: Locale = lang ?? (yield* sql(() => mailUserOf(db, user.id)))?.locale ?? "en"
    // The large thumbnail the slide worker wrote; a slide still building (or never built) has none.
    const key = lab.row.slide_key
    const thumbnailFile = key ? yield* slides.read(key, THUMBNAIL_LARGE_FILE) : undefined
    const thumbnail = thumbnailFile
      ? yield* Effect.promise(() =>
          buffer(thumbnailFile.stream).then(
            (b) => new Uint8Array(b),
            () => null
          )
        )
      : null
    const fields = (row.fields ? JSON.parse(row.fields) : {}) as ReportFields
    const { width, height } = lab.row
    // The region's snapshot; one the slide cannot give (not built, a pyramid gone) leaves the section out.
    const snapshot =
      fields.region !== undefined && key && width !== null && height !== null
        ? yield* slides.withLocalDir(key, (dir) =>
            Effect.promise(() =>
              snapshotShapes(db, row.lab_id, fields.region!)
                .then((shapes) => regionSnapshot(join(dir, `${PYRAMID_NAME}.dzi`), { width, height }, fields.region!, shapes))
                .catch(() => null)
            )
          )
        : null
    // The lab's name: the outermost folder the reader can see, as the breadcrumb starts.
    const labName = visibleAncestors(lab.chain, user.id)[0]?.name ?? "Preparat"
    const bytes = yield* Effect.promise(() =>
      reportPdf(
        {
          labName,
          slideName: lab.row.name,
          thumbnail,
          title: row.title,
          comment: row.value,
          fields,
          mpp: lab.row.mpp ?? null,
          author: row.author_id ? (row.name ?? "") : null,
          // "Reviewed by" only names someone else than the author.
          editor: row.editor_id && row.editor_id !== row.author_id ? (row.editor_name ?? "") : null,
          createdAt: row.created_at,
          updatedAt: row.updated_at,
          snapshot
        },
        locale
      )
    )
    return { bytes, filename: reportFileName(row.title, row.created_at) } satisfies ReportFile
  })

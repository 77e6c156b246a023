// What the notes machine computes without running anything: a draft (a report's with its structured
// fields), whether the server would take it, what it sends, and how pages of notes merge.
import { NOTE_LIMITS, type ReportPayload, type SlideNote } from "../../contract/notes.ts"
import {
  type Measurements,
  REPORT_LIMITS,
  type ReportFields,
  type ReportRegion,
  type ReportTextField
} from "../../contract/report-fields.ts"

export interface Draft {
  /** Null for a new note. */
  readonly id: string | null
  readonly title: string
  readonly value: string
  /** A report's structured fields; undefined on a note's draft. */
  readonly fields?: ReportFields
}

/** Both lists in one, each note once, newest first (the later copy of a note wins). */
export const mergedNotes = (a: ReadonlyArray<SlideNote>, b: ReadonlyArray<SlideNote>): ReadonlyArray<SlideNote> => {
  const byId = new Map<string, SlideNote>()
  for (const note of [...a, ...b]) byId.set(note.id, note)
  return [...byId.values()].sort((x, y) =>
    x.created_at > y.created_at ? -1 : x.created_at < y.created_at ? 1 : x.id > y.id ? -1 : x.id < y.id ? 1 : 0
  )
}

/** A draft the server would take: a title that is not blank and fits, a text that fits. */
export const savable = (draft: Draft | null): draft is Draft =>
  draft !== null &&
  draft.title.trim() !== "" &&
  draft.title.length <= NOTE_LIMITS.title &&
  draft.value.length <= NOTE_LIMITS.value &&
  fieldsFit(draft.fields)

const FIELD_LIMITS: Record<ReportTextField, number> = {
  case_id: REPORT_LIMITS.caseId,
  specimen: REPORT_LIMITS.specimen,
  stain: REPORT_LIMITS.stain,
  clinical: REPORT_LIMITS.clinical,
  findings: REPORT_LIMITS.findings,
  diagnosis: REPORT_LIMITS.diagnosis
}

/** Each text within its bound (the form's maxLength says so too; the server checks again). */
const fieldsFit = (fields: ReportFields | undefined) =>
  fields === undefined || (Object.keys(FIELD_LIMITS) as ReportTextField[]).every((k) => (fields[k] ?? "").length <= FIELD_LIMITS[k])

/** What a draft sends: the title trimmed, and a report's fields. */
export const payloadOf = (draft: Draft | null): ReportPayload => ({
  title: draft?.title.trim() ?? "",
  value: draft?.value ?? "",
  ...(draft?.fields === undefined ? {} : { fields: draft.fields })
})

/** A report's fields with the table kept, unless it says nothing. */
export const withTable = (fields: ReportFields, measurements: Measurements | null | undefined): ReportFields => {
  const { measurements: _dropped, ...rest } = fields
  return measurements && (measurements.rows.length > 0 || measurements.index !== null) ? { ...rest, measurements } : rest
}

/** The fields with the snapshot's region set, or without one. */
export const withRegion = (fields: ReportFields, region: ReportRegion | null): ReportFields => {
  const { region: _dropped, ...rest } = fields
  return region === null ? rest : { ...rest, region }
}

// A report's structured fields (issue 23): what a pathologist's report holds besides its title and
// free comment (the report's `value`): the case, the specimen and stain, the clinical question, the
// microscopy, the diagnosis, and a table of the slide's annotation figures the author chose to keep.
// Every field is optional, so a report written before them (or in a hurry) stays valid; each has a
// bound so a 400 names the field ("fields.diagnosis: ...") instead of storing megabytes. Notes never
// carry them: the notes' endpoints take the plain NotePayload.
import { Schema } from "effect"
import { Text } from "./rules.ts"

export const REPORT_LIMITS = {
  caseId: 100,
  specimen: 500,
  stain: 200,
  clinical: 4_000,
  findings: 20_000,
  diagnosis: 4_000,
  label: 200,
  /** Rows of the measurement table: one a label; a slide has far fewer. */
  rows: 100
} as const

/** The text fields, in the order a report prints them. */
export const REPORT_TEXT_FIELDS = ["case_id", "specimen", "stain", "clinical", "findings", "diagnosis"] as const
export type ReportTextField = (typeof REPORT_TEXT_FIELDS)[number]

const Count = Schema.Number.check(Schema.isInt(), Schema.isBetween({ minimum: 0, maximum: 1e9 }))
const NonNegative = Schema.Number.check(Schema.isFinite(), Schema.isBetween({ minimum: 0, maximum: 1e15 }))
const Percent = Schema.Number.check(Schema.isFinite(), Schema.isBetween({ minimum: 0, maximum: 100 }))

/** One label's figures over the whole slide, as the counts section shows them. */
export const MeasurementRow = Schema.Struct({
  label: Text(REPORT_LIMITS.label),
  /** Points counted (point annotations) with this label. */
  count: Count,
  /** Closed shapes with this label. */
  shapes: Count,
  /** Their total area in µm²; null when the slide has no resolution. */
  area_um2: Schema.NullOr(NonNegative)
})
export type MeasurementRow = typeof MeasurementRow.Type

export const Measurements = Schema.Struct({
  rows: Schema.Array(MeasurementRow).check(Schema.isMaxLength(REPORT_LIMITS.rows)),
  /** The positive / (positive + negative) index of the counts section's pair, when it offers one. */
  index: Schema.NullOr(Schema.Struct({ positive: Text(REPORT_LIMITS.label), negative: Text(REPORT_LIMITS.label), percent: Percent }))
})
export type Measurements = typeof Measurements.Type

const Pixel = Schema.Number.check(Schema.isInt(), Schema.isBetween({ minimum: 0, maximum: 10_000_000 }))
const Extent = Schema.Number.check(Schema.isInt(), Schema.isBetween({ minimum: 1, maximum: 10_000_000 }))

/**
 * The region of the slide the PDF shows as a snapshot with its annotations drawn on it, in the
 * slide's full-resolution pixels (the server also checks it lies inside the slide).
 */
export const ReportRegion = Schema.Struct({ x: Pixel, y: Pixel, width: Extent, height: Extent })
export type ReportRegion = typeof ReportRegion.Type

export const ReportFields = Schema.Struct({
  case_id: Schema.optionalKey(Text(REPORT_LIMITS.caseId)),
  specimen: Schema.optionalKey(Text(REPORT_LIMITS.specimen)),
  stain: Schema.optionalKey(Text(REPORT_LIMITS.stain)),
  clinical: Schema.optionalKey(Text(REPORT_LIMITS.clinical)),
  findings: Schema.optionalKey(Text(REPORT_LIMITS.findings)),
  diagnosis: Schema.optionalKey(Text(REPORT_LIMITS.diagnosis)),
  /** Absent when the author dropped the table. */
  measurements: Schema.optionalKey(Measurements),
  /** Absent when the report has no snapshot. */
  region: Schema.optionalKey(ReportRegion)
})
export type ReportFields = typeof ReportFields.Type

/** The fields as kept: blank texts dropped, the rest trimmed, so a report prints only what was said. */
export const tidyFields = (fields: ReportFields): ReportFields => {
  const out: Record<string, unknown> = {}
  for (const key of REPORT_TEXT_FIELDS) {
    const value = fields[key]?.trim()
    if (value) out[key] = value
  }
  if (fields.measurements !== undefined) out.measurements = fields.measurements
  if (fields.region !== undefined) out.region = fields.region
  return out as ReportFields
}

/** Metadata keys a lab may name its case by (compared without case, spaces, dashes or underscores). */
const CASE_KEYS = [
  "case",
  "caseid",
  "caseno",
  "casenumber",
  "patient",
  "patientid",
  "specimenid",
  "accession",
  "kasus",
  "pasien",
  "nomorkasus"
]

/** The case identifier the slide's metadata holds, for prefilling a new report; undefined if none. */
export const caseIdFromMetadata = (entries: ReadonlyArray<{ readonly name: string; readonly value: string }>): string | undefined => {
  const norm = (name: string) => name.toLowerCase().replace(/[\s_\-.#]/g, "")
  for (const key of CASE_KEYS) {
    const hit = entries.find((e) => norm(e.name) === key && e.value.trim() !== "")
    if (hit) return hit.value.trim().slice(0, REPORT_LIMITS.caseId)
  }
  return undefined
}

/**
 * The unit a table's areas are shown in, the same in the SPA and the PDF: mm² once any label's area
 * reaches a square millimetre, µm² for small regions (as the viewer's measurement panel does).
 */
export const areaUnitOf = (m: Measurements): { readonly unit: "mm²" | "µm²"; readonly scale: number; readonly digits: number } =>
  m.rows.some((r) => (r.area_um2 ?? 0) >= 1_000_000) ? { unit: "mm²", scale: 1e-6, digits: 3 } : { unit: "µm²", scale: 1, digits: 0 }

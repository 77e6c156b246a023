// The counts and the measurements table as one CSV file (RFC 4180, comma-separated, CRLF lines,
// numbers with a dot whatever the reader's language, so a spreadsheet or R reads them alike): first
// the region and each label's count and density, then the pair's index, then one row per annotation
// with its measurements in µm (or pixels when the slide has no resolution). Pure; the panel downloads it.
import type { CountSummary } from "./counting.ts"
import { isComment } from "./counting.ts"
import { measure } from "./measure.ts"
import type { Geometry } from "./geometry.ts"

/** One field, quoted when it holds a comma, a quote or a line break; a leading =, +, - or @ is kept as text. */
export const csvField = (value: string | number | null): string => {
  if (value === null) return ""
  if (typeof value === "number") return Number.isFinite(value) ? String(Number(value.toPrecision(12))) : ""
  // A spreadsheet runs a cell that starts with these as a formula (CSV injection).
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}

const line = (fields: ReadonlyArray<string | number | null>) => fields.map(csvField).join(",")

export interface MeasuredShape {
  readonly id: string
  readonly kind: Geometry["kind"]
  readonly coords: ArrayLike<number>
  readonly labelName: string
  readonly comments: ReadonlyArray<string>
  readonly author: string
  readonly geometry: Geometry
}

export interface CountsCsvInput {
  readonly summary: CountSummary
  /** The region's name: "Whole slide", or the shape's label and id. */
  readonly region: string
  readonly mpp: number | null
  /** The pair's names, when chosen. */
  readonly pair: { readonly positive: string; readonly negative: string } | null
  readonly shapes: Iterable<MeasuredShape>
}

export const countsCsv = (input: CountsCsvInput): string => {
  const { summary, mpp } = input
  const um = mpp !== null && mpp > 0
  const lines = [
    line(["region", input.region]),
    line(["area_mm2", summary.areaMm2]),
    line(["microns_per_pixel", mpp]),
    "",
    line(["label", "count", "per_mm2"]),
    ...summary.rows.map((r) => line([r.name, r.count, r.perMm2])),
    line(["total", summary.total, summary.areaMm2 !== null && summary.areaMm2 > 0 ? summary.total / summary.areaMm2 : null])
  ]
  if (input.pair !== null) {
    lines.push("", line(["positive", input.pair.positive]), line(["negative", input.pair.negative]), line(["index_percent", summary.index]))
  }
  const unit = um ? "um" : "px"
  lines.push("", line(["id", "kind", "label", "author", "points", `area_${unit}2`, `perimeter_${unit}`, `length_${unit}`, "comment"]))
  for (const shape of input.shapes) {
    const m = measure(shape.geometry, mpp)
    const kind = isComment(shape) ? "comment" : shape.kind
    lines.push(
      line([
        shape.id,
        kind,
        shape.labelName,
        shape.author,
        m.count ?? null,
        (um ? m.areaUm2 : m.areaPx) ?? null,
        (um ? m.perimeterUm : m.perimeterPx) ?? null,
        (um ? m.lengthUm : m.lengthPx) ?? null,
        shape.comments.join("\n") || null
      ])
    )
  }
  return `${lines.join("\r\n")}\r\n`
}

// The measurement table a report may keep (issue 23): per label, the points counted and the closed
// regions drawn with their total area, over the whole slide, and the counts section's positive /
// negative index. The counts are the counts section's own (summarize, guessPair over the same
// labels), the areas the measurement panel's (measure), so the report never disagrees with what the
// viewer shows beside it.
import type { Measurements } from "../contract/report-fields.ts"
import { guessPair, ringOf, summarize } from "./counting.ts"
import { measure } from "./measure.ts"
import { geometryOf, type Shape } from "./store/shape.ts"

export interface SlideSize {
  readonly width: number | null
  readonly height: number | null
  readonly mpp: number | null
}

/**
 * The table for these shapes. `labels` are the ones the counts section counts (the slide's own
 * labels, the comments' label left out); a label with nothing counted and nothing drawn is left out.
 */
export const reportMeasurements = (
  shapes: ReadonlyArray<Shape>,
  labels: ReadonlyArray<{ readonly id: string; readonly name: string }>,
  slide: SlideSize
): Measurements => {
  const pair = guessPair(labels)
  const summary = summarize(shapes, labels, { kind: "slide", width: slide.width ?? 0, height: slide.height ?? 0 }, slide.mpp, pair)
  const regions = new Map<string, { shapes: number; areaUm2: number }>()
  for (const shape of shapes) {
    if (ringOf(shape) === null) continue
    const m = measure(geometryOf(shape), slide.mpp)
    const sum = regions.get(shape.labelId) ?? { shapes: 0, areaUm2: 0 }
    regions.set(shape.labelId, { shapes: sum.shapes + 1, areaUm2: sum.areaUm2 + (m.areaUm2 ?? 0) })
  }
  const hasArea = slide.mpp !== null && slide.mpp > 0
  const rows = summary.rows
    .map((row) => {
      const region = regions.get(row.labelId)
      return { label: row.name, count: row.count, shapes: region?.shapes ?? 0, area_um2: hasArea && region ? region.areaUm2 : null }
    })
    .filter((row) => row.count > 0 || row.shapes > 0)
  const nameOf = (id: string) => labels.find((l) => l.id === id)?.name ?? ""
  return {
    rows,
    index:
      pair !== null && summary.index !== null
        ? { positive: nameOf(pair.positive), negative: nameOf(pair.negative), percent: summary.index }
        : null
  }
}

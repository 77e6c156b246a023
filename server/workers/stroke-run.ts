// The stroke analysis in the analysis child: unlike the tiled analyses it needs the whole slice at
// once (the midline and the hemispheres are the slice's), so the region is read whole
// (whole-region.ts), measured there, and its outlines and areas
// scaled back to full-resolution pixels and mm².
import { insideRing } from "../../src/annotation/counting.ts"
import { midlineThrough } from "../ai/stroke/midline.ts"
import { measureStroke, type StrokeParameters } from "../ai/stroke/stroke.ts"
import type { AnalysisChildRequest, Detection } from "./analysis-protocol.ts"
import { readWholeRegion } from "./whole-region.ts"

const round = (v: number, places: number) => Math.round(v * 10 ** places) / 10 ** places

export const strokeDetections = async (
  request: AnalysisChildRequest & { readonly parameters: StrokeParameters }
): Promise<Array<Detection>> => {
  const { ring } = request
  const { pixels, scale, read } = await readWholeRegion(request)
  const toImage = (x: number, y: number) => [(x + read.x) * scale, (y + read.y) * scale] as const
  const inside = ring === null ? undefined : (x: number, y: number) => insideRing(ring, ...toImage(x + 0.5, y + 0.5))
  // The midline given in full-resolution pixels, in the pixels of the level read.
  const line = request.parameters.midlineLine
  const at = (x: number, y: number) => [x / scale - read.x, y / scale - read.y] as const
  const midline =
    line !== undefined
      ? midlineThrough(...at(line.x0, line.y0), ...at(line.x1, line.y1))
      : request.parameters.midlineX === null
        ? null
        : request.parameters.midlineX / scale - read.x
  const result = measureStroke(pixels, request.parameters, midline, inside)
  // mm² per pixel of the level read (the analysis needs a resolution: Analyses.ts refuses without).
  const mm2 = ((request.mpp ?? 1000) * scale) ** 2 / 1e6
  const scaled = (flat: ReadonlyArray<number>) => flat.map((v, i) => round(i % 2 === 0 ? (v + read.x) * scale : (v + read.y) * scale, 1))
  const centre = (flat: ReadonlyArray<number>) => {
    let [sx, sy] = [0, 0]
    for (let i = 0; i < flat.length; i += 2) {
      sx += flat[i]!
      sy += flat[i + 1]!
    }
    const n = Math.max(1, flat.length / 2)
    return { x: round(sx / n, 1), y: round(sy / n, 1) }
  }
  const contralateral = result.ipsilateral === "left" ? "right" : "left"
  const parts: Array<Detection> = []
  for (const [side, part] of [
    [result.ipsilateral, "ipsilateral"],
    [contralateral, "contralateral"]
  ] as const) {
    const outline = result.hemispheres[side]
    if (outline.area === 0) continue
    const ringOut = scaled(outline.ring)
    parts.push({ ...centre(ringOut), area: round(outline.area * mm2, 4), cls: 0, stroke: { part, side, ring: ringOut } })
  }
  for (const infarct of result.infarcts) {
    const ringOut = scaled(infarct.ring)
    parts.push({
      ...centre(ringOut),
      area: round(infarct.area * mm2, 4),
      cls: 0,
      stroke: { part: "infarct", side: infarct.side, ring: ringOut }
    })
  }
  return parts
}

// The periodontitis analysis in the analysis child: the image read around the teeth's landmarks
// (whole-region.ts; the landmarks, not a drawn region, say where the teeth are), each tooth measured,
// and per tooth its three landmarks handed back as points and its CEJ -> apex axis as an open line,
// in full-resolution pixels, each carrying the tooth's bone loss and stage.
import { measureTeeth, type PeriodontitisParameters, type Point } from "../ai/periodontitis/periodontitis.ts"
import { openDzi } from "../images/dzi-region.ts"
import type { AnalysisChildRequest, Detection } from "./analysis-protocol.ts"
import { readWholeRegion } from "./whole-region.ts"

const round = (v: number, places: number) => Math.round(v * 10 ** places) / 10 ** places

/** Read this far beyond the landmarks: the snap radius, the profiles' bands and the smoothing fit in it. */
const MARGIN_PX = 64

export const periodontitisDetections = async (
  request: AnalysisChildRequest & { readonly parameters: PeriodontitisParameters }
): Promise<Array<Detection>> => {
  const { teeth, snapPx } = request.parameters
  const { width, height } = (await openDzi(request.dzi)).descriptor
  const all = teeth.flatMap((t) => [t.cej, t.apex, ...(t.crest ? [t.crest] : [])])
  const x0 = Math.max(0, Math.floor(Math.min(...all.map((p) => p.x)) - MARGIN_PX))
  const y0 = Math.max(0, Math.floor(Math.min(...all.map((p) => p.y)) - MARGIN_PX))
  const x1 = Math.min(width, Math.ceil(Math.max(...all.map((p) => p.x)) + MARGIN_PX))
  const y1 = Math.min(height, Math.ceil(Math.max(...all.map((p) => p.y)) + MARGIN_PX))
  const { pixels, scale, read } = await readWholeRegion({ dzi: request.dzi, box: { x: x0, y: y0, w: x1 - x0, h: y1 - y0 } })
  // Landmarks into the pixels read, and back.
  const local = (p: Point): Point => ({ x: p.x / scale - read.x, y: p.y / scale - read.y })
  const image = (p: Point) => ({ x: round((p.x + read.x) * scale, 1), y: round((p.y + read.y) * scale, 1) })
  const results = measureTeeth(
    pixels,
    teeth.map((t) => ({ cej: local(t.cej), crest: t.crest ? local(t.crest) : null, apex: local(t.apex) })),
    snapPx / scale
  )
  // mm per pixel of the level read; no resolution, no mm (the % needs none).
  const mmPerPx = request.mpp === null ? null : (request.mpp * scale) / 1000
  const mm = (px: number | null) => (px === null || mmPerPx === null ? null : round(px * mmPerPx, 3))
  return results.flatMap((r, i) => {
    const measures = {
      tooth: i + 1,
      crestSource: r.crestSource,
      rblPct: r.rblPct === null ? null : round(r.rblPct, 2),
      stage: r.stage,
      cejCrestMm: mm(r.cejCrestPx),
      rootMm: mm(r.rootPx)
    }
    const cej = image(r.cej)
    const apex = image(r.apex)
    const points: Array<Detection> = [
      { ...cej, area: 0, cls: 0, perio: { ...measures, part: "cej", snapped: r.snapped.cej } },
      ...(r.crest === null
        ? []
        : [{ ...image(r.crest), area: 0, cls: 0, perio: { ...measures, part: "crest" as const, snapped: r.snapped.crest } }]),
      { ...apex, area: 0, cls: 0, perio: { ...measures, part: "apex", snapped: r.snapped.apex } }
    ]
    return [...points, { ...cej, area: 0, cls: 0, perio: { ...measures, part: "axis", path: [cej.x, cej.y, apex.x, apex.y] } }]
  })
}

// The IMT analysis in the analysis child: the region (drawn over the far wall) read whole
// (whole-region.ts), the interfaces traced across it, and the two traces handed back as polylines in
// full-resolution pixels, each carrying the region's IMT.
import { type ImtParameters, measureImt } from "../ai/imt/imt.ts"
import type { AnalysisChildRequest, Detection } from "./analysis-protocol.ts"
import { readWholeRegion } from "./whole-region.ts"

const round = (v: number, places: number) => Math.round(v * 10 ** places) / 10 ** places

/** At most this many vertices per trace: a point every few pixels is as exact on screen. */
const MAX_VERTICES = 400

export const imtDetections = async (request: AnalysisChildRequest & { readonly parameters: ImtParameters }): Promise<Array<Detection>> => {
  const { pixels, scale, read } = await readWholeRegion(request)
  // Microns per pixel of the level read (the analysis needs a resolution: Analyses.ts refuses without).
  const result = measureImt(pixels, (request.mpp ?? 1) * scale, request.parameters)
  if (result === null) return []
  const step = Math.max(1, Math.ceil(result.columns / MAX_VERTICES))
  const trace = (rows: ReadonlyArray<number>) => {
    const flat: number[] = []
    for (let x = 0; x < rows.length; x += step) flat.push(round((read.x + x + 0.5) * scale, 1), round((read.y + rows[x]!) * scale, 1))
    const last = rows.length - 1
    if (last % step !== 0) flat.push(round((read.x + last + 0.5) * scale, 1), round((read.y + rows[last]!) * scale, 1))
    return flat
  }
  const measures = { meanMm: round(result.mean, 4), maxMm: round(result.max, 4), sdMm: round(result.sd, 4), columns: result.columns }
  return (["li", "ma"] as const).map((line) => {
    const path = trace(line === "li" ? result.li : result.ma)
    return { x: path[0]!, y: path[1]!, area: 0, cls: 0, imt: { line, path, ...measures } }
  })
}

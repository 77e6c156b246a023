// The analyses that need their region at once (stroke: the slice's midline; IMT: the wall's traces
// across the region) read it whole, from the pyramid level at which it is at most WHOLE_REGION_PX
// across, rather than tile by tile.
import { openDzi, readRegion } from "../images/dzi-region.ts"
import type { AnalysisChildRequest } from "./analysis-protocol.ts"

export const WHOLE_REGION_PX = 2048

/** The region's pixels, how many full-resolution pixels one of them spans, and where they start (level pixels). */
export const readWholeRegion = async (request: Pick<AnalysisChildRequest, "dzi" | "box">) => {
  const { box } = request
  const halvings = Math.max(0, Math.ceil(Math.log2(Math.max(box.w, box.h) / WHOLE_REGION_PX)))
  const scale = 2 ** halvings
  const source = await openDzi(request.dzi, halvings)
  const levelW = Math.ceil(source.descriptor.width / scale)
  const levelH = Math.ceil(source.descriptor.height / scale)
  const x0 = Math.floor(box.x / scale)
  const y0 = Math.floor(box.y / scale)
  const read = {
    x: x0,
    y: y0,
    w: Math.max(1, Math.min(levelW, Math.ceil((box.x + box.w) / scale)) - x0),
    h: Math.max(1, Math.min(levelH, Math.ceil((box.y + box.h) / scale)) - y0)
  }
  return { pixels: await readRegion(source, read), scale, read }
}

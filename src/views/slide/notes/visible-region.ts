// The part of the slide a viewer shows, in the slide's full-resolution pixels, clipped to the slide:
// what "Use the current view" puts in a report's snapshot.
import type OpenSeadragon from "openseadragon"
import type { ReportRegion } from "../../../contract/report-fields.ts"

/** Clipped to a `width` x `height` slide, in whole pixels; null when nothing of the slide shows. */
export const clippedRegion = (
  box: { readonly x: number; readonly y: number; readonly width: number; readonly height: number },
  width: number,
  height: number
): ReportRegion | null => {
  const x0 = Math.max(0, Math.floor(box.x))
  const y0 = Math.max(0, Math.floor(box.y))
  const x1 = Math.min(width, Math.ceil(box.x + box.width))
  const y1 = Math.min(height, Math.ceil(box.y + box.height))
  return x1 > x0 && y1 > y0 ? { x: x0, y: y0, width: x1 - x0, height: y1 - y0 } : null
}

export const visibleRegion = (
  viewer: OpenSeadragon.Viewer | null,
  slide: { readonly width: number | null; readonly height: number | null }
): ReportRegion | null => {
  if (viewer === null || slide.width === null || slide.height === null || viewer.world.getItemCount() === 0) return null
  // The bounds of the rotated view; the snapshot shows the slide unrotated, so the box around them.
  const bounds = viewer.viewport.viewportToImageRectangle(viewer.viewport.getBoundsNoRotate(true))
  return clippedRegion(bounds, slide.width, slide.height)
}

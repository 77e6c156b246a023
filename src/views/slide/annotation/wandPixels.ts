// What the wand reads: the pixels the viewer shows, as OpenSeadragon's drawer has composed them from
// the tiles it holds at the current level (QuPath's wand, too, reads the image as the viewer paints
// it, at the viewer's downsample). The drawer's canvas is a 2D canvas with the WebGL drawer (it copies
// its frames there) as with the canvas one; the tiles are same-origin, so the canvas can be read.
// The annotation overlay is its own canvas above, so shapes already drawn are not read as tissue.
//
// Read once per press, at CSS-pixel size (a high-density screen's extra pixels add work, not
// precision one sees) and softened by one pixel as QuPath blurs before its fill, so a stain's grain
// does not riddle the region with holes; the drag then grows again from the same pixels.
import OpenSeadragon from "openseadragon"
import type { Point } from "../../../annotation/geometry.ts"
import { wandRegion } from "../../../annotation/wand/region.ts"
import type { WandReading } from "../../../annotation/wand/source.ts"

/** Softening before the fill, CSS px (a canvas filter; ignored where the browser has none). */
const BLUR_PX = 1

/** The viewer's shown pixels, or null when its drawer has no canvas to read (the HTML drawer) or is empty. */
export const readShownPixels = (viewer: OpenSeadragon.Viewer): WandReading | null => {
  const source = viewer.drawer?.canvas
  if (!(source instanceof HTMLCanvasElement)) return null
  const width = Math.round(source.clientWidth)
  const height = Math.round(source.clientHeight)
  if (width === 0 || height === 0 || source.width === 0 || source.height === 0) return null
  const scratch = document.createElement("canvas")
  scratch.width = width
  scratch.height = height
  const context = scratch.getContext("2d", { willReadFrequently: true })
  if (context === null) return null
  context.filter = `blur(${BLUR_PX}px)`
  context.drawImage(source, 0, 0, width, height)
  const data = context.getImageData(0, 0, width, height).data
  const pixels = { width, height, data }
  const viewport = viewer.viewport
  // Points of the pixels read are CSS pixels of the viewer's element.
  const toImage = ([x, y]: Point): Point => {
    const p = viewport.viewerElementToImageCoordinates(new OpenSeadragon.Point(x, y))
    return [p.x, p.y]
  }
  return {
    grow: (x, y, tolerance) => {
      const at = viewport.imageToViewerElementCoordinates(new OpenSeadragon.Point(x, y))
      return wandRegion(pixels, at.x, at.y, tolerance, toImage)
    }
  }
}

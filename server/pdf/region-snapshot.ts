// A report's snapshot: a region of the slide read from its Deep Zoom pyramid at the level nearest to
// SNAPSHOT_PX on its long side (so a region of a gigapixel slide is never decoded at full size), with
// the slide's annotations inside it drawn over it as an SVG composited by sharp: outlines in their
// label's colour, lightly filled, holes kept (even-odd), counted points as dots, detections lighter.
import sharp from "sharp"
import type { Geometry } from "../../src/annotation/geometry.ts"
import { ringsOf } from "../../src/annotation/rings.ts"
import type { ReportRegion } from "../../src/contract/report-fields.ts"
import { openDzi, readRegion } from "../images/dzi-region.ts"

/** The snapshot's long side at most, in pixels: sharp in print at the PDF's width. */
export const SNAPSHOT_PX = 1600
/** Shapes drawn at most: past this an SVG takes longer to render than the rest of the report. */
export const SNAPSHOT_SHAPES = 20_000

export interface SnapshotShape {
  readonly kind: Geometry["kind"]
  /** Flat x,y in full-resolution pixels; an area's rings separated by a NaN pair. */
  readonly coords: Float64Array
  readonly color: string
  /** A detection of an analysis, drawn lighter. */
  readonly locked: boolean
}

export interface Snapshot {
  readonly jpeg: Uint8Array
  readonly width: number
  readonly height: number
  /** Shapes inside the region left undrawn past SNAPSHOT_SHAPES (at least). */
  readonly omitted: number
}

const safeColor = (color: string) => (/^#[0-9a-f]{6}$/i.test(color) ? color : "#ffeb3b")

/** The SVG of the shapes over a snapshot of `width` x `height` showing `region`. */
const overlaySvg = (shapes: ReadonlyArray<SnapshotShape>, region: ReportRegion, width: number, height: number): string => {
  const s = width / region.width
  const px = (x: number) => ((x - region.x) * s).toFixed(1)
  const py = (y: number) => ((y - region.y) * s).toFixed(1)
  const parts: string[] = []
  for (const shape of shapes) {
    const color = safeColor(shape.color)
    const opacity = shape.locked ? 0.55 : 1
    if (shape.kind === "points") {
      for (let i = 0; i < shape.coords.length; i += 2)
        parts.push(
          `<circle cx="${px(shape.coords[i]!)}" cy="${py(shape.coords[i + 1]!)}" r="5" fill="${color}" fill-opacity="${opacity}" stroke="#000" stroke-opacity="0.6" stroke-width="1.2"/>`
        )
      continue
    }
    const closed = shape.kind !== "polyline"
    const d = ringsOf(shape.coords)
      .map((ring) => {
        let path = `M${px(ring[0]!)} ${py(ring[1]!)}`
        for (let i = 2; i < ring.length; i += 2) path += `L${px(ring[i]!)} ${py(ring[i + 1]!)}`
        return closed ? `${path}Z` : path
      })
      .join("")
    parts.push(
      `<path d="${d}" fill="${closed ? color : "none"}" fill-opacity="0.15" fill-rule="evenodd" stroke="${color}" stroke-opacity="${opacity}" stroke-width="2.5" stroke-linejoin="round"/>`
    )
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${parts.join("")}</svg>`
}

/** The region of the slide whose pyramid is `dziPath` (`slide` px wide and high), with `shapes` drawn on it. */
export const regionSnapshot = async (
  dziPath: string,
  slide: { readonly width: number; readonly height: number },
  region: ReportRegion,
  shapes: ReadonlyArray<SnapshotShape>
): Promise<Snapshot> => {
  const longest = Math.max(region.width, region.height)
  // The level whose pixels are closest to SNAPSHOT_PX over the region, never coarser than that.
  const halvings = Math.max(0, Math.floor(Math.log2(longest / SNAPSHOT_PX)))
  const f = 2 ** halvings
  const levelWidth = Math.ceil(slide.width / f)
  const levelHeight = Math.ceil(slide.height / f)
  const x = Math.min(levelWidth - 1, Math.floor(region.x / f))
  const y = Math.min(levelHeight - 1, Math.floor(region.y / f))
  const box = {
    x,
    y,
    w: Math.max(1, Math.min(levelWidth - x, Math.ceil(region.width / f))),
    h: Math.max(1, Math.min(levelHeight - y, Math.ceil(region.height / f)))
  }
  const pixels = await readRegion(await openDzi(dziPath, halvings), box)
  const scale = Math.min(1, SNAPSHOT_PX / Math.max(box.w, box.h))
  const width = Math.max(1, Math.round(box.w * scale))
  const height = Math.max(1, Math.round(box.h * scale))
  const drawn = shapes.slice(0, SNAPSHOT_SHAPES)
  const jpeg = await sharp(pixels.data, { raw: { width: box.w, height: box.h, channels: 3 } })
    .resize(width, height)
    .composite([{ input: Buffer.from(overlaySvg(drawn, region, width, height)), top: 0, left: 0 }])
    // Full colour resolution: thin coloured outlines lose their colour to 4:2:0 subsampling.
    .jpeg({ quality: 88, chromaSubsampling: "4:4:4" })
    .toBuffer()
  return { jpeg: new Uint8Array(jpeg), width, height, omitted: shapes.length - drawn.length }
}

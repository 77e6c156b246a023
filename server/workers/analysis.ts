// An analysis as a child process of the analysis worker: libvips decoding and seconds of pixel work
// per tile stay off the server's event loop and out of its heap, and a crash ends this process only.
//   node server/workers/analysis.ts '<AnalysisChildRequest JSON>'
// prints one AnalysisLine per tile, then {"kind":"finished"}; any other ending is a crash.
import { once } from "node:events"
import { insideRing } from "../../src/annotation/counting.ts"
import { cometMarginPx, detectComets } from "../ai/comet/comet.ts"
import { countBlobs, countingMarginPx } from "../ai/counting/counting.ts"
import { detectEggs, fasciolaMarginPx, type RejectReason } from "../ai/fasciola/fasciola.ts"
import { detectNuclei, marginPx } from "../ai/ki67/ki67.ts"
import type { Core } from "../ai/ki67/ki67.ts"
import type { RgbTile } from "../ai/raster.ts"
import { type Box, planTiles } from "../ai/tiles.ts"
import { openDzi, readRegion } from "../images/dzi-region.ts"
import type { AnalysisChildRequest, AnalysisLine, Detection } from "./analysis-protocol.ts"
import { imtDetections } from "./imt-run.ts"
import { periodontitisDetections } from "./periodontitis-run.ts"
import { strokeDetections } from "./stroke-run.ts"

const say = async (line: AnalysisLine) => {
  if (!process.stdout.write(`${JSON.stringify(line)}\n`)) await once(process.stdout, "drain")
}

const round = (v: number, places: number) => Math.round(v * 10 ** places) / 10 ** places

const request = JSON.parse(process.argv[2] ?? "{}") as AnalysisChildRequest
const source = await openDzi(request.dzi)
const { width, height } = source.descriptor
const margin =
  request.analysis === "ki67"
    ? marginPx(request.parameters, request.mpp ?? 0.25)
    : request.analysis === "fasciola"
      ? fasciolaMarginPx(request.parameters, request.mpp ?? 1)
      : request.analysis === "comet"
        ? cometMarginPx(request.parameters, request.mpp)
        : request.analysis === "counting"
          ? countingMarginPx(request.parameters, request.mpp)
          : 0
const tiles = planTiles(request.box, request.tileSize, margin, width, height)
const ring = request.ring

/** One tile's detections in image pixels, and (Fasciola) the objects of its core left out by reason. */
function detectionsOf(pixels: RgbTile, read: Box, local: Core): { items: Detection[]; rejected?: Partial<Record<RejectReason, number>> } {
  switch (request.analysis) {
    case "fasciola": {
      const result = detectEggs(pixels, request.mpp ?? 1, request.parameters, local)
      const rejected: Partial<Record<RejectReason, number>> = {}
      for (const r of result.rejectedAt)
        if (ring === null || insideRing(ring, r.x + read.x, r.y + read.y)) rejected[r.reason] = (rejected[r.reason] ?? 0) + 1
      return {
        rejected,
        items: result.eggs.map((e) => ({
          x: e.x + read.x,
          y: e.y + read.y,
          area: round(e.areaUm2, 1),
          cls: 0,
          ellipse: {
            lengthUm: round(e.lengthUm, 2),
            widthUm: round(e.widthUm, 2),
            a: round(e.semiMajorPx, 2),
            b: round(e.semiMinorPx, 2),
            angle: round(e.angle, 4)
          }
        }))
      }
    }
    case "comet":
      return {
        items: detectComets(pixels, request.mpp, request.parameters, local).map((c) => ({
          x: c.x + read.x,
          y: c.y + read.y,
          area: round(c.area, 1),
          cls: 0,
          comet: {
            tailDnaPct: round(c.tailDnaPct, 3),
            tailLength: round(c.tailLength, 2),
            tailMoment: round(c.tailMoment, 3),
            oliveMoment: round(c.oliveMoment, 3),
            box: [c.x0 + read.x, c.y0 + read.y, c.x1 + read.x, c.y1 + read.y] as const
          }
        }))
      }
    case "ki67":
      return {
        items: detectNuclei(pixels, request.mpp ?? 0.25, request.parameters, local).map((n) => ({
          x: n.x + read.x,
          y: n.y + read.y,
          area: round(n.areaUm2, 2),
          cls: n.intensity,
          dab: round(n.dab, 4),
          h: round(n.hematoxylin, 4)
        }))
      }
    case "stroke":
    case "imt":
    case "periodontitis":
      throw new Error(`${request.analysis} reads its region whole, not tiles (whole-region.ts)`)
    case "counting":
      return {
        items: countBlobs(pixels, request.mpp, request.parameters, local).map((b) => ({
          x: b.x + read.x,
          y: b.y + read.y,
          area: round(b.area, 2),
          cls: 0
        }))
      }
  }
}

const whole = request.analysis === "stroke" || request.analysis === "imt" || request.analysis === "periodontitis"
if (whole) {
  // The whole region at once (whole-region.ts): one line of results.
  const items =
    request.analysis === "stroke"
      ? await strokeDetections(request)
      : request.analysis === "imt"
        ? await imtDetections(request)
        : request.analysis === "periodontitis"
          ? await periodontitisDetections(request)
          : []
  await say({ kind: "tile", done: 1, of: 1, items })
} else
  for (const [index, { core, read }] of tiles.entries()) {
    const pixels = await readRegion(source, read)
    const local = { x0: core.x - read.x, y0: core.y - read.y, x1: core.x - read.x + core.w, y1: core.y - read.y + core.h }
    const { items: found, rejected } = detectionsOf(pixels, read, local)
    const items = found
      .filter((d) => ring === null || insideRing(ring, d.x, d.y))
      .map((d) => ({ ...d, x: round(d.x, 1), y: round(d.y, 1) }))
    await say({ kind: "tile", done: index + 1, of: tiles.length, items, ...(rejected ? { rejected } : {}) })
  }
await say({ kind: "finished", tiles: whole ? 1 : tiles.length })

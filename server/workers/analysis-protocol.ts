// What the analysis worker and its child process say to each other: the request goes as one JSON
// argument; the child answers one JSON line per tile with that tile's detections (the pipe's own
// backpressure holds the child while the server writes a batch), then one closing line.
import type { CometParameters } from "../ai/comet/comet.ts"
import type { CountingParameters } from "../ai/counting/counting.ts"
import type { FasciolaParameters, RejectReason } from "../ai/fasciola/fasciola.ts"
import type { Ki67Parameters } from "../ai/ki67/ki67.ts"
import type { ImtParameters } from "../ai/imt/imt.ts"
import type { PeriodontitisParameters, Stage } from "../ai/periodontitis/periodontitis.ts"
import type { StrokeParameters } from "../ai/stroke/stroke.ts"
import type { Box } from "../ai/tiles.ts"

export type AnalysisRun =
  | { readonly analysis: "ki67"; readonly parameters: Ki67Parameters }
  | { readonly analysis: "counting"; readonly parameters: CountingParameters }
  | { readonly analysis: "fasciola"; readonly parameters: FasciolaParameters }
  | { readonly analysis: "comet"; readonly parameters: CometParameters }
  | { readonly analysis: "stroke"; readonly parameters: StrokeParameters }
  | { readonly analysis: "imt"; readonly parameters: ImtParameters }
  | { readonly analysis: "periodontitis"; readonly parameters: PeriodontitisParameters }

export type AnalysisChildRequest = AnalysisRun & {
  /** The slide's Deep Zoom descriptor. */
  readonly dzi: string
  /** The region's box in full-resolution pixels, and its outline (x, y pairs; null: the box itself). */
  readonly box: Box
  readonly ring: ReadonlyArray<number> | null
  readonly mpp: number | null
  /** Core side of one tile, pixels. */
  readonly tileSize: number
}

/** One detected object, in full-resolution image pixels. */
export interface Detection {
  readonly x: number
  readonly y: number
  /** µm² (Ki67 always; counting when the slide has a resolution), else px². */
  readonly area: number
  /** Ki67: 0 negative, 1..3 for 1+..3+; the others: 0. */
  readonly cls: number
  /** Ki67's mean optical densities. */
  readonly dab?: number
  readonly h?: number
  /** Fasciola: the fitted ellipse's full axes in µm, its half-axes in pixels and its angle (radians). */
  readonly ellipse?: {
    readonly lengthUm: number
    readonly widthUm: number
    readonly a: number
    readonly b: number
    readonly angle: number
  }
  /** Comet: the measurements (lengths in µm with a resolution, else px) and the comet's box in image pixels. */
  readonly comet?: {
    readonly tailDnaPct: number
    readonly tailLength: number
    readonly tailMoment: number
    readonly oliveMoment: number
    readonly box: readonly [x0: number, y0: number, x1: number, y1: number]
  }
  /** Stroke: which part of the slice (area in mm²), the side it is on, its outline (x, y pairs, image pixels). */
  readonly stroke?: {
    readonly part: "infarct" | "ipsilateral" | "contralateral"
    readonly side: "left" | "right"
    readonly ring: ReadonlyArray<number>
  }
  /** IMT: one interface's trace (x, y pairs, image pixels) and the region's IMT in mm. */
  readonly imt?: {
    readonly line: "li" | "ma"
    readonly path: ReadonlyArray<number>
    readonly meanMm: number
    readonly maxMm: number
    readonly sdMm: number
    readonly columns: number
  }
  /**
   * Periodontitis: one landmark of tooth `tooth` (from 1) as a point, or its CEJ -> apex axis (x, y
   * pairs, image pixels) as an open line; each carries the tooth's measures (mm null without a resolution).
   */
  readonly perio?: {
    readonly tooth: number
    readonly part: "cej" | "crest" | "apex" | "axis"
    readonly path?: ReadonlyArray<number>
    /** The landmark moved onto an edge (points), or how the crest was had (axis). */
    readonly snapped?: boolean
    readonly crestSource: "given" | "found" | "none"
    readonly rblPct: number | null
    readonly stage: Stage | null
    readonly cejCrestMm: number | null
    readonly rootMm: number | null
  }
}

export type AnalysisLine =
  | {
      readonly kind: "tile"
      readonly done: number
      readonly of: number
      readonly items: ReadonlyArray<Detection>
      /** Fasciola: the objects of this tile's core left out, by reason. */
      readonly rejected?: Partial<Record<RejectReason, number>>
    }
  | { readonly kind: "finished"; readonly tiles: number }

export const parseLine = (line: string): AnalysisLine | undefined => {
  try {
    const value = JSON.parse(line) as AnalysisLine
    return value.kind === "tile" || value.kind === "finished" ? value : undefined
  } catch {
    return undefined
  }
}

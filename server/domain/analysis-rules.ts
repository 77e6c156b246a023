// The rules of analysis jobs, pure: parameters as sent made whole (defaults, bounds between fields),
// what a job's state means, the plan's period limit, the labels results are filed under, and the
// messages users read. The service (server/services/ai/Analyses.ts) and the worker apply them.
import type {
  AnalysisKind,
  AnalysisState,
  CometParameters as WireComet,
  CountingParameters as WireCounting,
  FasciolaParameters as WireFasciola,
  ImtParameters as WireImt,
  Ki67Parameters as WireKi67,
  PeriodontitisParameters as WirePeriodontitis,
  StrokeParameters as WireStroke
} from "../../src/contract/analysis.ts"
import type { FieldErrors } from "../../src/contract/errors.ts"
import { PaymentRequired } from "../../src/contract/errors.ts"
import { COUNTING_DEFAULTS, type CountingParameters } from "../ai/counting/counting.ts"
import { COMET_DEFAULTS, type CometParameters } from "../ai/comet/comet.ts"
import { FASCIOLA_DEFAULTS, type FasciolaParameters } from "../ai/fasciola/fasciola.ts"
import { KI67_DEFAULTS, type Ki67Parameters } from "../ai/ki67/ki67.ts"
import { IMT_DEFAULTS, type ImtParameters } from "../ai/imt/imt.ts"
import { PERIODONTITIS_DEFAULTS, type PeriodontitisParameters, type Stage } from "../ai/periodontitis/periodontitis.ts"
import { STROKE_DEFAULTS, type StrokeParameters } from "../ai/stroke/stroke.ts"
import type { Plan } from "./plans.ts"

export type Checked<A> = { readonly ok: true; readonly value: A } | { readonly ok: false; readonly fields: FieldErrors }

export const ki67ParametersOf = (sent: WireKi67 | undefined): Checked<Ki67Parameters> => {
  const value: Ki67Parameters = {
    nucleusThreshold: sent?.nucleus_threshold ?? KI67_DEFAULTS.nucleusThreshold,
    sigmaUm: sent?.sigma_um ?? KI67_DEFAULTS.sigmaUm,
    minAreaUm2: sent?.min_area_um2 ?? KI67_DEFAULTS.minAreaUm2,
    maxAreaUm2: sent?.max_area_um2 ?? KI67_DEFAULTS.maxAreaUm2,
    thresholds: sent?.thresholds ?? KI67_DEFAULTS.thresholds,
    split: sent?.split ?? KI67_DEFAULTS.split
  }
  const errors: string[] = []
  if (value.minAreaUm2 >= value.maxAreaUm2) errors.push("min_area_um2 must be below max_area_um2.")
  const [t1, t2, t3] = value.thresholds
  if (!(t1 <= t2 && t2 <= t3)) errors.push("thresholds must rise: 1+ <= 2+ <= 3+.")
  return errors.length > 0 ? { ok: false, fields: { data: errors } } : { ok: true, value }
}

export const countingParametersOf = (sent: WireCounting): Checked<CountingParameters> => {
  const value: CountingParameters = {
    color: sent.color.toUpperCase(),
    tolerance: sent.tolerance ?? COUNTING_DEFAULTS.tolerance,
    minArea: sent.min_area ?? COUNTING_DEFAULTS.minArea,
    maxArea: sent.max_area ?? COUNTING_DEFAULTS.maxArea,
    split: sent.split ?? COUNTING_DEFAULTS.split
  }
  return value.minArea >= value.maxArea ? { ok: false, fields: { data: ["min_area must be below max_area."] } } : { ok: true, value }
}

export const fasciolaParametersOf = (sent: WireFasciola | undefined): Checked<FasciolaParameters> => {
  const value: FasciolaParameters = {
    minLengthUm: sent?.min_length_um ?? FASCIOLA_DEFAULTS.minLengthUm,
    maxLengthUm: sent?.max_length_um ?? FASCIOLA_DEFAULTS.maxLengthUm,
    minWidthUm: sent?.min_width_um ?? FASCIOLA_DEFAULTS.minWidthUm,
    maxWidthUm: sent?.max_width_um ?? FASCIOLA_DEFAULTS.maxWidthUm,
    tolerancePct: sent?.tolerance_pct ?? FASCIOLA_DEFAULTS.tolerancePct,
    minSaturation: sent?.min_saturation ?? FASCIOLA_DEFAULTS.minSaturation,
    split: sent?.split ?? FASCIOLA_DEFAULTS.split,
    sampleWeightG: sent?.sample_weight_g ?? FASCIOLA_DEFAULTS.sampleWeightG
  }
  const errors: string[] = []
  if (value.minLengthUm >= value.maxLengthUm) errors.push("min_length_um must be below max_length_um.")
  if (value.minWidthUm >= value.maxWidthUm) errors.push("min_width_um must be below max_width_um.")
  if (value.minWidthUm > value.maxLengthUm) errors.push("min_width_um must not exceed max_length_um: an egg's width is its shorter axis.")
  return errors.length > 0 ? { ok: false, fields: { data: errors } } : { ok: true, value }
}

export const cometParametersOf = (sent: WireComet | undefined): Checked<CometParameters> => {
  const value: CometParameters = {
    threshold: sent?.threshold ?? COMET_DEFAULTS.threshold,
    minArea: sent?.min_area ?? COMET_DEFAULTS.minArea,
    maxArea: sent?.max_area ?? COMET_DEFAULTS.maxArea
  }
  return value.minArea >= value.maxArea ? { ok: false, fields: { data: ["min_area must be below max_area."] } } : { ok: true, value }
}

export const strokeParametersOf = (sent: WireStroke | undefined): Checked<StrokeParameters> => {
  const value: StrokeParameters = {
    backgroundValue: sent?.background_value ?? STROKE_DEFAULTS.backgroundValue,
    infarctSaturation: sent?.infarct_saturation ?? STROKE_DEFAULTS.infarctSaturation,
    midlineX: sent?.midline_x ?? STROKE_DEFAULTS.midlineX,
    sliceThicknessMm: sent?.slice_thickness_mm ?? STROKE_DEFAULTS.sliceThicknessMm
  }
  const line = sent?.midline
  if (line === undefined || line === null) return { ok: true, value }
  // Left and right hemispheres are named across the line: it must run top to bottom, not across.
  if (Math.abs(line.y1 - line.y0) <= Math.abs(line.x1 - line.x0))
    return { ok: false, fields: { data: ["midline must run top to bottom, within 45° of vertical."] } }
  return { ok: true, value: { ...value, midlineLine: line } }
}

export const imtParametersOf = (sent: WireImt | undefined): Checked<ImtParameters> => {
  const value: ImtParameters = {
    minImtMm: sent?.min_imt_mm ?? IMT_DEFAULTS.minImtMm,
    maxImtMm: sent?.max_imt_mm ?? IMT_DEFAULTS.maxImtMm
  }
  return value.minImtMm >= value.maxImtMm ? { ok: false, fields: { data: ["min_imt_mm must be below max_imt_mm."] } } : { ok: true, value }
}

/** A root shorter than this many pixels is no tooth: the CEJ and the apex were put on one spot. */
const MIN_ROOT_PX = 10

export const periodontitisParametersOf = (sent: WirePeriodontitis): Checked<PeriodontitisParameters> => {
  const value: PeriodontitisParameters = {
    teeth: sent.teeth.map((t) => ({ cej: t.cej, crest: t.crest ?? null, apex: t.apex })),
    ageYears: sent.age_years ?? PERIODONTITIS_DEFAULTS.ageYears,
    snapPx: sent.snap_px ?? PERIODONTITIS_DEFAULTS.snapPx
  }
  const errors = value.teeth.flatMap((t, i) =>
    Math.hypot(t.apex.x - t.cej.x, t.apex.y - t.cej.y) < MIN_ROOT_PX
      ? [`Tooth ${i + 1}: the apex must be at least ${MIN_ROOT_PX} pixels from the CEJ.`]
      : []
  )
  return errors.length > 0 ? { ok: false, fields: { data: errors } } : { ok: true, value }
}

/** Every landmark inside the image (width x height pixels), else the message. */
export const landmarksOutside = (p: PeriodontitisParameters, width: number, height: number): string | undefined =>
  p.teeth.some((t) => [t.cej, t.apex, ...(t.crest ? [t.crest] : [])].some((q) => q.x > width || q.y > height))
    ? `Every landmark must lie on the image (${width} × ${height} pixels).`
    : undefined

export const isFinished = (state: AnalysisState): boolean => state === "done" || state === "failed" || state === "cancelled"

/** The labels a job's detections are filed under, by class; created on the slide when missing. */
export interface ResultLabel {
  readonly name: string
  readonly color: string
}

export const KI67_LABELS = {
  negative: { name: "Ki67 negative", color: "#3B82F6" },
  positive: { name: "Ki67 positive", color: "#8B4513" }
} as const satisfies Record<string, ResultLabel>

/** Cyan: an outline the yellow-brown eggs and the beige sediment both set off. */
export const FASCIOLA_LABEL: ResultLabel = { name: "Fasciola egg", color: "#00B4D8" }

export const COMET_LABEL: ResultLabel = { name: "Comet", color: "#F43F5E" }

/** Yellow on the red slice for the infarct; the hemispheres in two colours neither stain has. */
export const STROKE_LABELS = {
  infarct: { name: "Infarct", color: "#FACC15" },
  ipsilateral: { name: "Ipsilateral hemisphere", color: "#38BDF8" },
  contralateral: { name: "Contralateral hemisphere", color: "#A3E635" }
} as const satisfies Record<string, ResultLabel>

/** The two interfaces IMT traces, in colours the grey ultrasound sets off. */
export const IMT_LABELS = {
  li: { name: "Lumen-intima interface", color: "#F472B6" },
  ma: { name: "Media-adventitia interface", color: "#22D3EE" }
} as const satisfies Record<string, ResultLabel>

/** The three landmarks and the axis, in colours a grey radiograph sets off and that tell them apart. */
export const PERIODONTITIS_LABELS = {
  cej: { name: "Cemento-enamel junction", color: "#F59E0B" },
  crest: { name: "Alveolar crest", color: "#22D3EE" },
  apex: { name: "Root apex", color: "#C084FC" },
  axis: { name: "Tooth axis", color: "#4ADE80" }
} as const satisfies Record<string, ResultLabel>

export const STAGE_NAMES: Record<Stage, string> = { 1: "I", 2: "II", 3: "III/IV" }

/** A tooth's landmark or axis as its annotation's description: the tooth, its bone loss and stage, and what moved. */
export const periodontitisDescription = (p: {
  tooth: number
  part: "cej" | "crest" | "apex" | "axis"
  snapped?: boolean
  crestSource: "given" | "found" | "none"
  rblPct: number | null
  stage: Stage | null
  cejCrestMm: number | null
  rootMm: number | null
}): string => {
  const rbl = p.rblPct === null ? "RBL %: –" : `RBL %: ${p.rblPct.toFixed(1)}; Stage: ${p.stage === null ? "–" : STAGE_NAMES[p.stage]}`
  const mm =
    p.rootMm === null ? "" : `; CEJ-crest mm: ${p.cejCrestMm === null ? "–" : p.cejCrestMm.toFixed(2)}; Root mm: ${p.rootMm.toFixed(2)}`
  const how = p.part === "axis" ? `Crest: ${p.crestSource}` : `Snapped: ${p.snapped ? "yes" : "no"}`
  return `Tooth: ${p.tooth}; ${rbl}${mm}; ${how}`
}

/** The region's IMT as each trace's description. */
export const imtDescription = (m: { meanMm: number; maxMm: number; sdMm: number; columns: number }): string =>
  `IMT mean mm: ${m.meanMm.toFixed(3)}; IMT max mm: ${m.maxMm.toFixed(3)}; IMT SD mm: ${m.sdMm.toFixed(3)}; Columns: ${m.columns}`

/** A stroke part's area (and side) as its annotation's description. */
export const strokeDescription = (areaMm2: number, side: "left" | "right"): string => `Area mm^2: ${areaMm2.toFixed(2)}; Side: ${side}`

export const countingLabel = (color: string): ResultLabel => ({ name: `Count ${color.toUpperCase()}`, color: color.toUpperCase() })

/** A Ki67 detection's measurements as its annotation's description (QuPath's measurement names). */
export const ki67Description = (areaUm2: number, dab: number, hematoxylin: number, intensity: number): string =>
  `Area µm^2: ${areaUm2.toFixed(1)}; DAB OD mean: ${dab.toFixed(3)}; Hematoxylin OD mean: ${hematoxylin.toFixed(3)}; Intensity: ${
    intensity === 0 ? "negative" : `${intensity}+`
  }`

export const countingDescription = (area: number, unit: "µm^2" | "px^2"): string => `Area ${unit}: ${area.toFixed(1)}`

/** A Fasciola egg's measurements as its annotation's description (QuPath's naming, µm). */
export const fasciolaDescription = (lengthUm: number, widthUm: number, areaUm2: number): string =>
  `Length µm: ${lengthUm.toFixed(1)}; Width µm: ${widthUm.toFixed(1)}; Area µm^2: ${areaUm2.toFixed(0)}`

/** A comet's measurements as its annotation's description (OpenComet's names). */
export const cometDescription = (
  c: { tailDnaPct: number; tailLength: number; tailMoment: number; oliveMoment: number },
  unit: "µm" | "px"
): string =>
  `Tail DNA %: ${c.tailDnaPct.toFixed(1)}; Tail length ${unit}: ${c.tailLength.toFixed(1)}; Tail moment: ${c.tailMoment.toFixed(2)}; Olive tail moment: ${c.oliveMoment.toFixed(2)}`

/** The plan's analyses per period, and this period's count so far. */
export const limitRefusal = (plan: Plan, used: number, feature: AnalysisKind): PaymentRequired | undefined =>
  used < plan.analyses
    ? undefined
    : new PaymentRequired({
        message: `Your ${plan.name} plan's ${plan.analyses} analyses for this period are used up. They renew with the next period, or choose a larger plan on the pricing page.`,
        code: "analysis_limit",
        feature: feature === "counting" ? "ai_counting" : "ai_analysis",
        plan: plan.id
      })

export const analysisMessages = {
  accepted: "Analysis accepted: it runs in the background.",
  jobNotFound: "Analysis not found.",
  alreadyFinished: "This analysis has already ended.",
  stillRunning: "This analysis is still running: cancel it first.",
  detectionReadOnly:
    "This annotation was made by an analysis and is read-only. Remove the analysis' results instead (DELETE /v2/ai/jobs/{id}/results/).",
  notReady: "The slide is not ready for analysis yet: wait until its upload is processed.",
  imtNeedsResolution:
    "IMT is measured in mm: give the image its microns per pixel first (PUT /v2/labs/{id}/resolution/, or the calibration tool on its depth scale).",
  strokeNeedsResolution:
    "Infarct areas are measured in mm²: give the slide its microns per pixel first (PUT /v2/labs/{id}/resolution/, or the calibration tool).",
  fasciolaNeedsResolution:
    "Fasciola eggs are measured in µm (130–150 × 63–90): give the slide its microns per pixel first (PUT /v2/labs/{id}/resolution/).",
  regionNotFound: "The region's annotation is not an annotation of this slide.",
  regionNotClosed: "Give a closed shape (rectangle, ellipse, polygon or region) as the region.",
  failed: "AI Analysis is failed",
  crashed: "There is an error when running AI service."
} as const

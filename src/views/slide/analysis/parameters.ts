// The analysis form's values (text as typed) and the order they make. Defaults are the server's
// (QuPath's for Ki67: thresholds 0.2 / 0.4 / 0.6 DAB OD, nuclei of 10 to 400 µm², nucleus threshold
// 0.1 OD, smoothing 1.5 µm, touching nuclei split; counting: tolerance 60, 10 to 10,000 in area;
// Fasciola: eggs of 130–150 × 63–90 µm with 10 % tolerance, saturation 0.3, no sample weight;
// comet assay: 25 levels above the background, comets of 100 to 50,000 in area; stroke: background
// below value 0.2, infarct below saturation 0.35, the midline by symmetry, no thickness; IMT: 0.3 to 2.5 mm;
// periodontitis: no teeth until the user adds them, no age, landmarks snapped within 8 px).
// A form that does not make a valid order (a number out of the contract's range, minimum above
// maximum, thresholds not rising) makes none, and the Run button says why.
import type { AnalysisKind, AnalysisRegion } from "../../../contract/analysis.ts"
import type { AnalysisOrder } from "../../../effects/analysis/analysis.ts"

export interface Ki67Form {
  readonly plus1: string
  readonly plus2: string
  readonly plus3: string
  readonly minArea: string
  readonly maxArea: string
  readonly nucleusThreshold: string
  readonly sigma: string
  readonly split: boolean
}

export interface CountingForm {
  readonly color: string
  readonly tolerance: string
  readonly minArea: string
  readonly maxArea: string
  readonly split: boolean
}

export interface FasciolaForm {
  readonly minLength: string
  readonly maxLength: string
  readonly minWidth: string
  readonly maxWidth: string
  readonly tolerance: string
  /** Grams of stool the region holds; empty: no eggs per gram. */
  readonly sampleWeight: string
  readonly saturation: string
  readonly split: boolean
}

export interface CometForm {
  readonly threshold: string
  readonly minArea: string
  readonly maxArea: string
}

export interface StrokeForm {
  /** The midline's x in image pixels; empty: found by the slice's symmetry. */
  readonly midline: string
  /** mm; empty: no volume. */
  readonly thickness: string
  readonly background: string
  readonly saturation: string
}

/** A landmark in image pixels. */
export interface Landmark {
  readonly x: number
  readonly y: number
}

/** One tooth's landmarks as taken from the selected points; no crest: found along the CEJ -> apex line. */
export interface ToothForm {
  readonly cej: Landmark
  readonly crest: Landmark | null
  readonly apex: Landmark
}

export interface PeriodontitisForm {
  readonly teeth: ReadonlyArray<ToothForm>
  /** Years; empty: no grade. */
  readonly age: string
  /** Pixels a landmark may move onto an edge. */
  readonly snap: string
}

/** The selected points, in the order they were selected, as a tooth: CEJ, crest, apex; or CEJ, apex (the crest found). */
export const toothOf = (points: ReadonlyArray<Landmark>): ToothForm | null =>
  points.length === 3
    ? { cej: points[0]!, crest: points[1]!, apex: points[2]! }
    : points.length === 2
      ? { cej: points[0]!, crest: null, apex: points[1]! }
      : null

export interface ImtForm {
  readonly minImt: string
  readonly maxImt: string
}

export interface AnalysisForm {
  readonly analysis: AnalysisKind
  readonly ki67: Ki67Form
  readonly counting: CountingForm
  readonly fasciola: FasciolaForm
  readonly comet: CometForm
  readonly stroke: StrokeForm
  readonly imt: ImtForm
  readonly periodontitis: PeriodontitisForm
}

export const defaultForm: AnalysisForm = {
  analysis: "ki67",
  ki67: { plus1: "0.2", plus2: "0.4", plus3: "0.6", minArea: "10", maxArea: "400", nucleusThreshold: "0.1", sigma: "1.5", split: true },
  // Hematoxylin-blue nuclei: the colour most counts start from.
  counting: { color: "#5A4A9C", tolerance: "60", minArea: "10", maxArea: "10000", split: false },
  fasciola: {
    minLength: "130",
    maxLength: "150",
    minWidth: "63",
    maxWidth: "90",
    tolerance: "10",
    sampleWeight: "",
    saturation: "0.3",
    split: true
  },
  comet: { threshold: "25", minArea: "100", maxArea: "50000" },
  stroke: { midline: "", thickness: "", background: "0.2", saturation: "0.35" },
  imt: { minImt: "0.3", maxImt: "2.5" },
  periodontitis: { teeth: [], age: "", snap: "8" }
}

/** A number typed in range (a comma read as the decimal point, as Indonesian writes it), else null. */
const numberIn = (text: string, min: number, max: number): number | null => {
  const value = Number(text.trim().replace(",", "."))
  return text.trim() !== "" && Number.isFinite(value) && value >= min && value <= max ? value : null
}

/** The numbers when every one was read, else null. */
const all = (values: ReadonlyArray<number | null>): ReadonlyArray<number> | null =>
  values.every((v) => v !== null) ? (values as ReadonlyArray<number>) : null

export const orderOf = (form: AnalysisForm, labId: string, region: AnalysisRegion): AnalysisOrder | null => {
  if (form.analysis === "ki67") {
    const k = form.ki67
    const values = [
      numberIn(k.plus1, 0, 5),
      numberIn(k.plus2, 0, 5),
      numberIn(k.plus3, 0, 5),
      numberIn(k.minArea, 0.1, 10_000),
      numberIn(k.maxArea, 0.1, 10_000),
      numberIn(k.nucleusThreshold, 0.01, 3),
      numberIn(k.sigma, 0, 10)
    ]
    const read = all(values)
    if (read === null) return null
    const [plus1 = 0, plus2 = 0, plus3 = 0, min = 0, max = 0, threshold = 0, sigma = 0] = read
    if (!(plus1 < plus2 && plus2 < plus3) || min >= max) return null
    return {
      analysis: "ki67",
      labId,
      region,
      parameters: {
        thresholds: [plus1, plus2, plus3],
        min_area_um2: min,
        max_area_um2: max,
        nucleus_threshold: threshold,
        sigma_um: sigma,
        split: k.split
      }
    }
  }
  if (form.analysis === "fasciola") return fasciolaOrder(form.fasciola, labId, region)
  if (form.analysis === "stroke") return strokeOrder(form.stroke, labId, region)
  if (form.analysis === "imt") {
    const read = all([numberIn(form.imt.minImt, 0.05, 5), numberIn(form.imt.maxImt, 0.05, 5)])
    if (read === null) return null
    const [min = 0, max = 0] = read
    if (min >= max) return null
    return { analysis: "imt", labId, region, parameters: { min_imt_mm: min, max_imt_mm: max } }
  }
  if (form.analysis === "periodontitis") return periodontitisOrder(form.periodontitis, labId)
  if (form.analysis === "comet") {
    const read = all([numberIn(form.comet.threshold, 1, 254), numberIn(form.comet.minArea, 0, 1e9), numberIn(form.comet.maxArea, 0, 1e9)])
    if (read === null) return null
    const [threshold = 0, min = 0, max = 0] = read
    if (min >= max) return null
    return { analysis: "comet", labId, region, parameters: { threshold, min_area: min, max_area: max } }
  }
  const c = form.counting
  const read = all([numberIn(c.tolerance, 0, 442), numberIn(c.minArea, 0, 1e9), numberIn(c.maxArea, 0, 1e9)])
  if (read === null || !/^#[0-9a-fA-F]{6}$/.test(c.color)) return null
  const [tolerance = 0, min = 0, max = 0] = read
  if (min >= max) return null
  return {
    analysis: "counting",
    labId,
    region,
    parameters: { color: c.color.toUpperCase(), tolerance, min_area: min, max_area: max, split: c.split }
  }
}

const fasciolaOrder = (f: FasciolaForm, labId: string, region: AnalysisRegion): AnalysisOrder | null => {
  const read = all([
    numberIn(f.minLength, 10, 1000),
    numberIn(f.maxLength, 10, 1000),
    numberIn(f.minWidth, 5, 1000),
    numberIn(f.maxWidth, 5, 1000),
    numberIn(f.tolerance, 0, 50),
    numberIn(f.saturation, 0.05, 1)
  ])
  // The weight is optional: empty is none, anything else must be a weight in range.
  const weight = f.sampleWeight.trim() === "" ? undefined : numberIn(f.sampleWeight, 0.001, 1000)
  if (read === null || weight === null) return null
  const [minLength = 0, maxLength = 0, minWidth = 0, maxWidth = 0, tolerance = 0, saturation = 0] = read
  if (minLength >= maxLength || minWidth >= maxWidth || minWidth > maxLength) return null
  return {
    analysis: "fasciola",
    labId,
    region,
    parameters: {
      min_length_um: minLength,
      max_length_um: maxLength,
      min_width_um: minWidth,
      max_width_um: maxWidth,
      tolerance_pct: tolerance,
      min_saturation: saturation,
      split: f.split,
      ...(weight === undefined ? {} : { sample_weight_g: weight })
    }
  }
}

/** Empty is none; anything else must be a number in range (null: not a valid order). */
const optionalIn = (text: string, min: number, max: number): number | undefined | null =>
  text.trim() === "" ? undefined : numberIn(text, min, max)

const strokeOrder = (f: StrokeForm, labId: string, region: AnalysisRegion): AnalysisOrder | null => {
  const read = all([numberIn(f.background, 0.01, 0.9), numberIn(f.saturation, 0.05, 0.95)])
  const midline = optionalIn(f.midline, 0, 1e7)
  const thickness = optionalIn(f.thickness, 0.01, 20)
  if (read === null || midline === null || thickness === null) return null
  const [background = 0, saturation = 0] = read
  return {
    analysis: "stroke",
    labId,
    region,
    parameters: {
      background_value: background,
      infarct_saturation: saturation,
      ...(midline === undefined ? {} : { midline_x: midline }),
      ...(thickness === undefined ? {} : { slice_thickness_mm: thickness })
    }
  }
}

/** The landmarks are the region: the image is read around them, so the order names the whole slide. */
const periodontitisOrder = (f: PeriodontitisForm, labId: string): AnalysisOrder | null => {
  const age = optionalIn(f.age, 1, 120)
  const snap = numberIn(f.snap, 0, 50)
  if (f.teeth.length === 0 || f.teeth.length > 32 || age === null || snap === null) return null
  const round = (p: Landmark) => ({ x: Math.round(p.x * 10) / 10, y: Math.round(p.y * 10) / 10 })
  return {
    analysis: "periodontitis",
    labId,
    region: { type: "slide" },
    parameters: {
      teeth: f.teeth.map((t) => ({ cej: round(t.cej), ...(t.crest ? { crest: round(t.crest) } : {}), apex: round(t.apex) })),
      snap_px: snap,
      ...(age === undefined ? {} : { age_years: age })
    }
  }
}

// /v2/ai/: image analyses of a slide (server/ai), run in the background as jobs. Spec section 7 names
// POST /v2/ai/analysis/ and POST /v2/ai/counting/; both answer 202 at once with the job, which then goes
// accepted -> running (percent) -> done | failed, or cancelled by whoever asked for it. Each change is
// sent on the slide's channel as `ai_annotation_{labId}` (AnalysisChanged); when the job ends, its
// requester gets a notification (`ai_analysis_{userId}` on their notification channel).
// Results are annotations flagged as the job's (read-only "detections"), one label per class; a job's
// results are removed in one call. Paid plans only (402 `paid_feature`), and at most the plan's number
// of analyses per period (402 `analysis_limit`).
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api"
import { AnnotationId } from "./annotations.ts"
import { Ok } from "./envelope.ts"
import { BadRequest, Conflict, Forbidden, NotFound, PaymentRequired, Unauthorized } from "./errors.ts"
import { Authorization } from "./middleware.ts"
import { Text } from "./rules.ts"

export const AnalysisKind = Schema.Literals(["ki67", "counting", "fasciola", "comet", "stroke", "imt", "periodontitis"])
export type AnalysisKind = typeof AnalysisKind.Type

export const AnalysisState = Schema.Literals(["accepted", "running", "done", "failed", "cancelled"])
export type AnalysisState = typeof AnalysisState.Type

/** The whole slide, or the inside of one of its closed annotations (rectangle, polygon, ellipse, region). */
export const AnalysisRegion = Schema.Union([
  Schema.Struct({ type: Schema.Literal("slide") }),
  Schema.Struct({ type: Schema.Literal("annotation"), annotation_id: AnnotationId })
])
export type AnalysisRegion = typeof AnalysisRegion.Type

const between = (minimum: number, maximum: number) => Schema.Number.check(Schema.isBetween({ minimum, maximum }))

/** Ki67 (server/ai/ki67/README.md); every field optional, QuPath's defaults otherwise. Densities are optical densities. */
export const Ki67Parameters = Schema.Struct({
  nucleus_threshold: Schema.optionalKey(between(0.01, 3)),
  sigma_um: Schema.optionalKey(between(0, 10)),
  min_area_um2: Schema.optionalKey(between(0.1, 10_000)),
  max_area_um2: Schema.optionalKey(between(0.1, 10_000)),
  /** Mean DAB optical density for 1+, 2+, 3+, rising. */
  thresholds: Schema.optionalKey(Schema.Tuple([between(0, 5), between(0, 5), between(0, 5)])),
  split: Schema.optionalKey(Schema.Boolean)
})
export type Ki67Parameters = typeof Ki67Parameters.Type

/**
 * Fasciola hepatica eggs (server/ai/fasciola/README.md); every field optional. Sizes are µm: the
 * published 130–150 × 63–90 µm by default, both ranges widened by `tolerance_pct` % on each side.
 * `sample_weight_g`: the grams of stool the region holds; with it the summary gives eggs per gram.
 */
export const FasciolaParameters = Schema.Struct({
  min_length_um: Schema.optionalKey(between(10, 1000)),
  max_length_um: Schema.optionalKey(between(10, 1000)),
  min_width_um: Schema.optionalKey(between(5, 1000)),
  max_width_um: Schema.optionalKey(between(5, 1000)),
  tolerance_pct: Schema.optionalKey(between(0, 50)),
  /** HSV saturation (0–1) an egg's pixels reach; the sediment stays below about 0.2. */
  min_saturation: Schema.optionalKey(between(0.05, 1)),
  split: Schema.optionalKey(Schema.Boolean),
  /** Grams, 1 mg to 1 kg (a Kato-Katz template holds 0.0417 g). */
  sample_weight_g: Schema.optionalKey(between(0.001, 1000))
})
export type FasciolaParameters = typeof FasciolaParameters.Type

/**
 * The comet assay (server/ai/comet/README.md); every field optional. Comets are pixels brighter than
 * the background by `threshold` (8-bit levels), their area within the range (µm², or px² without a
 * resolution); the tail runs along +x.
 */
export const CometParameters = Schema.Struct({
  threshold: Schema.optionalKey(between(1, 254)),
  min_area: Schema.optionalKey(between(0, 1e9)),
  max_area: Schema.optionalKey(between(0, 1e9))
})
export type CometParameters = typeof CometParameters.Type

/**
 * Infarct size on a TTC-stained brain slice (server/ai/stroke/README.md); every field optional.
 * `midline_x`: the midline's x in full-resolution pixels (absent: the slice's axis of symmetry);
 * `midline`: instead, a midline that may be tilted, as two points on it in full-resolution pixels
 * (a line annotation's ends), running top to bottom within 45° of vertical;
 * `slice_thickness_mm`: with it, the infarct's volume in this slice.
 */
export const StrokeParameters = Schema.Struct({
  background_value: Schema.optionalKey(between(0.01, 0.9)),
  infarct_saturation: Schema.optionalKey(between(0.05, 0.95)),
  midline_x: Schema.optionalKey(Schema.NullOr(between(0, 1e7))),
  midline: Schema.optionalKey(
    Schema.NullOr(Schema.Struct({ x0: between(0, 1e7), y0: between(0, 1e7), x1: between(0, 1e7), y1: between(0, 1e7) }))
  ),
  slice_thickness_mm: Schema.optionalKey(Schema.NullOr(between(0.01, 20)))
})
export type StrokeParameters = typeof StrokeParameters.Type

/** Carotid intima-media thickness (server/ai/imt/README.md): the IMT range searched, mm. */
export const ImtParameters = Schema.Struct({
  min_imt_mm: Schema.optionalKey(between(0.05, 5)),
  max_imt_mm: Schema.optionalKey(between(0.05, 5))
})
export type ImtParameters = typeof ImtParameters.Type

/** A landmark on the image, full-resolution pixels. */
const Landmark = Schema.Struct({ x: between(0, 1e7), y: between(0, 1e7) })

/** The most teeth one run measures: a full adult dentition. */
export const MAX_TEETH = 32

/**
 * Periodontitis (server/ai/periodontitis/README.md): per tooth its cemento-enamel junction, alveolar
 * crest (absent or null: found along the CEJ -> apex line) and root apex, each snapped along the
 * tooth's axis to the nearest edge within `snap_px` (default 8; 0: not at all); `age_years`: with it,
 * the grade. Bone loss is a % of the root's length, so no resolution is needed (mm only with one).
 */
export const PeriodontitisParameters = Schema.Struct({
  teeth: Schema.Array(Schema.Struct({ cej: Landmark, crest: Schema.optionalKey(Schema.NullOr(Landmark)), apex: Landmark })).check(
    Schema.isMinLength(1),
    Schema.isMaxLength(MAX_TEETH)
  ),
  age_years: Schema.optionalKey(Schema.NullOr(between(1, 120))),
  snap_px: Schema.optionalKey(between(0, 50))
})
export type PeriodontitisParameters = typeof PeriodontitisParameters.Type

export const Ki67Request = Schema.Struct({
  lab_id: Text(64),
  analysis: Schema.Literal("ki67"),
  region: Schema.optionalKey(AnalysisRegion),
  parameters: Schema.optionalKey(Ki67Parameters)
})

export const FasciolaRequest = Schema.Struct({
  lab_id: Text(64),
  analysis: Schema.Literal("fasciola"),
  region: Schema.optionalKey(AnalysisRegion),
  parameters: Schema.optionalKey(FasciolaParameters)
})

export const CometRequest = Schema.Struct({
  lab_id: Text(64),
  analysis: Schema.Literal("comet"),
  region: Schema.optionalKey(AnalysisRegion),
  parameters: Schema.optionalKey(CometParameters)
})

export const StrokeRequest = Schema.Struct({
  lab_id: Text(64),
  analysis: Schema.Literal("stroke"),
  region: Schema.optionalKey(AnalysisRegion),
  parameters: Schema.optionalKey(StrokeParameters)
})

export const ImtRequest = Schema.Struct({
  lab_id: Text(64),
  analysis: Schema.Literal("imt"),
  region: Schema.optionalKey(AnalysisRegion),
  parameters: Schema.optionalKey(ImtParameters)
})

/** The landmarks are the region: the image is read around them (a region sent is not used). */
export const PeriodontitisRequest = Schema.Struct({
  lab_id: Text(64),
  analysis: Schema.Literal("periodontitis"),
  region: Schema.optionalKey(AnalysisRegion),
  parameters: PeriodontitisParameters
})

/** POST /v2/ai/analysis/: the analyses named by `analysis` (counting has its own endpoint). */
export const AnalysisRequest = Schema.Union([Ki67Request, FasciolaRequest, CometRequest, StrokeRequest, ImtRequest, PeriodontitisRequest])
export type AnalysisRequest = typeof AnalysisRequest.Type

/** Counting (server/ai/counting/README.md): blobs of a colour within a size range (µm², or px² without a resolution). */
export const CountingParameters = Schema.Struct({
  color: Schema.String.check(Schema.isPattern(/^#[0-9a-fA-F]{6}$/)),
  tolerance: Schema.optionalKey(between(0, 442)),
  min_area: Schema.optionalKey(between(0, 1e9)),
  max_area: Schema.optionalKey(between(0, 1e9)),
  split: Schema.optionalKey(Schema.Boolean)
})
export type CountingParameters = typeof CountingParameters.Type

export const CountingRequest = Schema.Struct({
  lab_id: Text(64),
  region: Schema.optionalKey(AnalysisRegion),
  parameters: CountingParameters
})
export type CountingRequest = typeof CountingRequest.Type

/**
 * A result's numbers: Ki67's counts, index, H-score and means; counting's count and mean area;
 * Fasciola's count, eggs per gram, mean length, width and area, and rejected objects by reason; the comet
 * assay's comets and the mean and median of % DNA in tail, tail length and tail moments; the stroke
 * analysis' areas (mm²), infarct %, edema-corrected infarct and its %, swelling % and volume (mm³);
 * IMT's mean, maximum and SD in mm and the columns measured; periodontitis' teeth, worst and mean
 * bone loss (%), stage (1 = I, 2 = II, 3 = III/IV), grade (1 = A, 2 = B, 3 = C; with an age), % per year,
 * and per tooth n (from 1) `tooth_n_rbl_pct`, `tooth_n_stage`, `tooth_n_cej_crest_mm`, `tooth_n_root_mm`;
 * null where undefined.
 */
export const AnalysisSummary = Schema.Record(Schema.String, Schema.NullOr(Schema.Number))
export type AnalysisSummary = typeof AnalysisSummary.Type

export const AnalysisJob = Schema.Struct({
  id: Schema.String,
  lab_id: Schema.String,
  analysis: AnalysisKind,
  state: AnalysisState,
  /** 0 to 100. */
  percent: Schema.Number,
  /** Done, failed or cancelled: nothing more will happen. */
  done: Schema.Boolean,
  region: AnalysisRegion,
  /** As run: the defaults filled in. */
  parameters: Schema.Record(Schema.String, Schema.Unknown),
  /** Detections written (annotations of this job). */
  detections: Schema.Number,
  summary: Schema.NullOr(AnalysisSummary),
  error: Schema.NullOr(Schema.String),
  /** Who asked; null once their account is gone. */
  user: Schema.NullOr(Schema.Struct({ id: Schema.String, name: Schema.String })),
  /** Its results were removed. */
  removed: Schema.Boolean,
  created_at: Schema.String,
  updated_at: Schema.String,
  finished_at: Schema.NullOr(Schema.String)
})
export type AnalysisJob = typeof AnalysisJob.Type

/** The asker's analyses this period against their plan's limit. */
export const AnalysisUsage = Schema.Struct({
  plan: Schema.String,
  limit: Schema.Number,
  used: Schema.Number,
  remaining: Schema.Number,
  /** The paid period counted; null on the free plan. */
  period_start: Schema.NullOr(Schema.String),
  period_end: Schema.NullOr(Schema.String)
})
export type AnalysisUsage = typeof AnalysisUsage.Type

/** `ai_annotation_{labId}`: a job of the slide changed state or progressed; `done` set when it ended. */
export const AnalysisChanged = Schema.Struct({
  lab_id: Schema.String,
  job_id: Schema.String,
  user_id: Schema.String,
  analysis: AnalysisKind,
  state: AnalysisState,
  percent: Schema.Number,
  done: Schema.Boolean,
  detections: Schema.Number,
  summary: Schema.NullOr(AnalysisSummary),
  error: Schema.NullOr(Schema.String),
  at: Schema.String
})
export type AnalysisChanged = typeof AnalysisChanged.Type

const JobParams = { jobId: Text(64) }
const refusals = [BadRequest, Unauthorized, Forbidden, NotFound] as const

export class Analysis extends HttpApiGroup.make("analysis")
  .add(
    HttpApiEndpoint.post("startAnalysis", "/ai/analysis/", {
      payload: AnalysisRequest,
      success: Ok(AnalysisJob).pipe(HttpApiSchema.status(202)),
      error: [...refusals, PaymentRequired]
    }),
    HttpApiEndpoint.post("startCounting", "/ai/counting/", {
      payload: CountingRequest,
      success: Ok(AnalysisJob).pipe(HttpApiSchema.status(202)),
      error: [...refusals, PaymentRequired]
    }),
    /** The slide's jobs, newest first (the 50 latest). */
    HttpApiEndpoint.get("listAnalyses", "/ai/jobs/", {
      query: { lab_id: Text(64) },
      success: Ok(Schema.Struct({ results: Schema.Array(AnalysisJob) })),
      error: refusals
    }),
    HttpApiEndpoint.get("getAnalysis", "/ai/jobs/:jobId/", { params: JobParams, success: Ok(AnalysisJob), error: refusals }),
    /** Its requester (or the slide's owner or admin) stops it; what it wrote so far is removed. 409 once it ended. */
    HttpApiEndpoint.post("cancelAnalysis", "/ai/jobs/:jobId/cancel/", {
      params: JobParams,
      success: Ok(AnalysisJob),
      error: [...refusals, Conflict]
    }),
    /** Every annotation the job made, in one transaction and one message. 409 while it runs (cancel it). */
    HttpApiEndpoint.delete("removeAnalysisResults", "/ai/jobs/:jobId/results/", {
      params: JobParams,
      success: Ok(Schema.Struct({ removed: Schema.Number })),
      error: [...refusals, Conflict]
    }),
    HttpApiEndpoint.get("analysisUsage", "/ai/usage/", { success: Ok(AnalysisUsage), error: [Unauthorized] })
  )
  .middleware(Authorization)
  .prefix("/v2")
  .annotateMerge(
    OpenApi.annotations({
      title: "Image analyses",
      description:
        "Ki67, counting, Fasciola eggs, the comet assay, stroke, carotid IMT and periodontal bone loss over a slide's pixels, as background jobs (paid plans)"
    })
  ) {}

// The analysis panel's calls (src/contract/analysis.ts): a slide's jobs and the plan's analyses left,
// starting Ki67, counting, Fasciola, the comet assay, the stroke analysis, IMT or periodontitis, cancelling a job and removing its results.
import { Effect } from "effect"
import type {
  AnalysisRegion,
  CometParameters,
  CountingParameters,
  FasciolaParameters,
  ImtParameters,
  Ki67Parameters,
  PeriodontitisParameters,
  StrokeParameters
} from "../../contract/analysis.ts"
import { call, endpoints } from "../call.ts"

/** What the panel asks the server to run: one of the analyses it has, over a region, with parameters. */
export type AnalysisOrder =
  | { readonly analysis: "ki67"; readonly labId: string; readonly region: AnalysisRegion; readonly parameters: Ki67Parameters }
  | { readonly analysis: "counting"; readonly labId: string; readonly region: AnalysisRegion; readonly parameters: CountingParameters }
  | { readonly analysis: "fasciola"; readonly labId: string; readonly region: AnalysisRegion; readonly parameters: FasciolaParameters }
  | { readonly analysis: "comet"; readonly labId: string; readonly region: AnalysisRegion; readonly parameters: CometParameters }
  | { readonly analysis: "stroke"; readonly labId: string; readonly region: AnalysisRegion; readonly parameters: StrokeParameters }
  | { readonly analysis: "imt"; readonly labId: string; readonly region: AnalysisRegion; readonly parameters: ImtParameters }
  | {
      readonly analysis: "periodontitis"
      readonly labId: string
      readonly region: AnalysisRegion
      readonly parameters: PeriodontitisParameters
    }

/** The slide's jobs, newest first, and the asker's analyses this period (both at once). */
export const loadAnalyses = Effect.fn("Analysis.load")(function* (labId: string) {
  const [jobs, usage] = yield* Effect.all(
    [call(endpoints.analysis.listAnalyses, { query: { lab_id: labId } }), call(endpoints.analysis.analysisUsage)],
    { concurrency: 2 }
  )
  return { jobs: jobs.data.results, usage: usage.data }
})

export const loadUsage = Effect.fn("Analysis.usage")(function* () {
  return (yield* call(endpoints.analysis.analysisUsage)).data
})

export const startAnalysis = Effect.fn("Analysis.start")(function* (order: AnalysisOrder) {
  const answer =
    order.analysis === "ki67"
      ? yield* call(endpoints.analysis.startAnalysis, {
          payload: { lab_id: order.labId, analysis: "ki67", region: order.region, parameters: order.parameters }
        })
      : order.analysis === "fasciola"
        ? yield* call(endpoints.analysis.startAnalysis, {
            payload: { lab_id: order.labId, analysis: "fasciola", region: order.region, parameters: order.parameters }
          })
        : order.analysis === "comet"
          ? yield* call(endpoints.analysis.startAnalysis, {
              payload: { lab_id: order.labId, analysis: "comet", region: order.region, parameters: order.parameters }
            })
          : order.analysis === "stroke"
            ? yield* call(endpoints.analysis.startAnalysis, {
                payload: { lab_id: order.labId, analysis: "stroke", region: order.region, parameters: order.parameters }
              })
            : order.analysis === "imt"
              ? yield* call(endpoints.analysis.startAnalysis, {
                  payload: { lab_id: order.labId, analysis: "imt", region: order.region, parameters: order.parameters }
                })
              : order.analysis === "periodontitis"
                ? yield* call(endpoints.analysis.startAnalysis, {
                    payload: { lab_id: order.labId, analysis: "periodontitis", region: order.region, parameters: order.parameters }
                  })
                : yield* call(endpoints.analysis.startCounting, {
                    payload: { lab_id: order.labId, region: order.region, parameters: order.parameters }
                  })
  return answer.data
})

export const cancelAnalysis = Effect.fn("Analysis.cancel")(function* (jobId: string) {
  return (yield* call(endpoints.analysis.cancelAnalysis, { params: { jobId } })).data
})

export const removeAnalysisResults = Effect.fn("Analysis.remove")(function* (jobId: string) {
  return (yield* call(endpoints.analysis.removeAnalysisResults, { params: { jobId } })).data.removed
})

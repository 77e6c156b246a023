// /v2/ai/ (src/contract/analysis.ts): start, follow, cancel and remove analyses of a slide.
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { Api } from "../../src/contract/api.ts"
import { badRequest } from "../../src/contract/errors.ts"
import { CurrentUser } from "../../src/contract/middleware.ts"
import {
  analysisMessages,
  cometParametersOf,
  countingParametersOf,
  fasciolaParametersOf,
  imtParametersOf,
  ki67ParametersOf,
  periodontitisParametersOf,
  strokeParametersOf
} from "../domain/analysis-rules.ts"
import { Analyses } from "../services/ai/Analyses.ts"
import { ok } from "./envelope.ts"

export const AnalysisLive = HttpApiBuilder.group(
  Api,
  "analysis",
  Effect.fn(function* (handlers) {
    const analyses = yield* Analyses
    return handlers
      .handle("startAnalysis", ({ payload }) =>
        Effect.gen(function* () {
          const user = yield* CurrentUser
          if (payload.analysis === "comet") {
            const parameters = cometParametersOf(payload.parameters)
            if (!parameters.ok) return yield* Effect.fail(badRequest(parameters.fields))
            const job = yield* analyses.start(user, payload.lab_id, payload.region, { analysis: "comet", parameters: parameters.value })
            return ok(job, analysisMessages.accepted)
          }
          if (payload.analysis === "imt") {
            const parameters = imtParametersOf(payload.parameters)
            if (!parameters.ok) return yield* Effect.fail(badRequest(parameters.fields))
            const job = yield* analyses.start(user, payload.lab_id, payload.region, { analysis: "imt", parameters: parameters.value })
            return ok(job, analysisMessages.accepted)
          }
          if (payload.analysis === "periodontitis") {
            const parameters = periodontitisParametersOf(payload.parameters)
            if (!parameters.ok) return yield* Effect.fail(badRequest(parameters.fields))
            const run = { analysis: "periodontitis", parameters: parameters.value } as const
            return ok(yield* analyses.start(user, payload.lab_id, payload.region, run), analysisMessages.accepted)
          }
          if (payload.analysis === "stroke") {
            const parameters = strokeParametersOf(payload.parameters)
            if (!parameters.ok) return yield* Effect.fail(badRequest(parameters.fields))
            const job = yield* analyses.start(user, payload.lab_id, payload.region, { analysis: "stroke", parameters: parameters.value })
            return ok(job, analysisMessages.accepted)
          }
          if (payload.analysis === "fasciola") {
            const parameters = fasciolaParametersOf(payload.parameters)
            if (!parameters.ok) return yield* Effect.fail(badRequest(parameters.fields))
            const job = yield* analyses.start(user, payload.lab_id, payload.region, { analysis: "fasciola", parameters: parameters.value })
            return ok(job, analysisMessages.accepted)
          }
          const parameters = ki67ParametersOf(payload.parameters)
          if (!parameters.ok) return yield* Effect.fail(badRequest(parameters.fields))
          const job = yield* analyses.start(user, payload.lab_id, payload.region, { analysis: "ki67", parameters: parameters.value })
          return ok(job, analysisMessages.accepted)
        })
      )
      .handle("startCounting", ({ payload }) =>
        Effect.gen(function* () {
          const parameters = countingParametersOf(payload.parameters)
          if (!parameters.ok) return yield* Effect.fail(badRequest(parameters.fields))
          const job = yield* analyses.start(yield* CurrentUser, payload.lab_id, payload.region, {
            analysis: "counting",
            parameters: parameters.value
          })
          return ok(job, analysisMessages.accepted)
        })
      )
      .handle("listAnalyses", ({ query }) =>
        Effect.gen(function* () {
          return ok({ results: yield* analyses.list(yield* CurrentUser, query.lab_id) })
        })
      )
      .handle("getAnalysis", ({ params }) =>
        Effect.gen(function* () {
          return ok(yield* analyses.get(yield* CurrentUser, params.jobId))
        })
      )
      .handle("cancelAnalysis", ({ params }) =>
        Effect.gen(function* () {
          return ok(yield* analyses.cancel(yield* CurrentUser, params.jobId), "Analysis cancelled.")
        })
      )
      .handle("removeAnalysisResults", ({ params }) =>
        Effect.gen(function* () {
          const removed = yield* analyses.removeResults(yield* CurrentUser, params.jobId)
          return ok({ removed }, `${removed} results removed.`)
        })
      )
      .handle("analysisUsage", () =>
        Effect.gen(function* () {
          return ok(yield* analyses.usage(yield* CurrentUser))
        })
      )
  })
)

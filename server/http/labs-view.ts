// /v2/labs, the reads a guest may make too (public labs): lists, one lab, its info and metadata.
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { Api } from "../../src/contract/api.ts"
import { LabDetailAnswer, LabPageAnswer } from "../../src/contract/labs.ts"
import { Viewer } from "../../src/contract/viewer.ts"
import { LabDetails } from "../services/labs/LabDetails.ts"
import { LabListings } from "../services/labs/LabListings.ts"
import { LabMetadata } from "../services/labs/LabMetadata.ts"
import { ok, page } from "./envelope.ts"
import { requirePaging } from "./paging.ts"
import { plainJson } from "./plain-json.ts"

export const LAB_PAGE_SIZE = 20

const viewerId = Effect.map(Viewer, (viewer) => viewer.user?.id)

export const LabsViewLive = HttpApiBuilder.group(
  Api,
  "labsView",
  Effect.fn(function* (handlers) {
    const listings = yield* LabListings
    const details = yield* LabDetails
    const metadata = yield* LabMetadata

    return handlers
      .handle("list", ({ query }) =>
        Effect.gen(function* () {
          const paging = yield* requirePaging(query, LAB_PAGE_SIZE)
          const { results, count, atLeast } = yield* listings.list(yield* viewerId, query, paging)
          return plainJson(LabPageAnswer, ok(page(results, count, paging, atLeast)))
        })
      )
      .handle("get", ({ params }) =>
        Effect.map(
          Effect.flatMap(viewerId, (id) => details.get(id, params.id)),
          (lab) => plainJson(LabDetailAnswer, ok(lab))
        )
      )
      .handle("info", ({ params }) =>
        Effect.map(
          Effect.flatMap(viewerId, (id) => details.info(id, params.id)),
          (info) => ok(info)
        )
      )
      .handle("metadata", ({ query }) =>
        Effect.map(
          Effect.flatMap(viewerId, (id) => metadata.list(id, query.lab_id, query.meta_key)),
          (entries) => ok({ metadata: entries })
        )
      )
      .handle("metalabs", ({ params }) =>
        Effect.map(
          Effect.flatMap(viewerId, (id) => metadata.list(id, params.id)),
          (entries) => ok({ metadata: entries })
        )
      )
  })
)

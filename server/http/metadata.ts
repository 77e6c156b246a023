// /v2/labs/metadata/ and /v2/labs/{id}/info/{metaId}/: writing a lab's metadata (reading is in
// labs-view.ts, open to guests on public labs).
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { Api } from "../../src/contract/api.ts"
import { CurrentUser } from "../../src/contract/middleware.ts"
import { labMessages } from "../domain/lab-messages.ts"
import { LabMetadata } from "../services/labs/LabMetadata.ts"
import { done, ok } from "./envelope.ts"

export const MetadataLive = HttpApiBuilder.group(
  Api,
  "metadata",
  Effect.fn(function* (handlers) {
    const metadata = yield* LabMetadata

    return handlers
      .handle("put", ({ payload }) =>
        Effect.gen(function* () {
          return ok({ metadata: yield* metadata.put((yield* CurrentUser).id, payload) }, labMessages.metadataSaved)
        })
      )
      .handle("edit", ({ params, payload }) =>
        Effect.gen(function* () {
          return ok(
            { metadata: yield* metadata.edit((yield* CurrentUser).id, params.id, params.metaId, payload) },
            labMessages.metadataSaved
          )
        })
      )
      .handle("remove", ({ params }) =>
        Effect.gen(function* () {
          yield* metadata.remove((yield* CurrentUser).id, params.id, params.metaId)
          return done(labMessages.metadataRemoved)
        })
      )
  })
)

// /v2/pricing/plan/storage/: storage used against the plan's quota.
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { Api } from "../../src/contract/api.ts"
import { CurrentUser } from "../../src/contract/middleware.ts"
import { Storage } from "../services/slides/Storage.ts"
import { ok } from "./envelope.ts"

export const StorageLive = HttpApiBuilder.group(
  Api,
  "storage",
  Effect.fn(function* (handlers) {
    const storage = yield* Storage
    return handlers.handle("usage", () =>
      Effect.gen(function* () {
        return ok(yield* storage.usage((yield* CurrentUser).id))
      })
    )
  })
)

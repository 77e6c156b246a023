// GET /v2/pricing/plan/storage/: the bytes the user owns (the trash included until it is emptied)
// against the quota of their plan.
import { Effect } from "effect"
import { Ok } from "../../contract/envelope.ts"
import { StorageUsage } from "../../contract/storage.ts"
import { Api } from "../Api.ts"

export const loadStorageUsage = Effect.fn("Storage.usage")(function* () {
  const api = yield* Api
  const answer = yield* api.request({ method: "GET", path: "/v2/pricing/plan/storage/", success: Ok(StorageUsage) })
  return answer.data
})

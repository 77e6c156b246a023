// GET /v2/pricing/plan/storage/: the bytes the user owns (the trash included until it is emptied)
// against the quota of their plan.
import { Effect } from "effect"
import { call, endpoints } from "../call.ts"

export const loadStorageUsage = Effect.fn("Storage.usage")(function* () {
  const answer = yield* call(endpoints.storage.usage)
  return answer.data
})

// GET /v2/pricing/plan/storage/: the bytes the signed-in user owns (files, including the trash
// until it is emptied), and the bytes their uploads in progress hold, against the quota of their plan.
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { Ok } from "./envelope.ts"
import { Authorization } from "./middleware.ts"

export const StorageUsage = Schema.Struct({
  total_used: Schema.Number,
  total_storage: Schema.Number,
  /**
   * The announced size of every upload still in progress: held against the quota from its first
   * chunk (so uploads side by side cannot together pass it), released when it ends.
   */
  total_reserved: Schema.Number,
  /** Used and reserved bytes over the quota, 0 to 100, two decimals; may pass 100 when a plan shrank. */
  percentage_used: Schema.Number
})
export type StorageUsage = typeof StorageUsage.Type

export class Storage extends HttpApiGroup.make("storage")
  .add(HttpApiEndpoint.get("usage", "/pricing/plan/storage/", { success: Ok(StorageUsage) }))
  .middleware(Authorization)
  .prefix("/v2")
  .annotateMerge(OpenApi.annotations({ title: "Storage", description: "Storage used against the plan's quota" })) {}

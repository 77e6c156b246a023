// GET /v2/realtime/config/: where this browser connects for live events (no session needed).
import { Effect } from "effect"
import { call, endpoints } from "../call.ts"

export const loadRealtimeConfig = Effect.fn("Realtime.loadConfig")(function* () {
  return yield* call(endpoints.realtimeConfig.config, {}, { authenticated: false })
})

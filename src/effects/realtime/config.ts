// GET /v2/realtime/config/: where this browser connects for live events (no session needed).
import { Effect } from "effect"
import { ClientConfig } from "../../contract/realtime.ts"
import { Api } from "../Api.ts"

export const loadRealtimeConfig = Effect.fn("Realtime.loadConfig")(function* () {
  const api = yield* Api
  return yield* api.request({ method: "GET", path: "/v2/realtime/config/", success: ClientConfig, authenticated: false })
})

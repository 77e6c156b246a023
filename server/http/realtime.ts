// Where browsers connect for live events, and the authorisation of private channels: a user channel
// only for that user, a lab channel for whoever may see the lab.
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { Api } from "../../src/contract/api.ts"
import { Forbidden } from "../../src/contract/errors.ts"
import { CurrentUser } from "../../src/contract/middleware.ts"
import { parseChannel } from "../../src/contract/realtime.ts"
import { LabAccess } from "../services/LabAccess.ts"
import { Realtime } from "../services/Realtime.ts"

export const RealtimeConfigLive = HttpApiBuilder.group(Api, "realtimeConfig", (handlers) =>
  Effect.gen(function* () {
    const realtime = yield* Realtime
    return handlers.handle("config", () => Effect.succeed(realtime.clientConfig))
  })
)

const refused = new Forbidden({ message: "You may not listen to this channel." })

export const RealtimeAuthLive = HttpApiBuilder.group(Api, "realtimeAuth", (handlers) =>
  Effect.gen(function* () {
    const realtime = yield* Realtime
    const access = yield* LabAccess
    return handlers.handle(
      "auth",
      Effect.fn("Realtime.auth")(function* ({ payload }) {
        const user = yield* CurrentUser
        const target = parseChannel(payload.channel_name)
        if (!target || !/^\d+\.\d+$/.test(payload.socket_id)) return yield* refused
        const allowed = target.kind === "user" ? target.userId === user.id : yield* access.canView(user.id, target.labId)
        if (!allowed) return yield* refused
        return { auth: realtime.authorize(payload.socket_id, payload.channel_name) }
      })
    )
  })
)

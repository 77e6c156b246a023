// Where browsers connect for live events, and the authorisation of private channels: a user channel
// only for that user, a lab channel for whoever may see the lab, a slide's presence channel for whoever
// may read the slide, signed with what the others are told about them.
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { Api } from "../../src/contract/api.ts"
import { Forbidden } from "../../src/contract/errors.ts"
import { CurrentUser } from "../../src/contract/middleware.ts"
import { channelRule } from "../domain/channel-rules.ts"
import { SlideViewers } from "../services/annotations/SlideViewers.ts"
import { LabAccess } from "../services/labs/LabAccess.ts"
import { Realtime } from "../services/platform/Realtime.ts"

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
    const viewers = yield* SlideViewers
    return handlers.handle(
      "auth",
      Effect.fn("Realtime.auth")(function* ({ payload }) {
        const user = yield* CurrentUser
        const rule = channelRule(user.id, payload.channel_name, payload.socket_id)
        if (rule.kind === "presence") {
          const info = yield* viewers.presenceInfo(user.id, rule.labId).pipe(Effect.mapError(() => refused))
          return realtime.authorize(payload.socket_id, payload.channel_name, user.id, info)
        }
        const allowed = rule.kind === "lab" ? yield* access.canView(user.id, rule.labId) : rule.kind === "allow"
        if (!allowed) return yield* refused
        return realtime.authorize(payload.socket_id, payload.channel_name, user.id)
      })
    )
  })
)

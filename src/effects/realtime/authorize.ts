// POST /v2/realtime/auth/: the signature that lets this socket subscribe to a private channel. Sent
// as a form, as pusher-js would send it; the answer's channel_data (the user the subscription is
// bound to) must go back with the subscription, since the signature covers it (pusherOptions.ts).
import { Effect } from "effect"
import { call, endpoints } from "../call.ts"
import type { ChannelGrant } from "./pusherOptions.ts"

export const authorizeChannel = Effect.fn("Realtime.authorize")(function* (socketId: string, channelName: string) {
  const answer = yield* call(endpoints.realtimeAuth.auth, { payload: { socket_id: socketId, channel_name: channelName } })
  return answer satisfies ChannelGrant
})

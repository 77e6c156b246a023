// The Pusher HTTP API's publishing endpoints on the embedded server, so that the official `pusher`
// SDK (or any tool that speaks the protocol) can trigger events on it exactly as on Pusher itself.
import { Effect } from "effect"
import { HttpRouter, HttpServerRequest, HttpServerResponse } from "effect/http"
import type { Hub } from "./hub.ts"
import { type AppCredentials, verifyRestRequest } from "./signature.ts"

interface TriggerBody {
  readonly name?: unknown
  readonly data?: unknown
  readonly channels?: unknown
  readonly channel?: unknown
  readonly socket_id?: unknown
}

const MAX_CHANNELS = 100
const MAX_DATA_BYTES = 10 * 1024

const validate = (body: TriggerBody) => {
  const channels = Array.isArray(body.channels) ? body.channels : typeof body.channel === "string" ? [body.channel] : []
  if (typeof body.name !== "string" || body.name.length === 0 || body.name.length > 200) return "name is required"
  if (typeof body.data !== "string") return "data must be a string"
  if (Buffer.byteLength(body.data) > MAX_DATA_BYTES) return "data is larger than 10 KiB"
  if (channels.length === 0 || channels.length > MAX_CHANNELS || !channels.every((c) => typeof c === "string")) {
    return "channels must name 1 to 100 channels"
  }
  return {
    name: body.name,
    data: body.data,
    channels: channels as string[],
    socketId: typeof body.socket_id === "string" ? body.socket_id : undefined
  }
}

export const realtimeRestRoutes = (hub: Hub, app: AppCredentials) => {
  const handle = (batch: boolean) =>
    Effect.gen(function* () {
      const request = yield* HttpServerRequest.HttpServerRequest
      const url = new URL(request.url, "http://localhost")
      const raw = yield* request.text.pipe(Effect.orElseSucceed(() => ""))
      if (!url.pathname.startsWith(`/apps/${app.appId}/`) || !verifyRestRequest(app, request.method, url.pathname, url.searchParams, raw)) {
        return HttpServerResponse.text("Invalid signature", { status: 401 })
      }
      let parsed: unknown
      try {
        parsed = JSON.parse(raw)
      } catch {
        return HttpServerResponse.text("Body is not JSON", { status: 400 })
      }
      const items = batch ? ((parsed as { batch?: unknown }).batch as TriggerBody[] | undefined) : [parsed as TriggerBody]
      if (!Array.isArray(items) || items.length === 0 || items.length > 10)
        return HttpServerResponse.text("batch must hold 1 to 10 events", { status: 400 })
      const events = items.map(validate)
      const invalid = events.find((e) => typeof e === "string")
      if (typeof invalid === "string") return HttpServerResponse.text(invalid, { status: 400 })
      for (const e of events) if (typeof e !== "string") hub.publish(e.channels, e.name, e.data, e.socketId)
      return HttpServerResponse.jsonUnsafe(batch ? { batch: events.map(() => ({})) } : {})
    })
  return [
    HttpRouter.add("POST", `/apps/:appId/events`, handle(false)),
    HttpRouter.add("POST", `/apps/:appId/batch_events`, handle(true))
  ] as const
}

// The embedded realtime server against the real clients: pusher-js subscribes, the official `pusher`
// SDK publishes through the REST API, both over loopback.
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { NodeHttpServer } from "@effect/platform-node"
import { Effect, Fiber, Layer } from "effect"
import { HttpRouter } from "effect/http"
import PusherServer from "pusher"
import PusherImport from "pusher-js"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { makeHub } from "../../server/realtime/hub.ts"
import { realtimeRestRoutes } from "../../server/realtime/rest.ts"
import { channelAuth } from "../../server/realtime/signature.ts"
import { attachRealtime, type RealtimeSocketServer } from "../../server/realtime/websocket.ts"

// pusher-js's types declare an ES default export while Node loads the package as CommonJS.
type PusherClass = typeof PusherImport.default
const Pusher = ((PusherImport as unknown as { default?: PusherClass }).default ?? PusherImport) as PusherClass
type PusherClient = InstanceType<PusherClass>

const app = { appId: "preparat", key: "test-key", secret: "test-secret" }
let server: Server
let port: number
let realtime: RealtimeSocketServer
let fiber: Fiber.Fiber<never, unknown>

beforeAll(async () => {
  const hub = makeHub()
  server = createServer()
  realtime = attachRealtime(server, hub, app)
  const [events, batch] = realtimeRestRoutes(hub, app)
  const launched = HttpRouter.serve(Layer.mergeAll(events, batch), { disableLogger: true, disableListenLog: true }).pipe(
    Layer.provide(NodeHttpServer.layer(() => server, { port: 0, host: "127.0.0.1" })),
    Layer.launch
  )
  fiber = Effect.runFork(launched)
  while (!server.listening) await new Promise((r) => setTimeout(r, 10))
  port = (server.address() as AddressInfo).port
})

afterAll(async () => {
  await realtime.close()
  await Effect.runPromise(Fiber.interrupt(fiber))
})

/** A pusher-js client that signs its own private channels (the app's auth endpoint does this in the product). */
const client = (signWith = app.secret) =>
  new Pusher(app.key, {
    cluster: "local",
    wsHost: "127.0.0.1",
    wsPort: port,
    forceTLS: false,
    enabledTransports: ["ws"],
    channelAuthorization: {
      endpoint: "unused",
      transport: "ajax",
      customHandler: ({ socketId, channelName }, callback) =>
        callback(null, { auth: channelAuth({ ...app, secret: signWith }, socketId, channelName) })
    }
  })

const sdk = () =>
  new PusherServer({ appId: app.appId, key: app.key, secret: app.secret, host: "127.0.0.1", port: String(port), useTLS: false })

const subscribed = (channel: ReturnType<PusherClient["subscribe"]>) =>
  new Promise<void>((resolve, reject) => {
    channel.bind("pusher:subscription_succeeded", () => resolve())
    channel.bind("pusher:subscription_error", (e: unknown) => reject(new Error(JSON.stringify(e))))
  })

describe("embedded Pusher-protocol server", () => {
  it("delivers an event published by the pusher SDK to a subscribed pusher-js client", async () => {
    const pusher = client()
    const channel = pusher.subscribe("private-mylab_42")
    await subscribed(channel)
    const received = new Promise<unknown>((resolve) => channel.bind("status_upload_42", resolve))
    await sdk().trigger("private-mylab_42", "status_upload_42", { lab_id: "42", status: "ready" })
    expect(await received).toEqual({ lab_id: "42", status: "ready" })
    pusher.disconnect()
  })

  it("refuses a private channel whose signature was made with another secret", async () => {
    const pusher = client("not-the-secret")
    const channel = pusher.subscribe("private-mylab_1")
    await expect(subscribed(channel)).rejects.toThrow(/AuthError/)
    pusher.disconnect()
  })

  it("does not deliver to channels the client did not subscribe to", async () => {
    const pusher = client()
    const mine = pusher.subscribe("private-notif_chat_a")
    await subscribed(mine)
    const seen: string[] = []
    pusher.bind_global((event: string) => seen.push(event))
    await sdk().trigger("private-notif_chat_b", "invite_b", { x: 1 })
    await sdk().trigger("private-notif_chat_a", "invite_a", { x: 2 })
    await new Promise((r) => setTimeout(r, 200))
    expect(seen).toContain("invite_a")
    expect(seen).not.toContain("invite_b")
    pusher.disconnect()
  })

  it("rejects REST calls with a bad signature", async () => {
    const forged = new PusherServer({
      appId: app.appId,
      key: app.key,
      secret: "forged",
      host: "127.0.0.1",
      port: String(port),
      useTLS: false
    })
    await expect(forged.trigger("private-mylab_42", "x", {})).rejects.toMatchObject({ status: 401 })
  })

  it("answers a client ping with a pong and refuses client events", async () => {
    const { WebSocket } = await import("ws")
    const ws = new WebSocket(`ws://127.0.0.1:${port}/app/${app.key}?protocol=7`)
    const frames: Array<{ event: string; data: unknown }> = []
    ws.on("message", (m) => frames.push(JSON.parse(String(m))))
    await new Promise((r) => ws.on("open", r))
    ws.send(JSON.stringify({ event: "pusher:ping", data: {} }))
    ws.send(JSON.stringify({ event: "client-typing", channel: "private-mylab_42", data: {} }))
    await new Promise((r) => setTimeout(r, 200))
    expect(frames.map((f) => f.event)).toEqual(["pusher:connection_established", "pusher:pong", "pusher:error"])
    ws.close()
  })

  it("closes a connection that names another app key", async () => {
    const { WebSocket } = await import("ws")
    const ws = new WebSocket(`ws://127.0.0.1:${port}/app/wrong-key?protocol=7`)
    const code = await new Promise<number>((resolve) => ws.on("close", (c) => resolve(c)))
    expect(code).toBe(4001)
  })
})

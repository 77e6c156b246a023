// The realtime adapter over an in-memory pusher-js client: states and channel signals as streams,
// a channel unsubscribed only when its last listener leaves, a disconnect when the scope closes;
// and the pusher-js options for a server's config.
import { describe, expect, it } from "@effect/vitest"
import { Effect, Fiber, Stream } from "effect"
import type { ClientConfig } from "../../src/contract/realtime.ts"
import { type ChannelSignal, Realtime } from "../../src/effects/Realtime.ts"
import { FakePusher } from "../../src/effects/realtime/FakePusher.ts"
import { PRESENCE_MEMBERS } from "../../src/effects/realtime/pusherConnection.ts"
import { pusherOptions } from "../../src/effects/realtime/pusherOptions.ts"

const config: ClientConfig = { key: "app-key", cluster: "local", host: null, port: null, tls: null }

/** Lets forked fibers run up to their next wait. */
const settle = Effect.promise(() => new Promise<void>((resolve) => setTimeout(resolve, 0)))

const collect = (into: Array<ChannelSignal>) => (signal: ChannelSignal) => Effect.sync(() => void into.push(signal))

describe("Realtime connection", () => {
  it.effect("reports the current state, then each change", () =>
    Effect.gen(function* () {
      const client = new FakePusher()
      const seen: Array<string> = []
      yield* Effect.scoped(
        Effect.gen(function* () {
          const connection = yield* (yield* Realtime).connect(config)
          const fiber = yield* Effect.forkChild(Stream.runForEach(connection.states, (s) => Effect.sync(() => void seen.push(s))))
          yield* settle
          client.setState("connecting")
          client.setState("connected")
          client.setState("unavailable")
          yield* settle
          yield* Fiber.interrupt(fiber)
          expect(client.stateListenerCount).toBe(0)
        })
      ).pipe(Effect.provide(Realtime.test(client)))
      expect(seen).toEqual(["initialized", "connecting", "connected", "unavailable"])
      expect(client.disconnected).toBe(true)
    })
  )

  it.effect("turns subscription outcomes and app events into signals, skipping protocol events", () =>
    Effect.gen(function* () {
      const client = new FakePusher()
      const signals: Array<ChannelSignal> = []
      yield* Effect.scoped(
        Effect.gen(function* () {
          const connection = yield* (yield* Realtime).connect(config)
          const fiber = yield* Effect.forkChild(Stream.runForEach(connection.channel("private-notif_chat_u1"), collect(signals)))
          yield* settle
          client.refuse("private-notif_chat_u1", "You may not listen to this channel.")
          client.accept("private-notif_chat_u1")
          client.publish("private-notif_chat_u1", "pusher_internal:subscription_count", { subscription_count: 2 })
          client.publish("private-notif_chat_u1", "invite_u1", { kind: "member.invited", lab_id: "l1" })
          yield* settle
          yield* Fiber.interrupt(fiber)
        })
      ).pipe(Effect.provide(Realtime.test(client)))
      expect(signals).toEqual([
        { _tag: "Refused", reason: "You may not listen to this channel." },
        { _tag: "Subscribed" },
        { _tag: "Message", event: "invite_u1", data: { kind: "member.invited", lab_id: "l1" } }
      ])
      expect(client.log).toEqual(["+private-notif_chat_u1", "-private-notif_chat_u1"])
    })
  )

  it.effect("keeps a channel while any listener remains, and tells a late listener it is already subscribed", () =>
    Effect.gen(function* () {
      const client = new FakePusher()
      const late: Array<ChannelSignal> = []
      yield* Effect.scoped(
        Effect.gen(function* () {
          const connection = yield* (yield* Realtime).connect(config)
          const first = yield* Effect.forkChild(Stream.runDrain(connection.channel("private-mylab_l1")))
          yield* settle
          client.accept("private-mylab_l1")
          const second = yield* Effect.forkChild(Stream.runForEach(connection.channel("private-mylab_l1"), collect(late)))
          yield* settle
          yield* Fiber.interrupt(first)
          expect(client.subscriptions).toEqual(["private-mylab_l1"])
          client.publish("private-mylab_l1", "lab_changed_l1", { kind: "lab.renamed", lab_id: "l1" })
          yield* settle
          yield* Fiber.interrupt(second)
          expect(client.subscriptions).toEqual([])
          expect(client.listenersOn("private-mylab_l1")).toBe(0)
        })
      ).pipe(Effect.provide(Realtime.test(client)))
      expect(late).toEqual([
        { _tag: "Subscribed" },
        { _tag: "Message", event: "lab_changed_l1", data: { kind: "lab.renamed", lab_id: "l1" } }
      ])
    })
  )
})

describe("presence channels", () => {
  it.effect("hand over the whole member list after subscribing and after every change, to a late listener too", () =>
    Effect.gen(function* () {
      const client = new FakePusher()
      const first: Array<ChannelSignal> = []
      const late: Array<ChannelSignal> = []
      const ada = { name: "Ada", email: "ada@example.org" }
      const bob = { name: "Bob", email: "bob@example.org" }
      yield* Effect.scoped(
        Effect.gen(function* () {
          const connection = yield* (yield* Realtime).connect(config)
          const one = yield* Effect.forkChild(Stream.runForEach(connection.channel("presence-slide_s1"), collect(first)))
          yield* settle
          client.accept("presence-slide_s1", { ada })
          client.member("presence-slide_s1", "added", "bob", bob)
          yield* settle
          const two = yield* Effect.forkChild(Stream.runForEach(connection.channel("presence-slide_s1"), collect(late)))
          yield* settle
          client.member("presence-slide_s1", "removed", "bob")
          yield* settle
          yield* Fiber.interrupt(one)
          yield* Fiber.interrupt(two)
          expect(client.listenersOn("presence-slide_s1")).toBe(0)
        })
      ).pipe(Effect.provide(Realtime.test(client)))
      const list = (...members: ReadonlyArray<readonly [string, unknown]>) => ({
        _tag: "Message",
        event: PRESENCE_MEMBERS,
        data: members.map(([id, info]) => ({ id, info }))
      })
      expect(first).toEqual([{ _tag: "Subscribed" }, list(["ada", ada]), list(["ada", ada], ["bob", bob]), list(["ada", ada])])
      expect(late).toEqual([{ _tag: "Subscribed" }, list(["ada", ada], ["bob", bob]), list(["ada", ada])])
    })
  )

  it.effect("are not read on other channels", () =>
    Effect.gen(function* () {
      const client = new FakePusher()
      const signals: Array<ChannelSignal> = []
      yield* Effect.scoped(
        Effect.gen(function* () {
          const connection = yield* (yield* Realtime).connect(config)
          const fiber = yield* Effect.forkChild(Stream.runForEach(connection.channel("private-mylab_l1"), collect(signals)))
          yield* settle
          client.accept("private-mylab_l1")
          yield* settle
          yield* Fiber.interrupt(fiber)
        })
      ).pipe(Effect.provide(Realtime.test(client)))
      expect(signals).toEqual([{ _tag: "Subscribed" }])
    })
  )
})

describe("pusher-js options", () => {
  const page = { protocol: "http:", hostname: "localhost", port: "8096" }
  const never = () => Promise.reject(new Error("unused"))

  it("connects to the page's own host and port when the server names none", () => {
    const options = pusherOptions(config, page, never)
    expect(options).toMatchObject({
      cluster: "local",
      wsHost: "localhost",
      wsPort: 8096,
      wssPort: 8096,
      forceTLS: false,
      enabledTransports: ["ws", "wss"]
    })
  })

  it("uses the default port of the page's scheme, and TLS on https", () => {
    expect(pusherOptions(config, { protocol: "https:", hostname: "preparat.test", port: "" }, never)).toMatchObject({
      wsPort: 443,
      forceTLS: true
    })
    expect(pusherOptions(config, { ...page, port: "" }, never)).toMatchObject({ wsPort: 80, forceTLS: false })
  })

  it("follows an external cluster's host, port and TLS", () => {
    const external: ClientConfig = { key: "k", cluster: "ap1", host: "ws.pusher.test", port: 6001, tls: true }
    expect(pusherOptions(external, page, never)).toMatchObject({ cluster: "ap1", wsHost: "ws.pusher.test", wsPort: 6001, forceTLS: true })
  })

  it("authorises channels through the given function and reports its failure to pusher-js", async () => {
    const asked: Array<string> = []
    const options = pusherOptions(config, page, async (socketId, channel) => {
      asked.push(`${socketId} ${channel}`)
      if (channel.endsWith("x")) throw new Error("403")
      return channel.endsWith("bound") ? { auth: "key:signature", channel_data: '{"user_id":"u1"}' } : { auth: "key:signature" }
    })
    const answer = (channelName: string) =>
      new Promise<unknown>((resolve) =>
        options.channelAuthorization.customHandler({ socketId: "1.2", channelName }, (error, data) => resolve(error ? error.message : data))
      )
    expect(await answer("private-mylab_l1")).toEqual({ auth: "key:signature" })
    expect(await answer("private-mylab_x")).toBe("403")
    // The signature covers the user it binds: pusher-js must send channel_data back with the subscription.
    expect(await answer("private-mylab_bound")).toEqual({ auth: "key:signature", channel_data: '{"user_id":"u1"}' })
    expect(asked).toEqual(["1.2 private-mylab_l1", "1.2 private-mylab_x", "1.2 private-mylab_bound"])
  })
})

// Model-based test of the realtime connection: pusher-js's states as the machine's states, the
// user's own channels for the whole session, lab channels while watched, messages decoded and re-emitted by kind.
// Channel actors are stand-ins here (their own model test is channel.machine.test.ts).
import { heardTypes } from "../../effects/realtime/heard.ts"
import { Stream } from "effect"
import { describe, expect, it } from "vitest"
import { createActor, createMachine, fromCallback, fromPromise, type SnapshotFrom } from "xstate"
import type { ClientConfig } from "../../contract/realtime.ts"
import type { RealtimeConnection } from "../../effects/Realtime.ts"
import {
  CONFIG_RETRY_MS,
  liveStatusOf,
  RECONNECT_AFTER_MS,
  type RealtimeEvent,
  type RealtimeMessage,
  type RealtimeSubscribed,
  realtimeMachine
} from "./realtime.machine.ts"
import { serverDown } from "../../testing/fixtures.ts"
import { type Arrival, type Invocation, modelFor } from "../../testing/modelHarness.ts"

const config: ClientConfig = { key: "app-key", cluster: "local", host: null, port: null, tls: null }
const connection: RealtimeConnection = { states: Stream.empty, channel: () => Stream.empty }
const lab = "private-mylab_l1"
const mine = ["private-notif_chat_u1", "private-ownership_changes_u1"]

type Snapshot = SnapshotFrom<typeof realtimeMachine>
type Via = Arrival<typeof realtimeMachine>

/** Reached when a pause ran out (not by realtime.retry, the user's "try now"). */
const byPause = (arrival: Via) => arrival.event?.type.startsWith("xstate.after.") === true

const channelStub = createMachine({ id: "channelStub" })
const provide = { actors: { connection: fromCallback(() => undefined), channel: channelStub } }

const configDone = { type: "xstate.done.actor.loadConfig", output: config }
const configFailed = { type: "xstate.error.actor.loadConfig", error: serverDown }

const states = {
  idle: (actual: Snapshot) => {
    expect(actual.context.userId).toBeNull()
    expect(actual.context.connection).toBeNull()
    for (const channel of mine) expect(actual.context.watchers[channel]).toBeUndefined()
    expect(liveStatusOf(actual)).toBe("off")
  },
  session: (actual: Snapshot) => {
    // The user's own channels are watched for the whole session.
    for (const channel of mine) expect(actual.context.watchers[channel]).toBeGreaterThanOrEqual(1)
  },
  "session.live": (actual: Snapshot, _: ReadonlyArray<Invocation>, arrival: Via) => {
    // A failed or closed connection is opened afresh after 30 s.
    if (byPause(arrival)) expect(arrival.waited).toBe(RECONNECT_AFTER_MS)
    if (actual.context.connection === null) return expect(actual.context.channels).toEqual({})
    expect(Object.keys(actual.context.channels).sort()).toEqual(Object.keys(actual.context.watchers).sort())
  },
  "session.live.connected": (actual: Snapshot) => expect(liveStatusOf(actual)).toBe("live"),
  "session.live.unavailable": (actual: Snapshot) => expect(liveStatusOf(actual)).toBe("interrupted"),
  "session.configuring": (actual: Snapshot, calls: ReadonlyArray<Invocation>, arrival: Via) => {
    // The server could not say where to connect: it is asked again after 5 s.
    if (byPause(arrival)) expect(arrival.waited).toBe(CONFIG_RETRY_MS)
    expect(liveStatusOf(actual)).toBe("connecting")
    expect(calls.at(-1)?.src).toBe("loadConfig")
  }
}

// Every event the machine handles is listed with its payload: xstate/graph would otherwise try the
// missing ones with no payload at all.
const model = modelFor({
  machine: realtimeMachine,
  promiseActors: ["loadConfig"],
  provide: provide as never,
  events: [
    { type: "realtime.start", userId: "u1" },
    { type: "realtime.stop" },
    { type: "realtime.watch", channel: lab },
    { type: "realtime.unwatch", channel: lab },
    { type: "realtime.retry" },
    configDone,
    configFailed,
    { type: "connection.opened", connection },
    { type: "connection.broken", message: "pusher-js could not be loaded" },
    { type: "pusher.connecting" },
    { type: "pusher.connected" },
    { type: "pusher.unavailable" },
    { type: "pusher.failed" },
    { type: "pusher.disconnected" },
    { type: "channel.delivered", channel: lab, event: "lab_changed_l1", data: { kind: "lab.renamed", lab_id: "l1" } },
    { type: "channel.closed", channel: lab, id: `channel:${lab}:2` },
    { type: "channel.live", channel: lab }
  ] as unknown as ReadonlyArray<RealtimeEvent>,
  // Listener counts and spawned actors could grow forever; a second of each shows every rule.
  stopWhen: (s) => s.context.spawned > 3 || Object.values(s.context.watchers).some((n) => n > 1) || s.context.closing.length > 1,
  states
})

describe("realtime model", () => {
  it.each(model.paths.map((path) => [path.description, path] as const))("%s", async (_, path) => {
    await path.run()
  })

  it("the paths cover every state and every transition", async () => {
    // Relaying a message changes no state; the walk still takes it, from every state it is told apart.
    expect(await model.coverage()).toEqual({ missingStates: [], missingTransitions: [], uncheckedStates: [] })
  }, 30_000)
})

describe("realtime scenarios", () => {
  const start = () => {
    const received: Array<{ type: string; channel?: string }> = []
    const channelRecorder = fromCallback<{ type: string; channel?: string }>(({ receive }) => receive((e) => void received.push(e)))
    const machine = realtimeMachine.provide({
      actors: {
        loadConfig: fromPromise(async () => config),
        connection: fromCallback(() => undefined),
        channel: channelRecorder as never
      }
    })
    const actor = createActor(machine).start()
    const messages: Array<RealtimeMessage> = []
    for (const type of heardTypes) actor.on(type, (m) => void messages.push(m as RealtimeMessage))
    const live: Array<RealtimeSubscribed> = []
    actor.on("realtime.subscribed", (m) => void live.push(m))
    return { actor, received, messages, live }
  }
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

  it("opens the user's channels and watched lab channels once connected, and closes a lab channel with its last listener", async () => {
    const { actor, received } = start()
    actor.send({ type: "realtime.start", userId: "u1" })
    actor.send({ type: "realtime.watch", channel: lab })
    actor.send({ type: "realtime.watch", channel: lab })
    await settle()
    expect(actor.getSnapshot().matches({ session: { live: "connecting" } })).toBe(true)
    actor.send({ type: "connection.opened", connection })
    expect(Object.keys(actor.getSnapshot().context.channels).sort()).toEqual([...mine, lab].sort())
    actor.send({ type: "realtime.unwatch", channel: lab })
    expect(received).toEqual([])
    actor.send({ type: "realtime.unwatch", channel: lab })
    expect(received).toEqual([{ type: "channel.close" }])
    expect(Object.keys(actor.getSnapshot().context.channels).sort()).toEqual([...mine].sort())
  })

  it("tells channels to resubscribe when the connection drops, and emits what they deliver", async () => {
    const { actor, received, messages } = start()
    actor.send({ type: "realtime.start", userId: "u1" })
    await settle()
    actor.send({ type: "connection.opened", connection })
    actor.send({ type: "pusher.connected" })
    actor.send({ type: "pusher.connecting" })
    expect(actor.getSnapshot().matches({ session: { live: "reconnecting" } })).toBe(true)
    expect(received.filter((e) => e.type === "channel.suspend")).toHaveLength(2)
    const notice = { kind: "member.invited", lab_id: "l1", actor_id: "u2", notification_id: "n1", at: "2026-11-28T10:00:00Z" }
    actor.send({ type: "channel.delivered", channel: mine[0]!, event: "invite_u1", data: notice })
    // Decoded once, here, and emitted by its kind; a message that does not decode is dropped.
    actor.send({ type: "channel.delivered", channel: mine[0]!, event: "invite_u1", data: { kind: "member.invited" } })
    actor.send({ type: "channel.delivered", channel: mine[0]!, event: "unheard_of_u1", data: notice })
    expect(messages).toEqual([{ type: "realtime.invite", channel: mine[0], id: "u1", data: notice }])
  })

  it("keeps what screens watched before the session started, and after it ended", async () => {
    const { actor } = start()
    actor.send({ type: "realtime.watch", channel: lab })
    actor.send({ type: "realtime.start", userId: "u1" })
    await settle()
    actor.send({ type: "connection.opened", connection })
    expect(Object.keys(actor.getSnapshot().context.channels).sort()).toEqual([...mine, lab].sort())
    actor.send({ type: "realtime.stop" })
    expect(actor.getSnapshot().context.watchers).toEqual({ [lab]: 1 })
  })

  it("signing out forgets the channels; signing in as someone else starts over for them", async () => {
    const { actor } = start()
    actor.send({ type: "realtime.start", userId: "u1" })
    await settle()
    actor.send({ type: "connection.opened", connection })
    actor.send({ type: "realtime.start", userId: "u2" })
    expect(Object.keys(actor.getSnapshot().context.watchers).sort()).toEqual(["private-notif_chat_u2", "private-ownership_changes_u2"])
    expect(actor.getSnapshot().context.channels).toEqual({})
    actor.send({ type: "realtime.stop" })
    expect(actor.getSnapshot().matches("idle")).toBe(true)
    expect(actor.getSnapshot().context.connection).toBeNull()
  })

  it("says a channel is live again after its subscription was lost, so listeners read what they missed", async () => {
    const { actor, live } = start()
    actor.send({ type: "realtime.start", userId: "u1" })
    actor.send({ type: "realtime.watch", channel: lab })
    await settle()
    actor.send({ type: "connection.opened", connection })
    actor.send({ type: "channel.live", channel: lab })
    // The server restarted: the connection broke and every channel was spawned again.
    actor.send({ type: "connection.broken", message: "closed" })
    actor.send({ type: "realtime.retry" })
    actor.send({ type: "connection.opened", connection })
    actor.send({ type: "channel.live", channel: lab })
    expect(live).toEqual([
      { type: "realtime.subscribed", channel: lab, resumed: false },
      { type: "realtime.subscribed", channel: lab, resumed: true }
    ])
    // Its last listener left: watched again later, its first subscription is a fresh start.
    actor.send({ type: "realtime.unwatch", channel: lab })
    actor.send({ type: "channel.live", channel: lab })
    actor.send({ type: "realtime.watch", channel: lab })
    actor.send({ type: "channel.live", channel: lab })
    expect(live.at(-1)).toEqual({ type: "realtime.subscribed", channel: lab, resumed: false })
    expect(live).toHaveLength(3)
  })
})

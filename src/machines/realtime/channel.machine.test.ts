// Model-based test of one channel subscription: every state and transition on a real actor, with
// the subscription's signals sent by the paths; messages reach the inbox only while subscribed.
import { Stream } from "effect"
import { describe, expect, it } from "vitest"
import { createActor, type EventObject, fromCallback } from "xstate"
import type { RealtimeConnection } from "../../effects/Realtime.ts"
import { type ChannelEvent, type ChannelOutbound, channelMachine } from "./channel.machine.ts"
import { modelFor } from "../../testing/modelHarness.ts"

const connection: RealtimeConnection = { states: Stream.empty, channel: () => Stream.empty }

/** An actor that keeps what it is sent. */
const recorder = () => {
  const received: Array<ChannelOutbound> = []
  const ref = createActor(fromCallback<ChannelOutbound>(({ receive }) => receive((event) => void received.push(event)))).start()
  return { ref, received }
}

/** The subscription's signals are the paths' events, so the real listener stays quiet. */
const silent = fromCallback<EventObject, { readonly connection: RealtimeConnection; readonly channel: string }>(() => undefined)
const machine = channelMachine.provide({ actors: { subscription: silent } })

const inbox = recorder()
const model = modelFor({
  machine,
  promiseActors: [],
  input: { channel: "private-mylab_l1", connection, inbox: inbox.ref },
  events: [
    { type: "channel.subscribed" },
    { type: "channel.refused", reason: "You may not listen to this channel." },
    { type: "channel.message", event: "lab_changed_l1", data: { kind: "lab.renamed", lab_id: "l1" } },
    { type: "channel.suspend" },
    { type: "channel.close" }
  ] satisfies ReadonlyArray<ChannelEvent>,
  states: {
    "active.subscribing": (actual, _, { via }) => {
      expect(actual.hasTag("live")).toBe(false)
      if (via === "start") expect(actual.context.refusal).toBeNull()
    },
    "active.unsubscribing": (actual) => expect(actual.hasTag("live")).toBe(false),
    "active.refused": (actual) => expect(actual.context.refusal).toBe("You may not listen to this channel."),
    "active.subscribed": (actual) => {
      expect(actual.context.refusal).toBeNull()
      expect(actual.hasTag("live")).toBe(true)
    },
    closed: (actual) => expect(actual.status).toBe("done")
  }
})

describe("channel model", () => {
  it.each(model.paths.map((path) => [path.description, path] as const))("%s", async (_, path) => {
    await path.run()
  })

  it("the paths cover every state and every transition", async () => {
    expect(await model.coverage()).toEqual({ missingStates: [], missingTransitions: [], uncheckedStates: [] })
  })
})

describe("channel scenarios", () => {
  const start = () => {
    const box = recorder()
    const actor = createActor(machine, { input: { channel: "private-mylab_l1", connection, inbox: box.ref } }).start()
    const send = (event: ChannelEvent) => actor.send(event)
    return { actor, send, received: box.received }
  }
  const message: ChannelEvent = { type: "channel.message", event: "lab_changed_l1", data: { kind: "lab.renamed", lab_id: "l1" } }

  it("delivers messages while subscribed, and none while resubscribing after a dropped connection", () => {
    const { send, received } = start()
    send(message)
    send({ type: "channel.subscribed" })
    send(message)
    send({ type: "channel.suspend" })
    send(message)
    expect(received).toEqual([
      { type: "channel.live", channel: "private-mylab_l1" },
      { type: "channel.delivered", channel: "private-mylab_l1", event: "lab_changed_l1", data: { kind: "lab.renamed", lab_id: "l1" } }
    ])
  })

  it("tells the inbox each time the subscription is let in, the first time and after a lost connection", () => {
    const { send, received } = start()
    send({ type: "channel.subscribed" })
    send({ type: "channel.suspend" })
    send({ type: "channel.subscribed" })
    expect(received).toEqual([
      { type: "channel.live", channel: "private-mylab_l1" },
      { type: "channel.live", channel: "private-mylab_l1" }
    ])
  })

  it("closing while the subscription is pending waits for the server's answer, then says it closed", () => {
    const { actor, send, received } = start()
    send({ type: "channel.close" })
    expect(actor.getSnapshot().matches({ active: "unsubscribing" })).toBe(true)
    send(message)
    send({ type: "channel.subscribed" })
    expect(actor.getSnapshot().status).toBe("done")
    expect(received).toEqual([{ type: "channel.closed", channel: "private-mylab_l1", id: actor.id }])
  })

  it("a refused channel is let in when pusher-js asks again after reconnecting", () => {
    const { actor, send } = start()
    send({ type: "channel.refused", reason: "expired" })
    send({ type: "channel.suspend" })
    send({ type: "channel.subscribed" })
    expect(actor.getSnapshot().matches({ active: "subscribed" })).toBe(true)
    expect(actor.getSnapshot().context.refusal).toBeNull()
  })
})

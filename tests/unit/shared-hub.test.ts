// The hub of one cluster worker: what it publishes reaches its own sockets and goes to the other
// processes; what they relay reaches its sockets and is not sent back out (no echo between peers).
import { describe, expect, it } from "vitest"
import type { Bus, PeerMessage } from "../../server/cluster/bus.ts"
import { makeHub } from "../../server/realtime/hub.ts"
import { shareHub } from "../../server/realtime/shared-hub.ts"

const fakeBus = () => {
  const sent: PeerMessage[] = []
  let deliver: (message: PeerMessage) => void = () => {}
  const bus: Bus = {
    index: 1,
    send: (message) => void sent.push(message),
    onMessage: (listener) => {
      deliver = listener
      return () => {}
    }
  }
  return { bus, sent, relay: (message: PeerMessage) => deliver(message) }
}

const listener = (socketId: string) => {
  const frames: string[] = []
  return { socketId, frames, send: (frame: string) => void frames.push(frame), close: () => {} }
}

describe("shareHub", () => {
  it("delivers locally and relays to the other processes, keeping the excluded socket", () => {
    const { bus, sent } = fakeBus()
    const hub = shareHub(makeHub(), bus)
    const ada = listener("1.1")
    const bob = listener("1.2")
    hub.subscribe("private-mylab_a", ada)
    hub.subscribe("private-mylab_a", bob)
    expect(hub.publish(["private-mylab_a"], "lab_changed_a", '{"x":1}', "1.2")).toBe(1)
    expect(ada.frames).toEqual([JSON.stringify({ event: "lab_changed_a", channel: "private-mylab_a", data: '{"x":1}' })])
    expect(bob.frames).toEqual([])
    expect(sent).toEqual([
      { kind: "preparat.realtime", channels: ["private-mylab_a"], event: "lab_changed_a", data: '{"x":1}', except: "1.2" }
    ])
  })

  it("delivers what another process relays without relaying it again", () => {
    const { bus, sent, relay } = fakeBus()
    const hub = shareHub(makeHub(), bus)
    const ada = listener("2.1")
    hub.subscribe("private-notif_chat_u1", ada)
    relay({ kind: "preparat.realtime", channels: ["private-notif_chat_u1"], event: "invite_u1", data: "{}" })
    relay({ kind: "preparat.wake-publisher" })
    expect(ada.frames).toHaveLength(1)
    expect(sent).toEqual([])
  })
})

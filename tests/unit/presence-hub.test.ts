// Presence channels over the hub (server/realtime/presence.ts), without sockets: one member per user
// across sockets; member_added and member_removed only on a user's first and last socket; and with
// several workers (a relaying bus as the primary's), each process knows the others' members, and a
// worker that starts again makes the others forget the sockets of its previous run.
import { describe, expect, it } from "vitest"
import type { Bus, PeerMessage } from "../../server/cluster/bus.ts"
import { makeHub } from "../../server/realtime/hub.ts"
import { type PresenceHub, withPresence } from "../../server/realtime/presence.ts"
import { shareHub } from "../../server/realtime/shared-hub.ts"

const CHANNEL = "presence-slide_s1"

const listener = (socketId: string) => {
  const frames: Array<{ event: string; data: unknown }> = []
  return {
    socketId,
    frames,
    send: (frame: string) => {
      const parsed = JSON.parse(frame) as { event: string; data: string }
      frames.push({ event: parsed.event, data: JSON.parse(parsed.data) })
    },
    close: () => {}
  }
}
type TestListener = ReturnType<typeof listener>

const join = (hub: PresenceHub, l: TestListener, userId: string, name = userId) => {
  hub.subscribe(CHANNEL, l, userId)
  return hub.presence.join(CHANNEL, l, { user_id: userId, user_info: { name, email: "" } })
}

/** A primary that relays every worker's message to every other worker, as server/cluster/primary.ts does. */
const cluster = () => {
  const workers: Array<{ index: number; deliver: Set<(m: PeerMessage) => void> }> = []
  const busOf = (index: number): Bus => {
    const worker = { index, deliver: new Set<(m: PeerMessage) => void>() }
    workers.push(worker)
    return {
      index,
      send: (message) => {
        for (const other of workers) if (other !== worker) for (const d of other.deliver) d(message)
      },
      onMessage: (l) => {
        worker.deliver.add(l)
        return () => worker.deliver.delete(l)
      }
    }
  }
  return {
    start: (index: number, node = String(index)) => withPresence(shareHub(makeHub(), busOf(index)), node),
    /** A worker that dies hears nothing more. */
    kill: (index: number) => {
      for (const w of workers) if (w.index === index) w.deliver.clear()
    }
  }
}

const events = (l: TestListener) =>
  l.frames.map((f) => `${f.event.replace("pusher_internal:", "")} ${(f.data as { user_id: string }).user_id}`)

describe("presence on one process", () => {
  it("answers the members on joining and tells the others of a user's first and last socket only", () => {
    const hub = withPresence(makeHub())
    const ada = listener("1.1")
    expect(join(hub, ada, "ada")).toEqual({ presence: { ids: ["ada"], hash: { ada: { name: "ada", email: "" } }, count: 1 } })
    const bobTab1 = listener("1.2")
    const bobTab2 = listener("1.3")
    expect(join(hub, bobTab1, "bob")).toMatchObject({ presence: { count: 2 } })
    expect(join(hub, bobTab2, "bob")).toMatchObject({ presence: { count: 2, ids: ["ada", "bob"] } })
    expect(events(ada)).toEqual(["member_added bob"])
    // Bob is not told of himself.
    expect(bobTab1.frames).toEqual([])
    hub.remove(bobTab1)
    expect(events(ada)).toEqual(["member_added bob"])
    hub.unsubscribe(CHANNEL, bobTab2)
    expect(events(ada)).toEqual(["member_added bob", "member_removed bob"])
    // Unsubscribing twice, or a socket that never joined, changes nothing.
    hub.unsubscribe(CHANNEL, bobTab2)
    hub.remove(listener("9.9"))
    expect(events(ada)).toEqual(["member_added bob", "member_removed bob"])
    expect(join(hub, listener("1.4"), "cy")).toMatchObject({ presence: { count: 2, ids: ["ada", "cy"] } })
  })

  it("refuses a member past the channel's limit of 100 users, but not another socket of one already there", () => {
    const hub = withPresence(makeHub())
    for (let i = 0; i < 100; i++) expect(join(hub, listener(`2.${i}`), `user${i}`)).not.toBe("full")
    expect(join(hub, listener("3.1"), "user100")).toBe("full")
    expect(join(hub, listener("3.2"), "user7")).toMatchObject({ presence: { count: 100 } })
  })
})

describe("a slide made public while members are on it", () => {
  it("lists the earlier members without their emails to whoever joins with an empty email (signed on a public slide)", () => {
    const hub = withPresence(makeHub())
    hub.subscribe(CHANNEL, listener("1.1"), "ada")
    hub.presence.join(CHANNEL, listener("1.1"), { user_id: "ada", user_info: { name: "Ada", email: "ada@example.org" } })
    const member = listener("1.2")
    hub.subscribe(CHANNEL, member, "bob")
    expect(hub.presence.join(CHANNEL, member, { user_id: "bob", user_info: { name: "Bob", email: "bob@example.org" } })).toMatchObject({
      presence: { hash: { ada: { email: "ada@example.org" } } }
    })
    const stranger = listener("1.3")
    hub.subscribe(CHANNEL, stranger, "stan")
    expect(hub.presence.join(CHANNEL, stranger, { user_id: "stan", user_info: { name: "Stan", email: "" } })).toEqual({
      presence: {
        ids: ["ada", "bob", "stan"],
        hash: { ada: { name: "Ada", email: "" }, bob: { name: "Bob", email: "" }, stan: { name: "Stan", email: "" } },
        count: 3
      }
    })
  })
})

describe("presence across worker processes", () => {
  it("lists and announces members joined on another worker", () => {
    const { start } = cluster()
    const one = start(0)
    const two = start(1)
    const ada = listener("1.1")
    join(one, ada, "ada")
    const bob = listener("2.1")
    expect(join(two, bob, "bob")).toMatchObject({ presence: { count: 2, ids: ["ada", "bob"] } })
    expect(events(ada)).toEqual(["member_added bob"])
    // Bob opens a second tab on the first worker: still one member.
    const bobAgain = listener("1.2")
    join(one, bobAgain, "bob")
    two.remove(bob)
    expect(events(ada)).toEqual(["member_added bob"])
    one.remove(bobAgain)
    expect(events(ada)).toEqual(["member_added bob", "member_removed bob"])
  })

  it("a worker that starts again makes the others forget its previous sockets and learns theirs", () => {
    const { start, kill } = cluster()
    const one = start(0)
    const two = start(1)
    const ada = listener("1.1")
    join(one, ada, "ada")
    join(two, listener("2.1"), "bob")
    expect(events(ada)).toEqual(["member_added bob"])
    kill(1)
    const again = start(1)
    expect(events(ada)).toEqual(["member_added bob", "member_removed bob"])
    const cy = listener("2.2")
    expect(join(again, cy, "cy")).toMatchObject({ presence: { count: 2, ids: ["ada", "cy"] } })
  })

  it("two servers whose workers share an index stay apart: one that starts again drops only its own sockets", () => {
    // Worker 0 of server a and worker 0 of server b, relayed by Redis (server/cluster/redis-relay.ts).
    const { start, kill } = cluster()
    const a = start(0, "a.0")
    const b = start(1, "b.0")
    const ada = listener("a.1")
    join(a, ada, "ada")
    const eve = listener("a.2")
    join(a, eve, "eve")
    join(b, listener("b.1"), "bob")
    kill(1)
    const bAgain = start(1, "b.0")
    // Eve, on a, sees Bob go with b's old run, and never Ada (on a too) flicker out and back.
    expect(events(eve)).toEqual(["member_added bob", "member_removed bob"])
    expect(join(bAgain, listener("b.2"), "cy")).toMatchObject({ presence: { count: 3, ids: ["ada", "eve", "cy"] } })
    kill(0)
    const aAgain = start(0, "a.0")
    expect(join(aAgain, listener("a.3"), "dee")).toMatchObject({ presence: { count: 2, ids: ["cy", "dee"] } })
  })
})

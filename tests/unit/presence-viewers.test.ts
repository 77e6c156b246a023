// The top bar's list of who else has the slide open, read from a presence channel's member list:
// the asker is left out, a list that does not decode and any other message are not a list.
import { describe, expect, it } from "vitest"
import { viewersOf } from "../../src/effects/annotations/presence.ts"
import { PRESENCE_MEMBERS } from "../../src/effects/realtime/pusherConnection.ts"

describe("viewersOf", () => {
  const members = [
    { id: "me", info: { name: "Me", email: "me@example.org" } },
    { id: "u2", info: { name: "Grace", email: "" } }
  ]

  it("names the others, not the asker", () => {
    expect(viewersOf(PRESENCE_MEMBERS, members, "me")).toEqual([{ id: "u2", name: "Grace", email: "" }])
    expect(viewersOf(PRESENCE_MEMBERS, [], "me")).toEqual([])
  })

  it("takes no other message, and no list of another shape", () => {
    expect(viewersOf("create_annotation_s1", members, "me")).toBeNull()
    expect(viewersOf(PRESENCE_MEMBERS, [{ id: "u2", info: { name: 3 } }], "me")).toBeNull()
    expect(viewersOf(PRESENCE_MEMBERS, { u2: {} }, "me")).toBeNull()
  })
})

// The top bar's list of who else has the slide open, read from a presence channel's member list:
// the asker is left out, a list that does not decode and any other message are not a list.
import { describe, expect, it } from "vitest"
import { viewersOf } from "../../src/effects/annotations/presence.ts"
import { heardOf } from "../../src/effects/realtime/heard.ts"
import { PRESENCE_MEMBERS } from "../../src/effects/realtime/pusherConnection.ts"

/** What the realtime machine hands over for a message on the slide's presence channel: decoded, or nothing. */
const heard = (event: string, data: unknown) => heardOf("presence-slide_s1", event, data)

describe("viewersOf", () => {
  const members = [
    { id: "me", info: { name: "Me", email: "me@example.org" } },
    { id: "u2", info: { name: "Grace", email: "" } }
  ]

  it("names the others, not the asker", () => {
    expect(viewersOf(heard(PRESENCE_MEMBERS, members)!, "me")).toEqual([{ id: "u2", name: "Grace", email: "" }])
    expect(viewersOf(heard(PRESENCE_MEMBERS, [])!, "me")).toEqual([])
  })

  it("takes no other message, and a list of another shape never reaches it", () => {
    const created = heardOf("private-mylab_s1", "create_annotation_s1", {
      lab_id: "s1",
      user_id: "u2",
      user_email: "",
      at: "t",
      count: 0,
      annotations: []
    })
    expect(viewersOf(created!, "me")).toBeNull()
    expect(heard(PRESENCE_MEMBERS, [{ id: "u2", info: { name: 3 } }])).toBeNull()
    expect(heard(PRESENCE_MEMBERS, { u2: {} })).toBeNull()
  })
})

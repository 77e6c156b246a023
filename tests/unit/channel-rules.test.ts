import { describe, expect, it } from "vitest"
import { channelRule } from "../../server/domain/channel-rules.ts"

describe("who may listen to a channel", () => {
  it("lets a user listen to their own notification and ownership channels only", () => {
    expect(channelRule("u1", "private-notif_chat_u1", "1.2")).toEqual({ kind: "allow" })
    expect(channelRule("u1", "private-ownership_changes_u1", "1.2")).toEqual({ kind: "allow" })
    expect(channelRule("u1", "private-notif_chat_u2", "1.2")).toEqual({ kind: "deny" })
  })

  it("sends a lab channel to the lab's own check", () => {
    expect(channelRule("u1", "private-mylab_L9", "1.2")).toEqual({ kind: "lab", labId: "L9" })
  })

  it("sends a slide's presence channel to the slide's own check; no other presence channel is offered", () => {
    expect(channelRule("u1", "presence-slide_L9", "1.2")).toEqual({ kind: "presence", labId: "L9" })
    expect(channelRule("u1", "presence-mylab_L9", "1.2")).toEqual({ kind: "deny" })
    expect(channelRule("u1", "presence-slide_", "1.2")).toEqual({ kind: "deny" })
  })

  it("refuses unknown channels and malformed socket ids", () => {
    expect(channelRule("u1", "private-somebody", "1.2")).toEqual({ kind: "deny" })
    expect(channelRule("u1", "mylab_L9", "1.2")).toEqual({ kind: "deny" })
    expect(channelRule("u1", "private-notif_chat_u1", "abc")).toEqual({ kind: "deny" })
  })
})

// Which channels hear which committed event.
import { describe, expect, it } from "vitest"
import { type LoggedEvent, routeEvent } from "../../server/domain/realtime-routing.ts"

const event = (kind: string, payload: Record<string, unknown>, lab_id: string | null = "L"): LoggedEvent => ({
  id: "e1",
  kind,
  actor_id: "A",
  lab_id,
  payload,
  created_at: "2026-11-22T00:00:00.000Z"
})

const channels = (e: LoggedEvent) => routeEvent(e).map((m) => `${m.channel} ${m.event}`)

describe("realtime routing", () => {
  it("tells a lab, its new parent and its old parent about a move", () => {
    expect(channels(event("lab.moved", { parent_id: "P2", from_parent_id: "P1" }))).toEqual([
      "private-mylab_L lab_changed_L",
      "private-mylab_P2 lab_changed_P2",
      "private-mylab_P1 lab_changed_P1"
    ])
  })

  it("sends an invitation to the invitee's notification channel and the lab's", () => {
    expect(channels(event("member.invited", { recipients: ["B"], notification_id: "n", parent_id: null }))).toEqual([
      "private-notif_chat_B invite_B",
      "private-mylab_L lab_changed_L"
    ])
  })

  it("sends an ownership transfer to each recipient's ownership channel", () => {
    expect(channels(event("lab.ownership_transferred", { recipients: ["B", "A"], parent_id: null }))).toEqual([
      "private-ownership_changes_B ownership_changes_B",
      "private-ownership_changes_A ownership_changes_A",
      "private-mylab_L lab_changed_L"
    ])
  })

  it("sends upload status with its payload to the lab's channel", () => {
    const [status] = routeEvent(event("upload.status", { status: "ready", thumbnail: "/t.jpg", thumbnail_url: "/t312.jpg" }))
    expect(status).toEqual({
      channel: "private-mylab_L",
      event: "status_upload_L",
      data: { lab_id: "L", status: "ready", thumbnail: "/t.jpg", thumbnail_url: "/t312.jpg" }
    })
  })

  it("also sends a file's upload status to its folder's channel, and tells both lists", () => {
    expect(channels(event("upload.status", { status: "processing", thumbnail: null, thumbnail_url: null, parent_id: "F" }))).toEqual([
      "private-mylab_L status_upload_L",
      "private-mylab_F status_upload_L",
      "private-mylab_L lab_changed_L",
      "private-mylab_F lab_changed_F"
    ])
  })

  it("keeps account events and lab-less events off every channel", () => {
    expect(channels(event("auth.signed_in", {}, null))).toEqual([])
    expect(channels(event("favorite.added", { lab_id: "L" }, null))).toEqual([])
  })
})

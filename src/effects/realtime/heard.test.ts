import { describe, expect, it } from "vitest"
import { heardOf } from "./heard.ts"
import { PRESENCE_MEMBERS } from "./pusherConnection.ts"

const notice = { kind: "member.invited", lab_id: "l1", actor_id: "u2", notification_id: "n1", at: "2026-11-28T10:00:00Z" }

describe("a realtime message, decoded once where it arrives", () => {
  it("is named by its event's kind and the id the event ends with", () => {
    const data = { kind: "lab.renamed", lab_id: "l2", parent_id: "l1", actor_id: "u1", at: "2026-11-28T10:00:00Z" }
    expect(heardOf("private-mylab_l1", "lab_changed_l1", data)).toEqual({
      type: "realtime.labChanged",
      channel: "private-mylab_l1",
      id: "l1",
      data
    })
    expect(heardOf("private-notif_chat_u1", "invite_u1", notice)).toMatchObject({ type: "realtime.invite", id: "u1" })
    expect(heardOf("private-notif_chat_u1", "notif_chat_u1", notice)).toMatchObject({ type: "realtime.notifChat", id: "u1" })
    expect(heardOf("private-notif_chat_u1", "ai_analysis_u1", notice)).toMatchObject({ type: "realtime.analysisEnded", id: "u1" })
    expect(heardOf("private-ownership_changes_u1", "ownership_changes_u1", notice)).toMatchObject({ type: "realtime.ownershipChanges" })
  })

  it("keeps a status's thumbnails as sent, absent ones absent", () => {
    expect(
      heardOf("private-mylab_l1", "status_upload_l1", { lab_id: "l1", status: "ready", thumbnail: "/a.jpg", thumbnail_url: "/b.jpg" })?.data
    ).toEqual({ lab_id: "l1", status: "ready", thumbnail: "/a.jpg", thumbnail_url: "/b.jpg" })
    expect(heardOf("private-mylab_l1", "status_upload_l1", { lab_id: "l1", status: "processing", thumbnail: null })?.data).toEqual({
      lab_id: "l1",
      status: "processing",
      thumbnail: null
    })
  })

  it("on a folder's channel, names the file its status is about", () => {
    expect(heardOf("private-mylab_f1", "status_upload_l7", { lab_id: "l7", status: "failed" })).toMatchObject({
      channel: "private-mylab_f1",
      id: "l7"
    })
  })

  it("a status or analysis change whose name and body disagree is not trusted", () => {
    expect(heardOf("private-mylab_f1", "status_upload_l7", { lab_id: "l8", status: "failed" })).toBeNull()
    const change = {
      lab_id: "l2",
      job_id: "j",
      user_id: "u",
      analysis: "ki67",
      state: "running",
      percent: 5,
      done: false,
      detections: 0,
      summary: null,
      error: null,
      at: "t"
    }
    expect(heardOf("private-mylab_l1", "ai_annotation_l1", change)).toBeNull()
    expect(heardOf("private-mylab_l2", "ai_annotation_l2", change)).toMatchObject({ type: "realtime.analysisChanged", id: "l2" })
  })

  it("drops unknown events, unknown statuses and payloads of another shape", () => {
    expect(heardOf("private-mylab_l1", "exploded_l1", {})).toBeNull()
    expect(heardOf("private-mylab_l1", "status_upload_l1", { lab_id: "l1", status: "exploded" })).toBeNull()
    expect(heardOf("private-mylab_l1", "status_upload_l1", "ready")).toBeNull()
    expect(heardOf("private-mylab_l1", "lab_changed_l1", { lab_id: "l1" })).toBeNull()
    expect(heardOf("private-mylab_l1", "chat_l1", { message: "<script>" })).toBeNull()
    expect(heardOf("private-mylab_l1", "lab_changed_", { kind: "x", lab_id: "" })).toBeNull()
  })

  it("tells a chat message from a comment notice: chat_ and notif_chat_ are different kinds", () => {
    expect(heardOf("private-notif_chat_u1", "notif_chat_u1", notice)?.type).toBe("realtime.notifChat")
    expect(heardOf("private-mylab_l1", "chat_l1", notice)).toBeNull()
  })

  it("reads a presence channel's members, whole, named by the slide", () => {
    const members = [{ id: "u1", info: { name: "Ada", email: "ada@example.org" } }]
    expect(heardOf("presence-slide_l1", PRESENCE_MEMBERS, members)).toEqual({
      type: "realtime.presenceMembers",
      channel: "presence-slide_l1",
      id: "l1",
      data: members
    })
    expect(heardOf("presence-slide_l1", PRESENCE_MEMBERS, [{ id: "u1" }])).toBeNull()
  })
})

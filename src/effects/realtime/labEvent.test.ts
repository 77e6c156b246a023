import { describe, expect, it } from "vitest"
import { labEventOf } from "./labEvent.ts"

describe("lab channel messages", () => {
  it("reads a lab change with its parent and actor", () => {
    const data = { kind: "lab.renamed", lab_id: "l2", parent_id: "l1", actor_id: "u1", at: "2025-03-01T10:00:00Z" }
    expect(labEventOf("l1", "lab_changed_l1", data)).toEqual(data)
  })

  it("reads an upload status as kind upload.status", () => {
    expect(labEventOf("l1", "status_upload_l1", { lab_id: "l1", status: "ready", thumbnail: "/t.png" })).toEqual({
      kind: "upload.status",
      lab_id: "l1",
      status: "ready",
      thumbnail: "/t.png"
    })
  })

  it("skips another lab's events and shapes it does not know", () => {
    expect(labEventOf("l1", "lab_changed_l9", { kind: "lab.renamed", lab_id: "l9" })).toBeNull()
    expect(labEventOf("l1", "lab_changed_l1", { lab_id: "l1" })).toBeNull()
    expect(labEventOf("l1", "lab_changed_l1", "nonsense")).toBeNull()
  })
})

import { describe, expect, it } from "vitest"
import { type HeardOf, heardOf } from "./heard.ts"
import { labEventOf } from "./labEvent.ts"

const heard = (event: string, data: unknown) => heardOf("private-mylab_l1", event, data) as HeardOf<"labChanged" | "statusUpload">

describe("lab channel messages", () => {
  it("reads a lab change with its parent and actor", () => {
    const data = { kind: "lab.renamed", lab_id: "l2", parent_id: "l1", actor_id: "u1", at: "2025-03-01T10:00:00Z" }
    expect(labEventOf(heard("lab_changed_l1", data))).toEqual(data)
  })

  it("reads an upload status as kind upload.status", () => {
    expect(labEventOf(heard("status_upload_l1", { lab_id: "l1", status: "ready", thumbnail: "/t.png" }))).toEqual({
      kind: "upload.status",
      lab_id: "l1",
      status: "ready",
      thumbnail: "/t.png"
    })
  })
})

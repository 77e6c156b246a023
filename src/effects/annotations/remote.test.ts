// A bulk change heard from another screen: applied from the one message when it names every shape,
// a read of the slide (that replaces, for a deletion) when it is too large to.
import { describe, expect, it } from "vitest"
import { shapeOf } from "../../annotation/store/shape.ts"
import { realtimeEvents } from "../../contract/realtime.ts"
import { annotationOf, ring } from "../../testing/annotationFixtures.ts"
import { rememberOwnBulk, takeOwnBulk } from "./own-bulk.ts"
import { heardOf } from "../realtime/heard.ts"
import { planOf, remoteChangeOf } from "./remote.ts"

const shape = (i: number) => {
  const parsed = shapeOf(annotationOf(`00000000-0000-4000-8000-00000000000${i}`, ring(10, 10, 5, 4), { version: 2 }))
  if (!parsed.ok) throw new Error(parsed.error)
  return parsed.shape
}
const held = [shape(1), shape(2)]
const stored = (id: string) => held.find((s) => s.id === id)
const message = (action: "updated" | "deleted", ids: ReadonlyArray<string>, count: number, change = {}) => ({
  lab_id: "slide-1",
  user_id: "u2",
  user_email: "grace@example.org",
  at: "2026-01-01T00:00:00.000Z",
  action,
  count,
  ids,
  change
})
/** The change a message on the slide's channel carries, as the realtime machine decoded it; null if it did not. */
const changeOf = (event: string, data: unknown) => {
  const heard = heardOf("private-mylab_slide-1", event, data)
  return heard === null ? null : remoteChangeOf("slide-1", heard)
}
const plan = (data: unknown, own: Parameters<typeof planOf>[4] = () => false) => {
  const change = changeOf(realtimeEvents.bulkAnnotation("slide-1"), data)
  if (change === null) throw new Error("not decoded")
  return planOf("slide-1", change, () => [], stored, own)
}

describe("a bulk change heard", () => {
  it("removes every named shape of a deletion, with no read", () => {
    const ids = held.map((s) => s.id)
    expect(plan(message("deleted", ids, 2))).toEqual({ batch: { remove: ids }, fetch: false, userId: "u2" })
  })

  it("relabels and moves the named shapes it holds, each one version up", () => {
    const ids = held.map((s) => s.id)
    const { batch, fetch } = plan(message("updated", ids, 2, { label_id: "b", label_name: "B", color: "#00FF00", dx: 1, dy: -1 }))
    expect(fetch).toBe(false)
    expect(batch.upsert?.map((s) => [s.id, s.labelId, s.labelName, s.color, s.version])).toEqual(
      held.map((s) => [s.id, "b", "B", "#00FF00", 3])
    )
    expect(Array.from(batch.upsert![0]!.coords)).toEqual(Array.from(held[0]!.coords, (v, i) => (i % 2 === 0 ? v + 1 : v - 1)))
  })

  it("reads the slide again when the message could not name them all; a deletion's read replaces", () => {
    expect(plan(message("deleted", [held[0]!.id], 100_000))).toMatchObject({ batch: {}, fetch: true, read: { kind: "all", prune: true } })
    expect(plan(message("updated", [held[0]!.id], 100_000, { visible: false }))).toMatchObject({
      batch: {},
      fetch: true,
      read: { kind: "header" }
    })
  })

  it("reads the header alone for a relabel or hide it could not name, the whole slide for a move or deletion", () => {
    const relabel = { label_id: "b", label_name: "B", color: "#00FF00" }
    expect(plan(message("updated", [held[0]!.id], 100_000, relabel))).toMatchObject({ fetch: true, read: { kind: "header" } })
    expect(plan(message("updated", [held[0]!.id], 100_000, { visible: false }))).toMatchObject({ fetch: true, read: { kind: "header" } })
    expect(plan(message("updated", [held[0]!.id], 100_000, { ...relabel, dx: 5, dy: 0 }))).toMatchObject({
      fetch: true,
      read: { kind: "all" }
    })
    expect(plan(message("deleted", [held[0]!.id], 100_000))).toMatchObject({ fetch: true, read: { kind: "all" } })
  })

  it("reads nothing for a large change this page sent itself (it shows it already), once", () => {
    const ids = Array.from({ length: 500 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`)
    rememberOwnBulk("deleted", ids)
    expect(plan(message("deleted", ids.slice(0, 150), 500), takeOwnBulk)).toMatchObject({ fetch: false })
    // The same message again, or another page's, is read.
    expect(plan(message("deleted", ids.slice(0, 150), 500), takeOwnBulk)).toMatchObject({ fetch: true, read: { kind: "all", prune: true } })
    rememberOwnBulk("updated", ids)
    expect(plan(message("deleted", ids.slice(0, 150), 500), takeOwnBulk)).toMatchObject({ fetch: true })
  })

  it("leaves its own relabelling as the answer set it, even when the message comes after the answer", () => {
    // The answer already put each shape one version up; applying the message too would put it two
    // up, past the server's, and the next move of the shape would be refused as a conflict.
    const ids = held.map((s) => s.id)
    rememberOwnBulk("updated", ids)
    expect(plan(message("updated", ids, 2, { label_id: "b" }), takeOwnBulk)).toEqual({ batch: {}, fetch: false, userId: "u2" })
    // Another page's relabelling of the same shapes is applied.
    expect(plan(message("updated", ids, 2, { label_id: "b" }), takeOwnBulk).batch.upsert).toHaveLength(2)
  })

  it("drops a message of another shape", () => {
    expect(changeOf(realtimeEvents.bulkAnnotation("slide-1"), { action: "exploded" })).toBeNull()
  })
})

describe("an edit heard from another screen", () => {
  it("brings the annotation's name, description and lock with its shape", () => {
    const a = annotationOf("00000000-0000-4000-8000-000000000009", ring(10, 10, 5, 4), { version: 3 })
    const data = { ...a.data, name: "Invasive front", description: "Deep margin", locked: true }
    const change = changeOf(realtimeEvents.updateAnnotation("slide-1"), {
      lab_id: "slide-1",
      user_id: "u2",
      user_email: "grace@example.org",
      at: "2026-01-01T00:00:00.000Z",
      annotation: { id: a.id, version: 3, visible: true, label_id: "l1", color: "#FF0000", data }
    })
    if (change === null) throw new Error("not decoded")
    const { batch } = planOf("slide-1", change, () => [])
    expect(batch.upsert?.[0]?.props).toEqual({ name: "Invasive front", description: "Deep margin", locked: true })
  })
})

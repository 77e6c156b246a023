// The header alone changes held shapes in place only where that is the whole change: one version on
// (the relabel or hide itself). A shape not held, or more than one version behind, sends the screen
// to the whole read.
import { describe, expect, it } from "vitest"
import type { CompactHeader } from "../compact.ts"
import { annotationOf, ring } from "../../testing/annotationFixtures.ts"
import { changesOfHeader } from "./header-changes.ts"
import { shapeOf } from "./shape.ts"

const id = (i: number) => `00000000-0000-4000-8000-00000000000${i}`
const shape = (i: number) => {
  const parsed = shapeOf(annotationOf(id(i), ring(10 * i, 10, 5, 4), { version: 2 }))
  if (!parsed.ok) throw new Error(parsed.error)
  return parsed.shape
}
const held = new Map([1, 2, 3].map((i) => [id(i), shape(i)] as const))

const header = (
  rows: ReadonlyArray<{ readonly i: number; readonly version: number; readonly label: number; readonly visible: number }>
): CompactHeader => ({
  count: rows.length,
  labels: [
    { id: "a", name: "Tumour", color: "#FF0000" },
    { id: "b", name: "Stroma", color: "" }
  ],
  authors: [{ id: "u1", name: "Ada", email: "ada@example.org" }],
  times: ["2026-01-01T00:00:00.000Z"],
  ids: rows.map((r) => id(r.i)),
  versions: rows.map((r) => r.version),
  kinds: rows.map(() => 1),
  label: rows.map((r) => r.label),
  author: rows.map(() => 0),
  visible: rows.map((r) => r.visible),
  vertices: rows.map(() => 4),
  created: rows.map(() => 0),
  comments: {}
})

describe("a compact header read after a large relabel", () => {
  it("relabels and hides the held shapes one version on, keeping their geometry", () => {
    const { upsert, missing } = changesOfHeader(
      header([
        { i: 1, version: 3, label: 1, visible: 1 },
        { i: 2, version: 3, label: 0, visible: 0 },
        { i: 3, version: 2, label: 1, visible: 1 }
      ]),
      (x) => held.get(x)
    )
    expect(missing).toBe(0)
    expect(upsert.map((s) => [s.id, s.labelId, s.labelName, s.color, s.visible, s.version])).toEqual([
      [id(1), "b", "Stroma", "#FFFF00", true, 3],
      [id(2), "a", "Tumour", "#FF0000", false, 3]
    ])
    expect(upsert[0]!.coords).toBe(held.get(id(1))!.coords)
  })

  it("counts as missing a shape not held, and one more than a version behind", () => {
    const { upsert, missing } = changesOfHeader(
      header([
        { i: 1, version: 4, label: 1, visible: 1 },
        { i: 4, version: 1, label: 1, visible: 1 },
        { i: 2, version: 3, label: 1, visible: 1 }
      ]),
      (x) => held.get(x)
    )
    expect(missing).toBe(2)
    expect(upsert.map((s) => s.id)).toEqual([id(2)])
  })
})

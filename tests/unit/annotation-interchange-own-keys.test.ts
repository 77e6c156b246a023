// An annotation's name, description and lock (QuPath) and creator and created (W3C) through the
// interchange readers and writers (issue 29): kept on the way in, written back on the way out,
// and malformed values dropped without losing the shape.
import { describe, expect, it } from "vitest"
import { ownKeysFrom } from "../../src/annotation/interchange/common.ts"
import { fromQuPath, toQuPath } from "../../src/annotation/interchange/qupath.ts"
import { fromW3C, toW3C } from "../../src/annotation/interchange/w3c.ts"

const labels = [{ id: "l1", name: "Tumor", color: "#FF0000" }]
const square = [
  [0, 0],
  [10, 0],
  [10, 10],
  [0, 10],
  [0, 0]
]

describe("name, description, lock, creator and created in files", () => {
  it("reads QuPath's name, isLocked and description and writes them back", () => {
    const file = {
      type: "FeatureCollection",
      features: [
        {
          type: "Feature",
          id: "0b7c6f1e-2a3d-4e5f-8a9b-0c1d2e3f4a5b",
          geometry: { type: "Polygon", coordinates: [square] },
          properties: {
            objectType: "annotation",
            name: "Region A",
            isLocked: true,
            description: "Front",
            classification: { name: "Tumor", color: [255, 0, 0] }
          }
        }
      ]
    }
    const imported = fromQuPath(file, { labels, source: "slide" })
    const a = imported.annotations[0]!
    expect(a.id).toBe("0b7c6f1e-2a3d-4e5f-8a9b-0c1d2e3f4a5b")
    expect(a.data).toMatchObject({ name: "Region A", description: "Front", locked: true })
    const out = toQuPath([{ id: a.id, data: a.data }], { labels })
    expect(out.features[0]!.properties).toMatchObject({ name: "Region A", description: "Front", isLocked: true })
  })

  it("keeps a W3C creator (an Agent or an IRI) and created, and writes them back", () => {
    const item = (creator: unknown, created: unknown) => ({
      type: "Annotation",
      body: [{ type: "TextualBody", purpose: "tagging", value: "Tumor" }],
      target: { source: "s", selector: { type: "FragmentSelector", value: "xywh=pixel:1,2,3,4" } },
      creator,
      created
    })
    const imported = fromW3C([item({ type: "Person", name: "Dr. Sari" }, "2024-05-01T10:00:00Z"), item("https://orcid.org/0000", "soon")], {
      labels
    })
    expect(imported.skipped).toEqual([])
    expect(imported.annotations[0]!.data).toMatchObject({ creator: { type: "Person", name: "Dr. Sari" }, created: "2024-05-01T10:00:00Z" })
    expect(imported.annotations[1]!.data.creator).toEqual({ id: "https://orcid.org/0000" })
    expect(imported.annotations[1]!.data.created).toBeUndefined()
    const out = toW3C(
      imported.annotations.map((a) => ({ id: a.id, data: a.data })),
      { labels }
    )
    expect(out.first.items[0]).toMatchObject({ creator: { name: "Dr. Sari" }, created: "2024-05-01T10:00:00Z" })
  })

  it("drops what is malformed: empty names, a lock that is not true, long texts cut at the limits", () => {
    expect(ownKeysFrom({ name: "  ", locked: "yes", description: 3 })).toEqual({})
    expect(ownKeysFrom({ name: "n".repeat(300) }).name).toHaveLength(200)
  })
})

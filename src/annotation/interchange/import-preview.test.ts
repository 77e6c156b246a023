import { describe, expect, it } from "vitest"
import { IMPORT_IMAGE, qupathImportFile } from "../../testing/qupathImportFixture.ts"
import { slideIdsFor, uuidV5 } from "./import-ids.ts"
import { asCopies, fileIdsOf, previewImport } from "./import-preview.ts"
import { reasonOf } from "./import-reasons.ts"
import { toW3C } from "./w3c.ts"

const tumour = { id: "l1", name: "Tumour", color: "#FF0000" }
const counter = () => {
  let n = 0
  return () => `00000000-0000-4000-8000-${String(++n).padStart(12, "0")}`
}

const preview = async (existing: ReadonlyArray<string> = [], labels = [tumour]) => {
  const slideIds = await slideIdsFor("slide-1", fileIdsOf(qupathImportFile))
  return {
    slideIds,
    preview: previewImport({
      json: qupathImportFile,
      labels,
      existing: new Set(existing),
      slideIds,
      image: IMPORT_IMAGE,
      newId: counter()
    })
  }
}

describe("import ids", () => {
  it("are RFC 9562 version 5 uuids (the RFC's example name in the DNS namespace)", async () => {
    expect(await uuidV5("www.example.com", "6ba7b810-9dad-11d1-80b4-00c04fd430c8")).toBe("2ed6657d-e927-568b-95e1-2665a8aea6a2")
  })

  it("are the same for the same slide and file id, and differ from slide to slide", async () => {
    const a = await slideIdsFor("slide-1", ["6f1c2b7a-0d4e-4a53-9b8e-1f2a3b4c5d01"])
    const b = await slideIdsFor("slide-1", ["6F1C2B7A-0D4E-4A53-9B8E-1F2A3B4C5D01"])
    const c = await slideIdsFor("slide-2", ["6f1c2b7a-0d4e-4a53-9b8e-1f2a3b4c5d01"])
    expect(a.get("6f1c2b7a-0d4e-4a53-9b8e-1f2a3b4c5d01")).toBe(b.get("6F1C2B7A-0D4E-4A53-9B8E-1F2A3B4C5D01"))
    expect(a.get("6f1c2b7a-0d4e-4a53-9b8e-1f2a3b4c5d01")).not.toBe(c.get("6f1c2b7a-0d4e-4a53-9b8e-1f2a3b4c5d01"))
  })
})

describe("import preview", () => {
  it("counts shapes per class, and creates only the labels an accepted shape uses, in the file's colour", async () => {
    const { preview: p } = await preview()
    expect(p.format).toBe("qupath")
    expect(p.items).toBe(7)
    expect(p.classes).toEqual([
      { name: "Tumour", count: 3, labelId: "l1", color: "#FF0000" },
      { name: "Stroma", count: 1, labelId: null, color: "#22AA44" },
      { name: "uncategorized", count: 1, labelId: null, color: expect.stringMatching(/^#[0-9A-F]{6}$/) }
    ])
    // Ghost's only shape is refused: no Ghost label.
    expect(p.newLabels.map((l) => l.name)).toEqual(["Stroma", "uncategorized"])
    expect(p.shapes.map((s) => s.annotation.data.body[0].label.id)).toEqual(["l1", "new:stroma", "new:uncategorized", "l1", "l1"])
  })

  it("says which items are skipped and changed, and why", async () => {
    const { preview: p } = await preview()
    expect(p.skipped).toEqual([
      { index: 5, reason: { code: "notAnnotationType", type: "tmaCore" } },
      { index: 6, reason: { code: "fewVertices" } }
    ])
    expect(p.changed).toEqual([
      { index: 1, reason: { code: "multiPolygon", parts: 2 } },
      { index: 2, reason: { code: "unclassified", label: "uncategorized" } },
      { index: 4, reason: { code: "objectType", type: "detection" } }
    ])
    expect(p.outside).toEqual([3])
  })

  it("keeps holes and a multi-polygon's parts in one region", async () => {
    const { preview: p } = await preview()
    expect(p.shapes[0]!.annotation.data.target.selector.value).toMatch(/<path/)
    expect(p.shapes[1]!.annotation.data.target.selector.value).toMatch(/<path/)
  })

  it("notes a class whose colour here differs from the file's", async () => {
    const { preview: p } = await preview()
    expect(p.colours).toEqual([{ labelId: "l1", name: "Tumour", ours: "#FF0000", file: "#0080FF" }])
    const same = (await preview([], [{ ...tumour, color: "#0080ff" }])).preview
    expect(same.colours).toEqual([])
  })

  it("creates every shape the first time; the same file again updates them", async () => {
    const first = await preview()
    expect([first.preview.creates, first.preview.updates]).toEqual([5, 0])
    const ids = first.preview.shapes.map((s) => s.annotation.id)
    // The ids derive from the file's: the same ones again.
    expect(ids.slice(0, 2)).toEqual([...first.slideIds.values()].slice(0, 2))
    const again = (await preview(ids)).preview
    expect([again.creates, again.updates]).toEqual([0, 5])
    expect(again.shapes.map((s) => s.annotation.id)).toEqual(ids)
    const copies = asCopies(again, counter())
    expect([copies.creates, copies.updates]).toEqual([5, 0])
    expect(copies.shapes.map((s) => s.annotation.id).some((id) => ids.includes(id))).toBe(false)
  })

  it("matches a file id that already is an annotation of this slide (our export read back)", async () => {
    const own = "6f1c2b7a-0d4e-4a53-9b8e-1f2a3b4c5d01"
    const p = (await preview([own])).preview
    expect(p.shapes[0]).toMatchObject({ update: true, annotation: { id: own } })
    expect(p.updates).toBe(1)
  })

  it("reads a W3C file's tags and label colours, and an untagged item as uncategorized", () => {
    const exported = toW3C(
      [
        {
          id: "6f1c2b7a-0d4e-4a53-9b8e-1f2a3b4c5d11",
          data: {
            type: "Annotation",
            body: [{ type: "TextualBody", purpose: "tagging", value: "Tumour", label: { id: "x", name: "Tumour", color: "#00FF00" } }],
            target: { source: "s", selector: { type: "FragmentSelector", value: "xywh=pixel:10,10,20,20" } }
          }
        }
      ],
      { labels: [{ id: "x", name: "Tumour", color: "#00FF00" }] }
    )
    const untagged = {
      type: "Annotation",
      body: [],
      target: { source: "s", selector: { type: "FragmentSelector", value: "xywh=pixel:5000,10,20,20" } }
    }
    const json = { ...exported, first: { ...exported.first, items: [...exported.first.items, untagged] } }
    const p = previewImport({ json, labels: [tumour], existing: new Set(), slideIds: new Map(), image: IMPORT_IMAGE, newId: counter() })
    expect(p.format).toBe("w3c")
    expect(p.colours).toEqual([{ labelId: "l1", name: "Tumour", ours: "#FF0000", file: "#00FF00" }])
    expect(p.changed).toEqual([{ index: 1, reason: { code: "unclassified", label: "uncategorized" } }])
    expect(p.outside).toEqual([1])
    expect(fileIdsOf(json)).toEqual(["6f1c2b7a-0d4e-4a53-9b8e-1f2a3b4c5d11"])
  })

  it("reads each reader's sentence as a reason code", () => {
    const sentences = [
      "its objectType tile is not an annotation",
      "it has no geometry",
      "its geometry type GeometryCollection is not one we keep",
      "a polygon ring of fewer than 3 vertices",
      "the shape has 20000 vertices; at most 10000 are allowed",
      "the shape has a coordinate beyond 16777216 pixels",
      "a polygon without rings",
      "it is not an annotation with a tag and a selector",
      "its selector is not one of our shapes",
      "not a W3C annotation collection"
    ]
    expect(sentences.map((s) => reasonOf(s).code)).toEqual([
      "notAnnotationType",
      "noGeometry",
      "geometryType",
      "fewVertices",
      "tooManyVertices",
      "coordinateBeyond",
      "malformed",
      "notW3C",
      "unreadableSelector",
      "notCollection"
    ])
    expect(reasonOf("something new")).toEqual({ code: "other", detail: "something new" })
  })
})

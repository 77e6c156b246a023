// QuPath GeoJSON and W3C collections, both ways: a QuPath-written file read (with the variants
// QuPath and other exporters write), and round trips that keep every shape and label.
import { describe, expect, it } from "vitest"
import { measure } from "../../src/annotation/measure.ts"
import { parseSelector } from "../../src/annotation/geometry.ts"
import {
  type AnnotationRecord,
  fromQuPath,
  fromW3C,
  type LabelInfo,
  qupathClasses,
  readQuPath,
  toQuPath,
  toW3C,
  unpackRgb,
  w3cTagNames
} from "../../src/annotation/interchange/index.ts"

// As QuPath 0.4/0.5 writes it (File > Export objects as GeoJSON, "Export as FeatureCollection"),
// with an older file's measurement list and a packed colour mixed in, as files met in practice are.
const qupathFile = `{
  "type": "FeatureCollection",
  "features": [
    {
      "type": "Feature",
      "id": "5f2b1c3e-8a4d-4f6b-9c2e-1a7d3e5b9f01",
      "geometry": {
        "type": "Polygon",
        "coordinates": [[[12040.5, 8320], [12810, 8295.25], [13120, 8870], [12590, 9410], [11980, 9015], [12040.5, 8320]]]
      },
      "properties": {
        "objectType": "annotation",
        "name": "Tumour region 1",
        "classification": { "name": "Tumor", "color": [200, 0, 0] },
        "isLocked": false,
        "measurements": { "Area µm^2": 152310.4, "Perimeter µm": 1480.2 }
      }
    },
    {
      "type": "Feature",
      "id": "0d7c8e21-44b2-4a19-8f3a-6c1e2b9d7a55",
      "geometry": { "type": "Polygon", "coordinates": [[[2000, 3000], [2600, 3000], [2600, 3400], [2000, 3400], [2000, 3000]]] },
      "properties": {
        "objectType": "annotation",
        "classification": { "name": "Stroma", "colorRGB": -16744448 },
        "isLocked": true,
        "measurements": [{ "name": "Area px^2", "value": 240000 }, { "name": "Perimeter px", "value": 2000 }]
      }
    },
    {
      "type": "Feature",
      "id": "9a1f0b3c-2d4e-4f50-8a6b-7c8d9e0f1a2b",
      "geometry": { "type": "LineString", "coordinates": [[500, 500], [640, 610], [700, 900]] },
      "properties": { "objectType": "annotation", "isLocked": false }
    },
    {
      "type": "Feature",
      "id": "c3d4e5f6-a7b8-4c9d-8e0f-1a2b3c4d5e6f",
      "geometry": { "type": "MultiPoint", "coordinates": [[1500, 1600], [1510, 1620], [1532.5, 1641]] },
      "properties": { "objectType": "annotation", "classification": { "name": "Immune cells", "color": [0, 0, 255] } }
    },
    {
      "type": "Feature",
      "id": "e1f2a3b4-c5d6-4e7f-8091-a2b3c4d5e6f7",
      "geometry": { "type": "Point", "coordinates": [4000, 4100] },
      "properties": { "objectType": "annotation", "classification": { "name": "Immune cells", "color": [0, 0, 255] }, "description": "Check this one" }
    },
    {
      "type": "Feature",
      "id": "f0e1d2c3-b4a5-4968-8776-655443322110",
      "geometry": {
        "type": "Polygon",
        "coordinates": [
          [[0, 0], [1000, 0], [1000, 1000], [0, 1000], [0, 0]],
          [[400, 400], [600, 400], [600, 600], [400, 600], [400, 400]]
        ]
      },
      "properties": { "objectType": "annotation", "classification": { "name": "Tumor", "color": [200, 0, 0] } }
    },
    {
      "type": "Feature",
      "id": "11111111-2222-4333-8444-555555555555",
      "geometry": { "type": "Polygon", "coordinates": [[[10, 10], [14, 10], [14, 15], [10, 10]]] },
      "nucleusGeometry": { "type": "Polygon", "coordinates": [[[11, 11], [13, 11], [13, 13], [11, 11]]] },
      "properties": { "objectType": "cell", "classification": { "name": "Tumor", "color": [200, 0, 0] } }
    },
    {
      "type": "Feature",
      "geometry": { "type": "Polygon", "coordinates": [[[0, 0], [512, 0], [512, 512], [0, 512], [0, 0]]] },
      "properties": { "objectType": "tile" }
    }
  ]
}`

const labels: LabelInfo[] = [
  { id: "L-tumor", name: "Tumor", color: "#C80000" },
  { id: "L-stroma", name: "Stroma", color: "#008000" },
  { id: "L-immune", name: "Immune cells", color: "#0000FF" },
  { id: "L-none", name: "uncategorized", color: "#FFFF00" }
]

let counter = 0
const newId = () => `00000000-0000-4000-8000-${String(++counter).padStart(12, "0")}`

describe("reading a QuPath file", () => {
  const read = readQuPath(JSON.parse(qupathFile))

  it("keeps annotations, detections and cells, and says what it skipped or changed", () => {
    expect(read.shapes.map((s) => [s.geometry.kind, s.className])).toEqual([
      ["polygon", "Tumor"],
      ["polygon", "Stroma"],
      ["polyline", null],
      ["points", "Immune cells"],
      ["points", "Immune cells"],
      ["area", "Tumor"],
      ["polygon", "Tumor"]
    ])
    expect(read.skipped).toEqual([{ index: 7, reason: "its objectType tile is not an annotation" }])
    // A polygon with a hole stays one shape, its hole kept.
    expect(read.warnings).toEqual([])
  })

  it("reads the variants: packed colours, measurement lists, locks, ring closing", () => {
    expect(unpackRgb(-16744448)).toEqual([0, 128, 0])
    expect(read.shapes[1]).toMatchObject({
      color: [0, 128, 0],
      isLocked: true,
      measurements: { "Area px^2": 240000, "Perimeter px": 2000 }
    })
    expect(read.shapes[0]!.measurements).toEqual({ "Area µm^2": 152310.4, "Perimeter µm": 1480.2 })
    // The closing vertex GeoJSON repeats is not a vertex of ours.
    expect(read.shapes[0]!.geometry).toEqual({
      kind: "polygon",
      points: [
        [12040.5, 8320],
        [12810, 8295.25],
        [13120, 8870],
        [12590, 9410],
        [11980, 9015]
      ]
    })
    // QuPath's description is the annotation's own description now, not a comment (issue 29).
    expect(read.shapes[4]!.comments).toEqual([])
    expect(read.shapes[4]!.own).toEqual({ description: "Check this one" })
  })

  it("names the labels the file needs, with their colours", () => {
    expect(qupathClasses(read.shapes)).toEqual([
      { name: "Tumor", color: "#C80000" },
      { name: "Stroma", color: "#008000" },
      { name: "uncategorized", color: "#FFFF00" },
      { name: "Immune cells", color: "#0000FF" }
    ])
  })

  it("makes annotations to POST: the file's ids, the slide's labels, valid selectors", () => {
    const imported = fromQuPath(JSON.parse(qupathFile), { labels, source: "slide-1", newId })
    expect(imported.annotations).toHaveLength(7)
    expect(imported.annotations[0]!.id).toBe("5f2b1c3e-8a4d-4f6b-9c2e-1a7d3e5b9f01")
    expect(imported.annotations.map((a) => a.data.body[0].label.id)).toEqual([
      "L-tumor",
      "L-stroma",
      "L-none",
      "L-immune",
      "L-immune",
      "L-tumor",
      "L-tumor"
    ])
    for (const a of imported.annotations) expect(parseSelector(a.data.target.selector).ok).toBe(true)
    expect(imported.annotations[4]!.data.body[1]).toBeUndefined()
    expect(imported.annotations[4]!.data.description).toBe("Check this one")
    const withoutStroma = fromQuPath(JSON.parse(qupathFile), { labels: labels.filter((l) => l.name !== "Stroma"), source: "s", newId })
    expect(withoutStroma.annotations).toHaveLength(6)
    expect(withoutStroma.skipped).toContainEqual({ index: 1, reason: "the slide has no label Stroma" })
  })

  it("writes the file's shapes back as QuPath wrote them, holes too", () => {
    const original = JSON.parse(qupathFile).features
    const imported = fromQuPath(original, { labels, source: "s", newId })
    const records: AnnotationRecord[] = imported.annotations.map((a) => ({ id: a.id, data: a.data }))
    const written = toQuPath(records, { labels })
    for (const i of [0, 1, 2, 3, 4, 6]) {
      expect(written.features[i]!.geometry).toEqual(original[i].geometry)
      expect(written.features[i]!.id).toBe(original[i].id)
    }
    // The polygon with a hole: the same rings, boundary first, wound as RFC 7946 asks (boundary
    // counter-clockwise by the shoelace sign, hole clockwise), whichever way the file wound them.
    const [boundary, hole] = (written.features[5]!.geometry as unknown as { coordinates: Array<Array<[number, number]>> }).coordinates
    const [fileBoundary, fileHole] = original[5].geometry.coordinates as Array<Array<[number, number]>>
    const sameRing = (a: Array<[number, number]>, b: Array<[number, number]>) =>
      expect(new Set(a.map(String))).toEqual(new Set(b.map(String)))
    sameRing(boundary!, fileBoundary!)
    sameRing(hole!, fileHole!)
    const signed = (ring: Array<[number, number]>) => ring.slice(1).reduce((s, [x, y], i) => s + ring[i]![0] * y - x * ring[i]![1], 0)
    expect(signed(boundary!)).toBeGreaterThan(0)
    expect(signed(hole!)).toBeLessThan(0)
    expect(written.features.map((f) => f.properties.classification.name)).toEqual([
      "Tumor",
      "Stroma",
      "uncategorized",
      "Immune cells",
      "Immune cells",
      "Tumor",
      "Tumor"
    ])
    expect(written.features[1]!.properties.classification.color).toEqual([0, 128, 0])
  })
})

const ours: AnnotationRecord[] = [
  {
    id: "aaaaaaaa-0000-4000-8000-000000000001",
    data: {
      type: "Annotation",
      body: [{ type: "TextualBody", purpose: "tagging", value: "Tumor", label: { id: "L-tumor", name: "Tumor", color: "#C80000" } }],
      target: {
        source: "slide-1",
        selector: { type: "FragmentSelector", conformsTo: "http://www.w3.org/TR/media-frags/", value: "xywh=pixel:10,20,300,400" }
      }
    }
  },
  {
    id: "aaaaaaaa-0000-4000-8000-000000000002",
    data: {
      type: "Annotation",
      body: [
        { type: "TextualBody", purpose: "tagging", value: "Stroma", label: { id: "L-stroma" } },
        { type: "TextualBody", purpose: "commenting", value: "Dense" }
      ],
      target: { source: "slide-1", selector: { type: "SvgSelector", value: "<svg><polygon points='0,0 100.5,0 50,86.6'/></svg>" } }
    }
  },
  {
    id: "aaaaaaaa-0000-4000-8000-000000000003",
    data: {
      type: "Annotation",
      body: [{ type: "TextualBody", purpose: "tagging", value: "uncategorized", label: { id: "L-none" } }],
      target: { source: "slide-1", selector: { type: "SvgSelector", value: "<svg><polyline points='1,1 5,5 9,2'/></svg>" } }
    }
  },
  {
    id: "aaaaaaaa-0000-4000-8000-000000000004",
    data: {
      type: "Annotation",
      body: [
        { type: "TextualBody", purpose: "tagging", value: "Immune cells", label: { id: "L-immune" } },
        { type: "TextualBody", purpose: "commenting", value: "A comment" }
      ],
      target: { source: "slide-1", selector: { type: "SvgSelector", value: "<svg><circle cx='7' cy='8' r='0'/></svg>" } }
    }
  },
  {
    id: "aaaaaaaa-0000-4000-8000-000000000005",
    data: {
      type: "Annotation",
      body: [{ type: "TextualBody", purpose: "tagging", value: "Immune cells", label: { id: "L-immune" } }],
      target: {
        source: "slide-1",
        selector: { type: "SvgSelector", value: "<svg><circle cx='1' cy='2' r='0'/><circle cx='3' cy='4' r='0'/></svg>" }
      }
    }
  }
]

/** What must survive a round trip: id, shape, label, comments. */
const essence = (a: { id: string; data: AnnotationRecord["data"] }) => ({
  id: a.id,
  shape: parseSelector(a.data.target.selector),
  label: a.data.body[0].label.id,
  comments: a.data.body.slice(1).map((b) => b.value)
})

describe("round trips", () => {
  it("ours -> QuPath -> ours keeps every shape (rectangles too), label and comment", () => {
    const file = JSON.parse(JSON.stringify(toQuPath(ours, { labels, mpp: 0.25 })))
    const back = fromQuPath(file, { labels, source: "slide-1", newId })
    expect(back.skipped).toEqual([])
    expect(back.annotations.map(essence)).toEqual(ours.map(essence))
  })

  it("writes QuPath's measurements, in µm when the slide has a scale", () => {
    const [rectangle, triangle, stroke, point] = toQuPath(ours, { labels, mpp: 0.5 }).features
    expect(rectangle!.properties.measurements).toEqual({
      "Area px^2": 120000,
      "Perimeter px": 1400,
      "Area µm^2": 30000,
      "Perimeter µm": 700
    })
    expect(triangle!.properties.measurements["Area px^2"]).toBeCloseTo(4351.65, 2)
    expect(stroke!.properties.measurements["Length px"]).toBeCloseTo(Math.hypot(4, 4) + Math.hypot(4, 3), 10)
    expect(point!.properties.measurements).toEqual({ "Num points": 1 })
    expect(toQuPath(ours).features[0]!.properties.measurements).toEqual({ "Area px^2": 120000, "Perimeter px": 1400 })
    expect(rectangle!.properties).toMatchObject({ objectType: "annotation", classification: { name: "Tumor", color: [200, 0, 0] } })
  })

  it("ours -> W3C collection -> ours keeps everything, and the collection is a W3C one", () => {
    const collection = toW3C(ours, { labels, label: "Slide 1" })
    expect(collection).toMatchObject({ "@context": "http://www.w3.org/ns/anno.jsonld", type: "AnnotationCollection", total: 5 })
    expect(collection.first.items[0]!.id).toBe("urn:uuid:aaaaaaaa-0000-4000-8000-000000000001")
    expect(collection.first.items[1]!.body[0].label).toEqual({ id: "L-stroma", name: "Stroma", color: "#008000" })
    const back = fromW3C(JSON.parse(JSON.stringify(collection)), { labels, newId })
    expect(back.skipped).toEqual([])
    expect(back.annotations.map(essence)).toEqual(ours.map(essence))
    expect(back.annotations[0]!.data.target.selector).toEqual(ours[0]!.data.target.selector)
  })

  it("reads Annotorious-style items (one body object, a tag by name) and skips what it cannot keep", () => {
    const page = {
      type: "AnnotationPage",
      items: [
        {
          id: "#local-1",
          type: "Annotation",
          body: { type: "TextualBody", purpose: "tagging", value: "stroma" },
          target: { source: "x", selector: { type: "SvgSelector", value: '<svg><polygon points="0,0 5,0 5,5"></polygon></svg>' } }
        },
        { type: "Annotation", body: [], target: { source: "x", selector: { type: "FragmentSelector", value: "xywh=pixel:1,1,1,1" } } },
        {
          type: "Annotation",
          body: [{ type: "TextualBody", purpose: "tagging", value: "Nowhere" }],
          target: { source: "x", selector: { type: "FragmentSelector", value: "xywh=pixel:1,1,1,1" } }
        },
        {
          type: "Annotation",
          body: [{ type: "TextualBody", purpose: "tagging", value: "Tumor" }],
          target: { source: "x", selector: { type: "SvgSelector", value: "<svg><rect/></svg>" } }
        }
      ]
    }
    const read = fromW3C(page, { labels, newId })
    expect(read.annotations).toHaveLength(2)
    expect(read.annotations[0]!.data.body[0]).toEqual({
      type: "TextualBody",
      purpose: "tagging",
      value: "Stroma",
      label: { id: "L-stroma" }
    })
    // The item without a tag comes in unlabelled, as QuPath's unclassified objects do.
    expect(read.annotations[1]!.data.body[0]!.label.id).toBe("L-none")
    expect(w3cTagNames(page)).toEqual(["stroma", "uncategorized", "Nowhere", "Tumor"])
    expect(read.skipped.map((s) => s.index)).toEqual([2, 3])
    expect(fromW3C({ type: "AnnotationCollection", first: "https://example.org/page1" }, { labels }).skipped[0]!.reason).toMatch(
      /first page/
    )
  })

  it("reads the SVG shapes other tools write: <rect>, <ellipse>, a <circle> with a radius, a <path> with a hole, fractions", () => {
    const item = (value: string, type = "SvgSelector") => ({
      type: "Annotation",
      body: [{ type: "TextualBody", purpose: "tagging", value: "Tumor" }],
      target: { source: "x", selector: { type, value } }
    })
    const read = fromW3C(
      [
        item("<svg><rect x='10' y='20.5' width='30' height='40'/></svg>"),
        item('<svg><ellipse cx="100" cy="100" rx="50" ry="25"></ellipse></svg>'),
        item("<svg><circle cx='5' cy='5' r='2'/></svg>"),
        item("<svg><path fill-rule='evenodd' d='M0,0 L10,0 L10,10 L0,10 Z M2,2 L4,2 L4,4 Z'/></svg>"),
        item("xywh=pixel:0.5,0.25,10.75,3.5", "FragmentSelector")
      ],
      { labels, newId }
    )
    expect(read.skipped).toEqual([])
    const kinds = read.annotations.map((a) => parseSelector(a.data.target.selector))
    expect(kinds.map((k) => (k.ok ? k.geometry.kind : k.error))).toEqual(["rectangle", "polygon", "polygon", "area", "rectangle"])
    const ellipse = kinds[1]!.ok ? kinds[1]!.geometry : undefined
    expect(ellipse && measure(ellipse).areaPx! / (Math.PI * 50 * 25)).toBeCloseTo(1, 2)
  })
})

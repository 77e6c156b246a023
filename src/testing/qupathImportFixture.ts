// A QuPath GeoJSON export with what an import must handle: a polygon with a hole, a MultiPolygon
// (one object in QuPath), an unclassified object, a shape partly outside a 2400 × 1600 image (the e2e slide), a
// detection, and two items we refuse (a TMA core, a ring of two vertices whose class no other
// shape has: it must create no label). Shared by the preview's unit test and the import e2e.
export const IMPORT_IMAGE = { width: 2400, height: 1600 } as const

const ring = (x: number, y: number, w: number, h: number) => [
  [x, y],
  [x + w, y],
  [x + w, y + h],
  [x, y + h],
  [x, y]
]

const feature = (id: string, geometry: unknown, properties: Record<string, unknown>) => ({
  type: "Feature",
  id,
  geometry,
  properties: { objectType: "annotation", ...properties }
})

const tumour = { name: "Tumour", color: [0, 128, 255] }
const stroma = { name: "Stroma", color: [34, 170, 68] }

export const qupathImportFile = {
  type: "FeatureCollection",
  features: [
    // 0: a polygon with a hole
    feature(
      "6f1c2b7a-0d4e-4a53-9b8e-1f2a3b4c5d01",
      { type: "Polygon", coordinates: [ring(100, 100, 400, 300), ring(200, 150, 100, 100)] },
      { classification: tumour, name: "Nest A" }
    ),
    // 1: a MultiPolygon of two parts
    feature(
      "6f1c2b7a-0d4e-4a53-9b8e-1f2a3b4c5d02",
      { type: "MultiPolygon", coordinates: [[ring(600, 100, 200, 200)], [ring(900, 100, 150, 150)]] },
      { classification: stroma }
    ),
    // 2: unclassified
    feature("6f1c2b7a-0d4e-4a53-9b8e-1f2a3b4c5d03", { type: "Polygon", coordinates: [ring(100, 600, 200, 200)] }, {}),
    // 3: partly outside the image (right edge at 2500)
    feature(
      "6f1c2b7a-0d4e-4a53-9b8e-1f2a3b4c5d04",
      { type: "Polygon", coordinates: [ring(2300, 1000, 200, 200)] },
      { classification: tumour }
    ),
    // 4: a detection: imported as an annotation
    feature(
      "6f1c2b7a-0d4e-4a53-9b8e-1f2a3b4c5d05",
      { type: "Polygon", coordinates: [ring(1200, 300, 60, 60)] },
      { objectType: "detection", classification: tumour }
    ),
    // 5: a TMA core: not an annotation
    feature(
      "6f1c2b7a-0d4e-4a53-9b8e-1f2a3b4c5d06",
      { type: "Polygon", coordinates: [ring(10, 10, 50, 50)] },
      {
        objectType: "tmaCore"
      }
    ),
    // 6: two vertices: refused, and its class Ghost is never created
    feature(
      "6f1c2b7a-0d4e-4a53-9b8e-1f2a3b4c5d07",
      {
        type: "Polygon",
        coordinates: [
          [
            [10, 10],
            [20, 20],
            [10, 10]
          ]
        ]
      },
      { classification: { name: "Ghost", color: [1, 2, 3] } }
    )
  ]
}

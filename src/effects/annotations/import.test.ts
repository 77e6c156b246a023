import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { previewImport } from "../../annotation/interchange/import-preview.ts"
import { IMPORT_IMAGE, qupathImportFile } from "../../testing/qupathImportFixture.ts"
import { Api, type ApiRequest } from "../Api.ts"
import { chunksOf, storeImport } from "./import.ts"

const label = (id: string, name: string, color: string) => ({
  id,
  lab_id: "slide-1",
  name,
  color,
  label_type: "annotation",
  visible: true,
  created_at: "2026-01-01T00:00:00.000Z",
  updated_at: "2026-01-01T00:00:00.000Z"
})
const tumour = label("l1", "Tumour", "#FF0000")
let n = 0
const preview = previewImport({
  json: qupathImportFile,
  labels: [tumour],
  existing: new Set(),
  slideIds: new Map(),
  image: IMPORT_IMAGE,
  newId: () => `00000000-0000-4000-8000-${String(++n).padStart(12, "0")}`
})

/** storeImport against a server that already has a Stroma label (made meanwhile) and answers the rest. */
const store = async (takeColours: ReadonlyArray<string>) => {
  const sent: Array<ApiRequest<unknown>> = []
  const stroma = label("l2", "stroma", "#123456")
  const layer = Api.test((request) => {
    sent.push(request)
    if (request.method === "GET")
      return Effect.succeed({
        status: "success",
        data: { results: [tumour, stroma], meta: { count: 2, current_page: 1, next_page: null } }
      }) as never
    if (request.method === "POST" && request.path === "/v2/labs/label-slide/") {
      const body = request.body as { name: string; color: string }
      return Effect.succeed({ status: "success", data: label("l3", body.name, body.color) }) as never
    }
    if (request.method === "PUT") return Effect.succeed({ status: "success", data: { ...tumour, color: "#0080FF" } }) as never
    return Effect.succeed({ status: "success", data: { results: [] } }) as never
  })
  const result = await Effect.runPromise(Effect.provide(storeImport({ labId: "slide-1", preview, takeColours }), layer))
  return { sent, result }
}

describe("storing an import", () => {
  it("reuses a label made meanwhile, creates the other, and posts the shapes on this slide with existing=update", async () => {
    const { sent, result } = await store([])
    const creates = sent.filter((r) => r.method === "POST" && r.path === "/v2/labs/label-slide/")
    expect(creates.map((r) => r.body)).toEqual([{ lab_id: "slide-1", name: "uncategorized", color: expect.any(String) }])
    expect(result.created.map((l) => l.id)).toEqual(["l2", "l3"])
    const post = sent.find((r) => r.path === "/v2/labs/slide-1/v2/annotations/")!
    expect(post.query).toMatchObject({ existing: "update" })
    const body = JSON.parse(new TextDecoder().decode(post.body as unknown as Uint8Array)) as {
      data: Array<{ data: { body: Array<{ value: string; label: { id: string } }>; target: { source: string } } }>
    }
    expect(body.data.map((a) => a.data.body[0]!.label.id)).toEqual(["l1", "l2", "l3", "l1", "l1"])
    expect(body.data.every((a) => a.data.target.source === "slide-1")).toBe(true)
    // Our colour kept: no label changed.
    expect(sent.some((r) => r.method === "PUT")).toBe(false)
    expect(result.recoloured).toEqual([])
  })

  it("takes the file's colour for the labels chosen", async () => {
    const { sent, result } = await store(["l1"])
    expect(sent.filter((r) => r.method === "PUT").map((r) => [r.path, r.body])).toEqual([
      ["/v2/labs/label-slide/l1/", { color: "#0080FF" }]
    ])
    expect(result.recoloured.map((l) => l.color)).toEqual(["#0080FF"])
  })

  it("bulk posts are cut at perPost annotations", () => {
    const one = { id: "x", data: { type: "Annotation", body: [], target: { source: "s", selector: { type: "SvgSelector", value: "" } } } }
    const chunks = chunksOf(Array.from({ length: 12_001 }, () => one) as never)
    expect(chunks.map((c) => c.length)).toEqual([5000, 5000, 2001])
  })
})

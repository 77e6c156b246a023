// A bulk upload's body as the bulk worker prepares it (server/domain/bulk-annotations.ts): the same
// refusals the contract and the shape checks give, and what the transaction then only writes.
import { describe, expect, it } from "vitest"
import { createAnnotationsBody, type NewAnnotation } from "../../src/contract/annotations.ts"
import { annotationJson } from "../../server/domain/annotation-json.ts"
import { prepareBulk, sameLabels } from "../../server/domain/bulk-annotations.ts"

const label = { id: "L1", name: "Tumor", color: "#FF0000" }
const item = (id: string, value = "xywh=pixel:1,2,3,4", labelId = label.id): NewAnnotation => ({
  id,
  data: {
    type: "Annotation",
    body: [{ type: "TextualBody", purpose: "tagging", value: "old", label: { id: labelId } }],
    target: { source: "s", selector: { type: "FragmentSelector", value } }
  }
})
const text = (body: string) => new TextEncoder().encode(body)
const A = "0b6c3f4e-1d2a-4c5b-8e9f-0a1b2c3d4e5f"
const B = "1b6c3f4e-1d2a-4c5b-8e9f-0a1b2c3d4e5f"

describe("a bulk upload's body prepared", () => {
  it("refuses a body that is not JSON", () => {
    expect(prepareBulk(text("{data: ["), [label])).toEqual({ ok: false, fields: { non_field_errors: ["The body is not valid JSON."] } })
  })

  it("refuses what the contract refuses, naming the field", () => {
    const refused = prepareBulk(text(JSON.stringify({ data: [{ id: 5 }] })), [label])
    expect(refused.ok).toBe(false)
    if (!refused.ok) expect(Object.keys(refused.fields).join()).toMatch(/data/)
  })

  it("refuses a shape whose label is not the slide's, and a bad selector, each by index", () => {
    const refused = prepareBulk(createAnnotationsBody({ data: [item(A, undefined, "other"), item(B, "xywh=pixel:1,2")] }), [label])
    expect(refused).toEqual({
      ok: false,
      fields: {
        data: [
          `Annotation 0 (${A}): label other is not a label of this slide.`,
          expect.stringMatching(new RegExp(`^Annotation 1 \\(${B}\\): the selector `))
        ]
      }
    })
  })

  it("prepares each annotation's stored JSON with the label as it is, its box and derived columns", () => {
    const prepared = prepareBulk(createAnnotationsBody({ data: [item(A.toUpperCase()), { ...item(B), visible: false }] }), [label])
    if (!prepared.ok) throw new Error(JSON.stringify(prepared.fields))
    const [first, second] = prepared.prepared
    expect(first!.id).toBe(A)
    expect(JSON.parse(first!.json)).toMatchObject({ id: A, body: [{ value: "Tumor", label: { id: "L1", color: "#FF0000" } }] })
    expect(first!.bbox).toEqual({ minX: 1, minY: 2, maxX: 4, maxY: 6 })
    expect(first!.derived.kind).toBe("rectangle")
    expect(second!.visible).toBe(false)
    expect(sameLabels(new Map([[label.id, label]]), prepared.prepared)).toBe(true)
    expect(sameLabels(new Map([[label.id, { ...label, name: "Stroma" }]]), prepared.prepared)).toBe(false)
  })

  it("splices the stored JSON into an answer that parses as the annotation", () => {
    const fields = {
      id: "a",
      lab_id: "l",
      visible: true,
      user: { id: "u", email: "", name: "U" },
      version: 1,
      created_at: "t",
      updated_at: "t"
    }
    expect(JSON.parse(annotationJson(fields, '{"type":"Annotation"}'))).toEqual({ ...fields, data: { type: "Annotation" } })
  })
})

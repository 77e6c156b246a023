// Who may do what with annotations and labels, label fields, and the server's checks of shapes and
// the realtime message budget.
import { describe, expect, it } from "vitest"
import type { NewAnnotation, WebAnnotation } from "../../src/contract/annotations.ts"
import type { AnnotationChange } from "../../src/contract/realtime.ts"
import { canonicalData, changeOf, checkNewAnnotations, fitChanges } from "../../server/domain/annotation-data.ts"
import {
  type AnnotationAction,
  annotationRefusal,
  isStale,
  labelColor,
  labelName,
  labelType
} from "../../server/domain/annotation-rules.ts"
import type { Standing } from "../../src/contract/permissions.ts"

const standings: ReadonlyArray<Standing> = ["owner", "admin", "reviewer", "stranger", "guest"]
const row = (action: AnnotationAction, isPublic: boolean, own = false) =>
  Object.fromEntries(standings.map((s) => [s, annotationRefusal(s, isPublic, action, own) ?? "ok"]))

describe("annotation rules", () => {
  it("lets members read and create, and the public only read", () => {
    expect(row("annotation.view", false)).toEqual({ owner: "ok", admin: "ok", reviewer: "ok", stranger: "hidden", guest: "hidden" })
    expect(row("annotation.view", true)).toEqual({ owner: "ok", admin: "ok", reviewer: "ok", stranger: "ok", guest: "ok" })
    for (const action of ["annotation.create", "label.create", "viewers"] as const) {
      expect(row(action, false)).toEqual({ owner: "ok", admin: "ok", reviewer: "ok", stranger: "hidden", guest: "hidden" })
      expect(row(action, true)).toEqual({ owner: "ok", admin: "ok", reviewer: "ok", stranger: "forbidden", guest: "forbidden" })
    }
  })

  it("lets reviewers edit only their own annotations, and no label", () => {
    expect(row("annotation.edit", false)).toEqual({ owner: "ok", admin: "ok", reviewer: "forbidden", stranger: "hidden", guest: "hidden" })
    expect(row("annotation.edit", true, true)).toEqual({
      owner: "ok",
      admin: "ok",
      reviewer: "ok",
      stranger: "forbidden",
      guest: "forbidden"
    })
    expect(row("label.edit", false)).toEqual({ owner: "ok", admin: "ok", reviewer: "forbidden", stranger: "hidden", guest: "hidden" })
  })

  it("reads label fields", () => {
    expect(labelColor(undefined)).toEqual({ ok: true, value: "#FFFF00" })
    expect(labelColor("")).toEqual({ ok: true, value: "#FFFFFF" })
    expect(labelColor(" #a1b2c3 ")).toEqual({ ok: true, value: "#A1B2C3" })
    for (const bad of ["red", "#abc", "#abcdeg", "a1b2c3", "#a1b2c3d4"]) expect(labelColor(bad).ok).toBe(false)
    expect(labelName("  Tumor ")).toEqual({ ok: true, value: "Tumor" })
    expect(labelName(" ").ok).toBe(false)
    expect(labelName("x".repeat(101)).ok).toBe(false)
    expect(labelType(undefined)).toEqual({ ok: true, value: "annotation" })
    expect(labelType("x".repeat(51)).ok).toBe(false)
    expect(isStale(2, 2)).toBe(false)
    expect(isStale(2, 1)).toBe(true)
  })
})

const label = { id: "L1", name: "Tumor", color: "#FF0000" }
const labels = new Map([[label.id, label]])
const data = (selector: WebAnnotation["target"]["selector"], labelId = label.id): WebAnnotation => ({
  type: "Annotation",
  body: [
    { type: "TextualBody", purpose: "tagging", value: "old name", label: { id: labelId } },
    { type: "TextualBody", purpose: "commenting", value: "see" }
  ],
  target: { source: "s", selector }
})
const item = (id: string, selector: WebAnnotation["target"]["selector"], labelId?: string): NewAnnotation => ({
  id,
  data: data(selector, labelId)
})
const box = { type: "FragmentSelector" as const, value: "xywh=pixel:1,2,3,4" }

describe("annotation checks", () => {
  it("answers shapes in order with their bounds", () => {
    const checked = checkNewAnnotations(
      [item("a", box), item("b", { type: "SvgSelector", value: "<svg><polyline points='0,0 5,9'/></svg>" })],
      labels
    )
    expect(checked).toEqual({
      ok: true,
      value: [
        {
          labelId: "L1",
          bbox: { minX: 1, minY: 2, maxX: 4, maxY: 6 },
          geometry: { kind: "rectangle", x: 1, y: 2, w: 3, h: 4 }
        },
        {
          labelId: "L1",
          bbox: { minX: 0, minY: 0, maxX: 5, maxY: 9 },
          geometry: {
            kind: "polyline",
            points: [
              [0, 0],
              [5, 9]
            ]
          }
        }
      ]
    })
  })

  it("lists each refusal with its place: unknown labels, bad shapes, repeated ids, empty lists", () => {
    const checked = checkNewAnnotations(
      [item("a", box), item("b", box, "L2"), item("A", box), item("c", { type: "SvgSelector", value: "<svg/>" })],
      labels
    )
    expect(checked.ok).toBe(false)
    if (checked.ok) return
    expect(checked.errors).toEqual([
      "Annotation 1 (b): label L2 is not a label of this slide.",
      "Annotation 2 (A): this id is in the list twice.",
      "Annotation 3 (c): the selector is not an <svg> element."
    ])
    expect(checkNewAnnotations([], labels)).toEqual({ ok: false, errors: ["Send at least one annotation."] })
  })

  it("fills the tag from the label as it is now and keeps comments", () => {
    expect(canonicalData("id1", data(box), label, { kind: "rectangle", x: 1, y: 2, w: 3, h: 4 })).toEqual({
      "@context": "http://www.w3.org/ns/anno.jsonld",
      id: "id1",
      type: "Annotation",
      body: [
        { type: "TextualBody", purpose: "tagging", value: "Tumor", label: { id: "L1", name: "Tumor", color: "#FF0000" } },
        { type: "TextualBody", purpose: "commenting", value: "see" }
      ],
      target: { source: "s", selector: box }
    })
  })

  it("stores the selector written from the shape, never the SVG text as sent", () => {
    const stored = (value: string) => {
      const sent = data({ type: "SvgSelector", value })
      const checked = checkNewAnnotations([{ id: "a", data: sent }], labels)
      if (!checked.ok) throw new Error(checked.errors.join())
      return canonicalData("a", sent, label, checked.value[0]!.geometry).target.selector
    }
    expect(stored(`<svg onload="alert(1)"><polygon onload='alert(2)' points="0,0 10.5,0 5,8"></polygon></svg>`)).toEqual({
      type: "SvgSelector",
      value: "<svg><polygon points='0,0 10.5,0 5,8'/></svg>"
    })
    expect(
      stored(`<svg xmlns:x="http://www.w3.org/1999/xlink"><circle x:href='javascript:alert(1)' cx="1e2" cy="-0" r="0"/></svg>`)
    ).toEqual({
      type: "SvgSelector",
      value: "<svg><circle cx='100' cy='-0' r='0'/></svg>"
    })
    // A rectangle says it conforms to media fragments only if its sender did; its value is written anew.
    const rectangle = { kind: "rectangle", x: 1, y: 2, w: 3, h: 4 } as const
    expect(canonicalData("a", data({ type: "FragmentSelector", value: " xywh=1.0,2,3,4" }), label, rectangle).target.selector).toEqual(box)
    const conforming = { type: "FragmentSelector", conformsTo: "http://www.w3.org/TR/media-frags/", value: "xywh=pixel:1,2,3,4" } as const
    expect(canonicalData("a", data(conforming), label, rectangle).target.selector).toEqual(conforming)
  })

  it("keeps messages under the budget: big shapes by id only, a bulk's first that fit", () => {
    const big = data({ type: "SvgSelector", value: `<svg><polyline points='${"1,1 ".repeat(3000)}'/></svg>` })
    expect(changeOf({ id: "x", version: 1, visible: true, data: big }, label).data).toBeNull()
    expect(changeOf({ id: "x", version: 1, visible: true, data: data(box) }, label).data).not.toBeNull()
    const change: AnnotationChange = changeOf({ id: "x", version: 1, visible: true, data: data(box) }, label)
    const fitted = fitChanges(
      Array.from({ length: 100 }, () => change),
      2000
    )
    expect(fitted.length).toBeGreaterThan(0)
    expect(fitted.length).toBeLessThan(100)
    expect(JSON.stringify(fitted).length).toBeLessThanOrEqual(2000)
  })
})

import { describe, expect, it } from "vitest"
import type { Shape } from "../../../../annotation/store/shape.ts"
import { commentOf, deletionOf, focusBox, isCommentPin, labelRows, tally } from "./records.ts"

const pin = (comments: ReadonlyArray<string>, coords: ReadonlyArray<number> = [10, 20]) =>
  ({ kind: "points", coords: Float64Array.from(coords), comments }) as const

describe("a shape's comment", () => {
  it("is its comments, trimmed, one per line; none, or only blanks, is no comment", () => {
    expect(commentOf(pin(["  Tumour reaches the margin  "]))).toBe("Tumour reaches the margin")
    expect(commentOf(pin(["First", " ", "Second"]))).toBe("First\nSecond")
    expect(commentOf(pin([]))).toBeNull()
    expect(commentOf(pin(["", "   "]))).toBeNull()
  })

  it("makes one commented point a pin; a counted point, several points or a commented polygon are not", () => {
    expect(isCommentPin(pin(["Look here"]))).toBe(true)
    expect(isCommentPin(pin([]))).toBe(false)
    expect(isCommentPin(pin(["Look here"], [10, 20, 30, 40]))).toBe(false)
    expect(isCommentPin({ kind: "polygon", coords: Float64Array.from([0, 0, 10, 0, 0, 10]), comments: ["Look here"] })).toBe(false)
  })
})

describe("the label rows' counts", () => {
  const shape = (id: string, labelId: string, comments: ReadonlyArray<string> = []): Shape => ({
    id,
    kind: "points",
    coords: Float64Array.from([1, 2]),
    bbox: { minX: 1, minY: 2, maxX: 1, maxY: 2 },
    labelId,
    labelName: labelId,
    color: "#FFFF00",
    visible: true,
    author: null,
    version: 1,
    comments
  })

  it("never count a comment made while a label was active", () => {
    const tallied = tally([shape("a", "neg"), shape("b", "neg"), shape("c", "neg", ["mitosis?"])])
    expect(tallied.counts.get("neg")).toBe(2)
    expect(tallied.comments).toBe(1)
    const neg = {
      id: "neg",
      lab_id: "l",
      name: "Ki67 negative",
      color: "#FFFF00",
      label_type: "",
      visible: true,
      created_at: "",
      updated_at: ""
    }
    const rows = labelRows([neg], tallied)
    expect(rows.map((r) => [r.count, r.comments])).toEqual([[2, 1]])
  })
})

describe("what deleting a label takes", () => {
  const by = (labelId: string, author: { id: string; name: string; email: string } | null) => ({ labelId, author })
  const ada = { id: "u1", name: "Ada Lovelace", email: "ada@example.com" }
  const grace = { id: "u2", name: "", email: "grace@example.com" }

  it("is every shape with the label, comments too, counted per author, most first", () => {
    const gone = deletionOf([by("neg", grace), by("neg", ada), by("neg", ada), by("pos", ada), by("neg", null)], "neg")
    expect(gone.count).toBe(4)
    expect(gone.authors).toEqual([
      { id: "u1", name: "Ada Lovelace", count: 2 },
      { id: "u2", name: "grace@example.com", count: 1 }
    ])
    expect(deletionOf([], "neg")).toEqual({ count: 0, authors: [] })
  })
})

describe("the box go to annotation fits", () => {
  const viewer = { width: 1000, height: 800 }
  it("never smaller than the viewer in image pixels: a tiny shape stops at native magnification", () => {
    const box = focusBox({ minX: 100, minY: 100, maxX: 104, maxY: 102 }, viewer)
    expect(box).toEqual({ x: 102 - 500, y: 101 - 400, width: 1000, height: 800 })
    // Fitted, the zoom is the smaller ratio of viewer to box: one screen pixel per image pixel at most.
    expect(Math.min(viewer.width / box.width, viewer.height / box.height)).toBeLessThanOrEqual(1)
  })
  it("a large shape with a third of its size around it, centred", () => {
    const box = focusBox({ minX: 0, minY: 0, maxX: 3000, maxY: 600 }, viewer)
    expect(box.width).toBeCloseTo(4980)
    expect(box.height).toBe(996)
    expect(box.x + box.width / 2).toBe(1500)
    expect(box.y + box.height / 2).toBe(300)
  })
})

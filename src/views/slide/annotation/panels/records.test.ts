import { describe, expect, it } from "vitest"
import { commentOf, isCommentPin } from "./records.ts"

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

import { describe, expect, it } from "vitest"
import { chunksOf } from "./import.ts"

describe("import chunks", () => {
  it("bulk posts are cut at perPost annotations", () => {
    const one = { id: "x", data: { type: "Annotation", body: [], target: { source: "s", selector: { type: "SvgSelector", value: "" } } } }
    const chunks = chunksOf(Array.from({ length: 12_001 }, () => one) as never)
    expect(chunks.map((c) => c.length)).toEqual([5000, 5000, 2001])
  })
})

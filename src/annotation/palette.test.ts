import { describe, expect, it } from "vitest"
import { LABEL_DEFAULT_COLOR } from "../contract/annotations.ts"
import { LABEL_PALETTE, nextLabelColor } from "./palette.ts"

describe("new labels' colours", () => {
  it("start with the spec's yellow", () => {
    expect(LABEL_PALETTE[0]).toBe(LABEL_DEFAULT_COLOR)
    expect(nextLabelColor([])).toBe("#FFFF00")
  })

  it("take the first colour no label has, whatever its case", () => {
    expect(nextLabelColor(["#ffff00"])).toBe(LABEL_PALETTE[1])
    expect(nextLabelColor(["#FFFF00", LABEL_PALETTE[2]!])).toBe(LABEL_PALETTE[1])
  })

  it("are all different until the palette is used up, then go round again", () => {
    expect(new Set(LABEL_PALETTE).size).toBe(LABEL_PALETTE.length)
    const taken: Array<string> = []
    for (let i = 0; i < LABEL_PALETTE.length; i++) taken.push(nextLabelColor(taken))
    expect(new Set(taken).size).toBe(LABEL_PALETTE.length)
    expect(nextLabelColor([...taken, "#123456"])).toBe(LABEL_PALETTE[(LABEL_PALETTE.length + 1) % LABEL_PALETTE.length])
  })
})

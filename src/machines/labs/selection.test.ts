import { describe, expect, it } from "vitest"
import { keepListed, noSelection, select, selectAll } from "./selection.ts"

const order = ["a", "b", "c", "d"]

describe("select", () => {
  it("a click selects one and sets the anchor", () => {
    expect(select({ ids: ["a", "b"], anchor: "a" }, order, "c", "only")).toEqual({ ids: ["c"], anchor: "c" })
  })

  it("Ctrl/Cmd-click adds or removes one, keeping list order", () => {
    const two = select(select(noSelection, order, "c", "toggle"), order, "a", "toggle")
    expect(two).toEqual({ ids: ["a", "c"], anchor: "a" })
    expect(select(two, order, "c", "toggle")).toEqual({ ids: ["a"], anchor: "c" })
  })

  it("Shift-click selects the run from the anchor, either way", () => {
    expect(select({ ids: ["b"], anchor: "b" }, order, "d", "range")).toEqual({ ids: ["b", "c", "d"], anchor: "b" })
    expect(select({ ids: ["c"], anchor: "c" }, order, "a", "range")).toEqual({ ids: ["a", "b", "c"], anchor: "c" })
  })

  it("Shift-click without an anchor is a click", () => {
    expect(select(noSelection, order, "b", "range")).toEqual({ ids: ["b"], anchor: "b" })
  })

  it("ignores a lab that is not listed", () => {
    expect(select(noSelection, order, "z", "only")).toBe(noSelection)
  })
})

describe("selectAll and keepListed", () => {
  it("select all in order, anchored at the first", () => {
    expect(selectAll(order)).toEqual({ ids: order, anchor: "a" })
  })

  it("keeps only what is still listed, and the same object when nothing changed", () => {
    const selection = { ids: ["a", "c"], anchor: "c" }
    expect(keepListed(selection, ["a", "b"])).toEqual({ ids: ["a"], anchor: null })
    expect(keepListed(selection, order)).toBe(selection)
  })
})

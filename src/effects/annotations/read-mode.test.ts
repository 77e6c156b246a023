import { describe, expect, it } from "vitest"
import { combineReads, type ReadMode } from "./read-mode.ts"

const all: ReadMode = { kind: "all", prune: false }
const prune: ReadMode = { kind: "all", prune: true }
const header: ReadMode = { kind: "header" }
const since = (at: string): ReadMode => ({ kind: "since", at })

describe("two asks to read the slide again, as one read", () => {
  it("stay partial when both are of one partial kind, from the earlier time", () => {
    expect(combineReads(header, header)).toEqual(header)
    expect(combineReads(since("2026-01-02T00:00:00.000Z"), since("2026-01-01T00:00:00.000Z"))).toEqual(since("2026-01-01T00:00:00.000Z"))
  })

  it("read everything otherwise, pruning when either would", () => {
    expect(combineReads(header, since("2026-01-01T00:00:00.000Z"))).toEqual(all)
    expect(combineReads(since("2026-01-01T00:00:00.000Z"), all)).toEqual(all)
    expect(combineReads(header, prune)).toEqual(prune)
    expect(combineReads(prune, all)).toEqual(prune)
  })
})

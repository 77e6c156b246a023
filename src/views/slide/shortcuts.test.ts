import { describe, expect, it } from "vitest"
import { shortcutOf, TOOL_KEYS, toolShortcutOf } from "./shortcuts.ts"

const key = (k: string, more: Partial<{ ctrlKey: boolean; altKey: boolean; metaKey: boolean }> = {}) => ({
  key: k,
  ctrlKey: false,
  altKey: false,
  metaKey: false,
  ...more
})

describe("shortcutOf", () => {
  it("knows + - 0 r R f", () => {
    expect(["+", "=", "-", "0", "r", "R", "f", "F"].map((k) => shortcutOf(key(k)))).toEqual([
      "zoomIn",
      "zoomIn",
      "zoomOut",
      "home",
      "rotateRight",
      "rotateLeft",
      "fullScreen",
      "fullScreen"
    ])
  })

  it("leaves other keys and the browser's own shortcuts alone", () => {
    expect(shortcutOf(key("x"))).toBeNull()
    expect(shortcutOf(key("ArrowUp"))).toBeNull()
    expect(shortcutOf(key("+", { ctrlKey: true }))).toBeNull()
    expect(shortcutOf(key("r", { metaKey: true }))).toBeNull()
    expect(shortcutOf(key("f", { altKey: true }))).toBeNull()
  })
})

describe("toolShortcutOf", () => {
  it("knows 1 to 9, the rail's tools from the top", () => {
    expect(["1", "2", "3", "4", "5", "6", "7", "8", "9"].map((k) => toolShortcutOf(key(k)))).toEqual([
      "select",
      "rectangle",
      "ellipse",
      "polygon",
      "pencil",
      "lasso",
      "point",
      "comment",
      "ruler"
    ])
    expect(Object.values(TOOL_KEYS).every((k) => toolShortcutOf(key(k)) !== null)).toBe(true)
  })

  it("knows W for the wand, as QuPath has it, in either case", () => {
    expect(toolShortcutOf(key("w"))).toBe("wand")
    expect(toolShortcutOf(key("W"))).toBe("wand")
    expect(toolShortcutOf(key("w", { ctrlKey: true }))).toBeNull()
  })

  it("takes none of the viewer's keys, and leaves the browser's own shortcuts alone", () => {
    for (const k of Object.values(TOOL_KEYS)) expect(shortcutOf(key(k))).toBeNull()
    expect(["0", "r", "f", "n", "p", "a", "s", "d"].map((k) => toolShortcutOf(key(k)))).toEqual(Array(8).fill(null))
    expect(toolShortcutOf(key("1", { ctrlKey: true }))).toBeNull()
    expect(toolShortcutOf(key("4", { metaKey: true }))).toBeNull()
    expect(toolShortcutOf(key("5", { altKey: true }))).toBeNull()
  })
})

import { describe, expect, it } from "vitest"
import { shortcutOf } from "./shortcuts.ts"

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

import { describe, expect, it } from "vitest"
import { CHUNK_RELOAD_GUARD_MS, isChunkLoadError, mayReload } from "./chunk-reload.ts"

describe("chunk reload guard", () => {
  it("recognises dynamic import failures of the main browsers", () => {
    expect(isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: /assets/x.js"))).toBe(true)
    expect(isChunkLoadError(new TypeError("error loading dynamically imported module"))).toBe(true)
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true)
    expect(isChunkLoadError(new Error("Cannot read properties of undefined"))).toBe(false)
  })
  it("reloads at most once per 60 seconds", () => {
    expect(mayReload(null, 1000)).toBe(true)
    expect(mayReload(1000, 1000 + CHUNK_RELOAD_GUARD_MS - 1)).toBe(false)
    expect(mayReload(1000, 1000 + CHUNK_RELOAD_GUARD_MS)).toBe(true)
  })
})

import { describe, expect, it } from "vitest"
import { formatBytes, storageTone } from "./storage-usage.ts"

describe("formatBytes", () => {
  it("uses base 1024 and two decimals", () => {
    expect(formatBytes(1536)).toBe("1.50 KB")
    expect(formatBytes(5 * 1024 ** 3)).toBe("5.00 GB")
    expect(formatBytes(512)).toBe("512 B")
    expect(formatBytes(0)).toBe("0 B")
  })
})

describe("storageTone", () => {
  it("is blue up to 50, yellow up to 70, red above", () => {
    expect(storageTone(50)).toBe("normal")
    expect(storageTone(50.1)).toBe("warning")
    expect(storageTone(70)).toBe("warning")
    expect(storageTone(70.5)).toBe("critical")
  })
})

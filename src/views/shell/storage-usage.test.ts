import { describe, expect, it } from "vitest"
import { formatBytes, storageTone } from "./storage-usage.ts"

describe("formatBytes", () => {
  it("uses base 1024 and two decimals", () => {
    expect(formatBytes(1536)).toBe("1.50 KB")
    expect(formatBytes(5 * 1024 ** 3)).toBe("5.00 GB")
    expect(formatBytes(512)).toBe("512 B")
    expect(formatBytes(0)).toBe("0 B")
  })

  it("writes the decimals the page's language's way", () => {
    expect(formatBytes(4_131_389, "en")).toBe("3.94 MB")
    expect(formatBytes(4_131_389, "id")).toBe("3,94 MB")
    expect(formatBytes(512, "id")).toBe("512 B")
    // Under 1024 of a unit there is no thousands separator to write.
    expect(formatBytes(1023.5 * 1024, "en")).toBe("1023.50 KB")
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

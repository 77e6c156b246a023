import { describe, expect, it } from "vitest"
import { readableScanDate } from "./scan-date.ts"

describe("a scanner's scan date", () => {
  it("reads DICOM and Philips digits, with or without the time", () => {
    expect(readableScanDate("20261128", "en-US")).toBe("Nov 28, 2026")
    expect(readableScanDate("20261128142501", "en-US")).toBe("Nov 28, 2026, 2:25 PM")
  })
  it("reads TIFF's DateTime (NDPI), Aperio's month-first date and ISO", () => {
    expect(readableScanDate("2026:11:28 14:25:01", "en-US")).toBe("Nov 28, 2026, 2:25 PM")
    expect(readableScanDate("11/28/26", "en-US")).toBe("Nov 28, 2026")
    expect(readableScanDate("11/28/26 09:15:02", "en-US")).toBe("Nov 28, 2026, 9:15 AM")
    expect(readableScanDate("2026-11-28T14:25:01", "en-US")).toBe("Nov 28, 2026, 2:25 PM")
  })
  it("writes it in the reader's language", () => {
    expect(readableScanDate("20261128", "id-ID")).toBe("28 Nov 2026")
  })
  it("shows anything else as written", () => {
    expect(readableScanDate("last Tuesday", "en-US")).toBe("last Tuesday")
    expect(readableScanDate("20261399", "en-US")).toBe("20261399")
  })
})

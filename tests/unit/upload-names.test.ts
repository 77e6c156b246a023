// The names file labs get from their uploads, and the download's headers.
import { describe, expect, it } from "vitest"
import { attachment, mediaTypeOf } from "../../server/domain/original-download.ts"
import { fileLabName, numberedName } from "../../server/domain/upload-names.ts"

describe("file lab names", () => {
  it("keeps the file's own name, without a path or control characters", () => {
    expect(fileLabName("scan 01.svs")).toBe("scan 01.svs")
    expect(fileLabName("C:\\Users\\ada\\kidney.tif")).toBe("kidney.tif")
    expect(fileLabName("../../etc/passwd")).toBe("passwd")
    expect(fileLabName("bad\u0000name\n.png")).toBe("badname.png")
    expect(fileLabName("")).toBe("slide")
    expect(fileLabName("..")).toBe("slide")
  })

  it("numbers a taken name before its extension, and always fits 255 characters", () => {
    expect(numberedName("scan.tiff", 1)).toBe("scan.tiff")
    expect(numberedName("scan.tiff", 2)).toBe("scan (2).tiff")
    expect(numberedName(".hidden", 3)).toBe(".hidden (3)")
    const long = `${"a".repeat(300)}.tif`
    expect(fileLabName(long)).toHaveLength(255)
    expect(numberedName(fileLabName(long), 12)).toMatch(/a \(12\)\.tif$/)
    expect(numberedName(fileLabName(long), 12)).toHaveLength(255)
  })
})

describe("download headers", () => {
  it("takes the media type from the bytes", () => {
    expect(mediaTypeOf("tiff")).toBe("image/tiff")
    expect(mediaTypeOf("bigtiff")).toBe("image/tiff")
    expect(mediaTypeOf("zip")).toBe("application/zip")
    expect(mediaTypeOf("dicom")).toBe("application/dicom")
    expect(mediaTypeOf(undefined)).toBe("application/octet-stream")
  })

  it("names the attachment safely, in ASCII and UTF-8", () => {
    expect(attachment('gin\u00e7al "1".tif')).toBe(`attachment; filename="gin_al _1_.tif"; filename*=UTF-8''gin%C3%A7al%20%221%22.tif`)
  })
})

// The headers of an original's download: its media type from its bytes (never from its name), and
// a Content-Disposition that names it safely in every browser (RFC 6266: an ASCII fallback and the
// UTF-8 name).
import type { SlideFormat } from "../images/sniff.ts"

const mediaTypes: Record<SlideFormat, string> = {
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  tiff: "image/tiff",
  bigtiff: "image/tiff",
  dicom: "application/dicom",
  // A DICOM series uploaded whole, or a Deep Zoom import.
  zip: "application/zip"
}

/** The media type of a stored original from its first bytes. */
export const mediaTypeOf = (format: SlideFormat | undefined): string => (format ? mediaTypes[format] : "application/octet-stream")

export const attachment = (name: string): string => {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters never go in a header
  const clean = name.replace(/[\u0000-\u001f\u007f]/g, "").trim() || "slide"
  const ascii = clean.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_")
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(clean)}`
}

// Recognises a slide file's format by its first bytes, never by its name: uploads arrive as
// "scan.svs", "export.tif" or no extension at all. Aperio SVS, Hamamatsu NDPI and most scanner
// exports are TIFF underneath, so they sniff as "tiff" (or "bigtiff" past 4 GB). A DICOM file says
// "DICM" after its 128-byte preamble; a zip (a DICOM series in one upload) starts "PK\3\4".

export type SlideFormat = "jpeg" | "png" | "webp" | "tiff" | "bigtiff" | "dicom" | "zip"

/** How many leading bytes sniffFormat needs to decide (DICOM's magic ends at byte 132). */
export const SNIFF_BYTES = 132

const startsWith = (bytes: Uint8Array, signature: ReadonlyArray<number>, offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b)

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0))

// TIFF headers: byte order ("II" little-endian, "MM" big-endian), then the magic number 42
// (classic, 32-bit offsets) or 43 (BigTIFF, 64-bit offsets), written in that byte order.
const II = [0x49, 0x49]
const MM = [0x4d, 0x4d]

export const sniffFormat = (bytes: Uint8Array): SlideFormat | undefined => {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg"
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png"
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "webp"
  if (startsWith(bytes, [...II, 42, 0]) || startsWith(bytes, [...MM, 0, 42])) return "tiff"
  if (startsWith(bytes, [...II, 43, 0]) || startsWith(bytes, [...MM, 0, 43])) return "bigtiff"
  if (startsWith(bytes, ascii("DICM"), 128)) return "dicom"
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return "zip"
  return undefined
}

// How a whole file of the format ends: JPEG with its EOI marker, PNG with its IEND chunk. A header
// followed by zeros (or by anything cut short) does not, though it may sniff and even decode.
const ENDINGS: Readonly<Partial<Record<SlideFormat, ReadonlyArray<number>>>> = {
  jpeg: [0xff, 0xd9],
  png: [0x00, 0x00, 0x00, 0x00, ...ascii("IEND"), 0xae, 0x42, 0x60, 0x82]
}

/** Whether `bytes` end the way a whole file of `format` ends (JPEG and PNG; other formats are not checked). */
export const endsWhole = (bytes: Uint8Array, format: SlideFormat): boolean => {
  const ending = ENDINGS[format]
  return ending === undefined || startsWith(bytes, ending, bytes.length - ending.length)
}

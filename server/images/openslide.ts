// Scanners' own formats (Aperio SVS with JPEG or JPEG 2000 tiles, Hamamatsu NDPI, Leica SCN, Ventana
// BIF, Philips TIFF, ...) through OpenSlide, as the system's libvips (Debian's libvips-tools) links
// it: sharp's bundled libvips has no OpenSlide and its libtiff no JPEG 2000, so an SVS of J2K tiles
// cannot be read there. The CLI is run as a child of the pyramid child (vipsheader for the facts,
// vips dzsave for the tiles), so a crash in a vendor decoder stays out of the server.
//
// A plain tiled TIFF is OpenSlide's "generic-tiff": that stays with sharp, as before; only a vendor
// file comes here. What the scanner wrote beside the image (label and macro photographs, the
// operator, the case number in a file name) is not copied: only vendor, scanner model, objective
// and scan date are kept, and dzsave runs with --strip.
import { runVips, VIPS_PACKAGE, VipsMissing } from "./vips-cli.ts"

export { VIPS_PACKAGE, VipsMissing }

export interface ScannerFacts {
  /** OpenSlide's vendor: "aperio", "hamamatsu", "leica", "ventana", "philips", "mirax", ... */
  readonly vendor: string
  /** The scanner's model or id where the file names it. */
  readonly model: string | null
  /** The objective the slide was scanned with (20, 40), where recorded. */
  readonly objective: number | null
  /** When it was scanned, as the file writes it. */
  readonly scanned: string | null
}

export interface VendorSlide {
  readonly width: number
  readonly height: number
  readonly mpp: number | null
  readonly scanner: ScannerFacts
}

const TIMEOUT_MS = 60_000

/** `vipsheader -a` lines as name → value; a value may run over several lines (openslide.comment). */
export const parseHeader = (text: string): Map<string, string> => {
  const fields = new Map<string, string>()
  let last: string | null = null
  for (const line of text.split("\n")) {
    const m = /^([A-Za-z][\w.[\]\- ]*): ([\s\S]*)$/.exec(line)
    if (m) {
      last = m[1]!
      fields.set(last, m[2]!)
    } else if (last !== null) fields.set(last, `${fields.get(last)}\n${line}`)
  }
  return fields
}

const positive = (text: string | undefined): number | null => {
  const n = text === undefined ? Number.NaN : Number(text)
  return Number.isFinite(n) && n > 0 ? n : null
}

/** The first of the vendor properties that says it, trimmed. */
const first = (fields: ReadonlyMap<string, string>, names: ReadonlyArray<string>): string | null => {
  for (const name of names) {
    const value = fields.get(name)?.trim()
    if (value) return value.slice(0, 200)
  }
  return null
}

/** 3DHistech writes the day first ("28/11/2026 14:25:01"); answered as ISO 8601 so no reader takes it for Aperio's month first. */
const miraxDate = (text: string | undefined): string | null => {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:\s+(\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(text?.trim() ?? "")
  if (!m) return null
  const two = (n: string | undefined) => (n ?? "0").padStart(2, "0")
  const date = `${m[3]}-${two(m[2])}-${two(m[1])}`
  return m[4] === undefined ? date : `${date}T${two(m[4])}:${m[5]}:${two(m[6])}`
}

/** The facts of a vendor slide from its header, or null when OpenSlide does not read it as one. */
export const vendorSlideOf = (fields: ReadonlyMap<string, string>): VendorSlide | null => {
  const vendor = fields.get("openslide.vendor")
  if (fields.get("vips-loader") !== "openslideload" || vendor === undefined || vendor === "generic-tiff") return null
  const width = positive(fields.get("width"))
  const height = positive(fields.get("height"))
  if (width === null || height === null) return null
  // NDPI keeps its scanner and date in the TIFF's own Model and DateTime; Ventana's XMP has no date.
  const date =
    miraxDate(fields.get("mirax.GENERAL.SLIDE_CREATIONDATETIME")) ??
    first(fields, ["aperio.Date", "leica.creation-date", "philips.DICOM_ACQUISITION_DATETIME", "tiff.DateTime"])
  const time = fields.get("aperio.Time")?.trim()
  return {
    width,
    height,
    mpp: positive(fields.get("openslide.mpp-x")),
    scanner: {
      vendor,
      model: first(fields, [
        "aperio.ScanScope ID",
        "hamamatsu.Product",
        "leica.device-model",
        "ventana.ScannerModel",
        "philips.DICOM_MANUFACTURERS_MODEL_NAME",
        "mirax.GENERAL.SCANNER_HARDWARE_VERSION",
        "tiff.Model"
      ]),
      objective: positive(fields.get("openslide.objective-power")),
      scanned: date === null ? null : time && fields.has("aperio.Date") ? `${date} ${time}` : date
    }
  }
}

/** OpenSlide's reading of the file: a vendor slide, or null (not one, or a plain tiled TIFF). */
export const probeVendorSlide = async (path: string): Promise<VendorSlide | null> => {
  try {
    return vendorSlideOf(parseHeader(await runVips("vipsheader", ["-a", path], { timeoutMs: TIMEOUT_MS })))
  } catch (error) {
    if (error instanceof VipsMissing) throw error
    // libvips could not open it at all: not a slide OpenSlide reads; sharp says what it is.
    return null
  }
}

/**
 * The Deep Zoom pyramid of a vendor slide at `<prefix>.dzi` and `<prefix>_files/`: JPEG tiles of the
 * given size and overlap, transparent parts (outside a scan's regions) white, no metadata.
 */
export const dzsave = async (input: string, prefix: string, options: { tileSize: number; overlap: number; quality: number }) => {
  await runVips("vips", [
    "dzsave",
    input,
    prefix,
    "--layout",
    "dz",
    "--tile-size",
    String(options.tileSize),
    "--overlap",
    String(options.overlap),
    "--suffix",
    `.jpeg[Q=${options.quality}]`,
    "--background",
    "255",
    "--strip"
  ])
}

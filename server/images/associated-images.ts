// The pictures a scanner stores beside the slide: the label (a photograph of the slide's paper label,
// often a patient's name, a case number, a barcode) and the macro (the whole glass at low power,
// label included). They are kept, privately (associated/ in the build, which no media URL names),
// for the owner and admins, and for others only when the owner shows them (server/http/
// associated-images.ts). Never in a public link, never in the pyramid.
//
// libvips 8.14.1's `openslideload --associated` crashes (libvips#3384, fixed in 8.14.2), so they are
// read here by OpenSlide 3.4's own rules for each vendor: a TIFF directory by its description
// (Aperio "label ..."/"macro ...", Ventana "Label_Image", Philips "Label"/"Macro"), a Philips
// label or macro as base64 JPEG in its XML, an NDPI directory whose SourceLens is -1 (a whole JPEG),
// a VMS set's MacroImage file.
import { mkdir, open, readFile } from "node:fs/promises"
import { dirname, join } from "node:path"
import sharp, { type Sharp } from "sharp"

export type AssociatedName = "label" | "macro"

/** The folder of a build that holds them; slide-media-path.ts serves nothing from it. */
export const ASSOCIATED_DIR = "associated"
const LARGEST = 2048
const PIXEL_LIMIT = 200_000_000

interface Directory {
  readonly index: number
  readonly description: string
  readonly tiled: boolean
  readonly sourceLens: number | null
  readonly stripOffset: number | null
  readonly stripBytes: number | null
}

/** Every directory of a classic or Big TIFF, with what tells an associated image apart (at most 64). */
const directoriesOf = async (path: string): Promise<Directory[]> => {
  const file = await open(path, "r")
  try {
    const read = async (position: number, length: number) => {
      const buffer = Buffer.alloc(length)
      const { bytesRead } = await file.read(buffer, 0, length, position)
      return buffer.subarray(0, bytesRead)
    }
    const header = await read(0, 16)
    const le = header.toString("latin1", 0, 2) === "II"
    const big = (le ? header.readUInt16LE(2) : header.readUInt16BE(2)) === 43
    const u16 = (b: Buffer, at: number) => (le ? b.readUInt16LE(at) : b.readUInt16BE(at))
    const u32 = (b: Buffer, at: number) => (le ? b.readUInt32LE(at) : b.readUInt32BE(at))
    const u64 = (b: Buffer, at: number) => Number(le ? b.readBigUInt64LE(at) : b.readBigUInt64BE(at))
    const [countSize, entrySize, offsetSize] = big ? [8, 20, 8] : [2, 12, 4]
    const offset = (b: Buffer, at: number) => (big ? u64(b, at) : u32(b, at))
    const found: Directory[] = []
    let at = big ? u64(header, 8) : u32(header, 4)
    const seen = new Set<number>()
    while (at > 0 && found.length < 64 && !seen.has(at)) {
      seen.add(at)
      const countBytes = await read(at, countSize)
      const count = Math.min(big ? u64(countBytes, 0) : u16(countBytes, 0), 4096)
      const entries = await read(at + countSize, count * entrySize + offsetSize)
      const fields = new Map<number, { type: number; count: number; value: Buffer }>()
      for (let e = 0; e < count; e++) {
        const entry = entries.subarray(e * entrySize, (e + 1) * entrySize)
        const type = u16(entry, 2)
        const n = big ? u64(entry, 4) : u32(entry, 4)
        fields.set(u16(entry, 0), { type, count: n, value: entry.subarray(big ? 12 : 8) })
      }
      const text = async (tag: number) => {
        const f = fields.get(tag)
        if (!f) return ""
        const length = Math.min(f.count, 1024 * 1024)
        const bytes = length <= offsetSize ? f.value.subarray(0, length) : await read(offset(f.value, 0), length)
        return bytes.toString("latin1").replace(/\0+$/, "")
      }
      const number = (tag: number) => {
        const f = fields.get(tag)
        if (f?.count !== 1) return null
        if (f.type === 11) return le ? f.value.readFloatLE(0) : f.value.readFloatBE(0)
        if (f.type === 3) return u16(f.value, 0)
        if (f.type === 4) return u32(f.value, 0)
        if (f.type === 9) return le ? f.value.readInt32LE(0) : f.value.readInt32BE(0)
        if (f.type === 16) return u64(f.value, 0)
        return null
      }
      found.push({
        index: found.length,
        description: await text(270),
        tiled: fields.has(322),
        sourceLens: number(65421),
        stripOffset: number(273),
        stripBytes: number(279)
      })
      at = offset(entries, count * entrySize)
    }
    return found
  } finally {
    await file.close()
  }
}

/** Which associated image a directory is, by the vendor's rule, if any. */
const nameOf = (vendor: string, dir: Directory): AssociatedName | null => {
  const description = dir.description
  if (vendor === "aperio" && !dir.tiled) {
    const second = description.split(/\r?\n/)[1] ?? ""
    return second.startsWith("label ") ? "label" : second.startsWith("macro ") ? "macro" : null
  }
  if (vendor === "ventana") return description === "Label_Image" || description === "Label Image" ? "macro" : null
  if (vendor === "philips" && !dir.tiled)
    return description.startsWith("Label") ? "label" : description.startsWith("Macro") ? "macro" : null
  if (vendor === "hamamatsu" && dir.sourceLens === -1) return "macro"
  return null
}

/** Philips writes the label and macro as base64 JPEG inside its XML description when not as directories. */
const philipsXmlImage = (xml: string, type: "LABELIMAGE" | "MACROIMAGE"): Buffer | null => {
  const image = new RegExp(
    `<Attribute Name="PIM_DP_IMAGE_TYPE"[^>]*>${type}</Attribute>\\s*<Attribute Name="PIM_DP_IMAGE_DATA"[^>]*>([A-Za-z0-9+/=\\s]+)</Attribute>`
  ).exec(xml)
  return image ? Buffer.from(image[1]!.replace(/\s+/g, ""), "base64") : null
}

const save = async (input: Sharp, path: string) => {
  await mkdir(dirname(path), { recursive: true })
  // Re-encoded without metadata: a JPEG comment or EXIF block carries nothing across.
  await input
    .resize({ width: LARGEST, height: LARGEST, fit: "inside", withoutEnlargement: true })
    .flatten({ background: "#ffffff" })
    .jpeg({ quality: 85 })
    .toFile(path)
}

/**
 * Writes the slide's label and macro, where it has them, as `<buildDir>/associated/<name>.jpg`; the
 * names written. Failing to read one is not failing the slide: it is simply not kept.
 */
export const writeAssociatedImages = async (input: string, vendor: string, buildDir: string, files: { macroFile?: string } = {}) => {
  const written: AssociatedName[] = []
  const target = (name: AssociatedName) => join(buildDir, ASSOCIATED_DIR, `${name}.jpg`)
  const keep = async (name: AssociatedName, image: () => Sharp) => {
    if (written.includes(name)) return
    try {
      await save(image(), target(name))
      written.push(name)
    } catch {
      // An unreadable label is left out, not the slide.
    }
  }
  if (files.macroFile !== undefined) {
    const macro = files.macroFile
    await keep("macro", () => sharp(macro, { limitInputPixels: PIXEL_LIMIT }))
    return written
  }
  const directories = await directoriesOf(input).catch(() => [])
  for (const dir of directories) {
    const name = nameOf(vendor, dir)
    if (name === null) continue
    if (vendor === "hamamatsu" && dir.stripOffset !== null && dir.stripBytes !== null) {
      const file = await open(input, "r")
      const jpeg = Buffer.alloc(Math.min(dir.stripBytes, 64 * 1024 * 1024))
      await file.read(jpeg, 0, jpeg.length, dir.stripOffset).finally(() => file.close())
      await keep(name, () => sharp(jpeg, { limitInputPixels: PIXEL_LIMIT }))
    } else await keep(name, () => sharp(input, { page: dir.index, limitInputPixels: PIXEL_LIMIT }))
  }
  if (vendor === "philips" && directories[0]) {
    for (const [name, type] of [
      ["label", "LABELIMAGE"],
      ["macro", "MACROIMAGE"]
    ] as const) {
      const jpeg = philipsXmlImage(directories[0].description, type)
      if (jpeg) await keep(name, () => sharp(jpeg, { limitInputPixels: PIXEL_LIMIT }))
    }
  }
  return written
}

/** The stored picture's bytes, or undefined when the build has none of that name. */
export const readAssociatedImage = (buildDir: string, name: AssociatedName) =>
  readFile(join(buildDir, ASSOCIATED_DIR, `${name}.jpg`)).catch(() => undefined)

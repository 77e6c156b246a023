// The pictures a scanner stores beside the slide: the label (a photograph of the slide's paper label,
// often a patient's name, a case number, a barcode) and the macro (the whole glass at low power,
// label included). They are kept, privately (associated/ in the build, which no media URL names),
// for the owner and admins, and for others only when the owner shows them (server/http/
// associated-images.ts). Never in a public link, never in the pyramid.
//
// libvips 8.14.1's `openslideload --associated` crashes (libvips#3384, fixed in 8.14.2), so they are
// read here by OpenSlide 3.4's own rules for each vendor: a TIFF directory by its description
// (Aperio "label ..."/"macro ...", Ventana "Label_Image", Philips "Label"/"Macro"), a Philips
// label or macro as base64 JPEG in its XML, a Leica SCN's macro image named in its XML, an NDPI directory whose SourceLens is -1 (a whole JPEG),
// a VMS set's MacroImage file, an MRXS set's records in its Data files (mrxs-associated.ts).
import { mkdir, open } from "node:fs/promises"
import { dirname, join } from "node:path"
import sharp, { type Sharp } from "sharp"
import { type Directory, tiffLayout } from "./tiff-directories.ts"

export type AssociatedName = "label" | "macro"

/** The folder of a build that holds them; slide-media-path.ts serves nothing from it. */
export const ASSOCIATED_DIR = "associated"
const LARGEST = 2048
const PIXEL_LIMIT = 200_000_000

/**
 * The directory of a Leica SCN's macro: the largest dimension of the <image> whose <view> is at 0,0
 * and as large as the <collection> (OpenSlide's rule), read from the first directory's XML.
 */
const leicaMacroDirectory = (xml: string): number | null => {
  const collection = /<collection\b[^>]*>/.exec(xml)?.[0] ?? ""
  const size = (tag: string, name: string) => new RegExp(`\\b${name}="(\\d+)"`).exec(tag)?.[1]
  for (const image of xml.match(/<image\b[\s\S]*?<\/image>/g) ?? []) {
    const view = /<view\b[^>]*>/.exec(image)?.[0] ?? ""
    const whole =
      size(view, "offsetX") === "0" &&
      size(view, "offsetY") === "0" &&
      size(view, "sizeX") === size(collection, "sizeX") &&
      size(view, "sizeY") === size(collection, "sizeY")
    if (!whole) continue
    const dimensions = [...image.matchAll(/<dimension\b[^>]*>/g)].map((m) => m[0])
    const largest = dimensions
      .filter((d) => (size(d, "z") ?? "0") === "0")
      .sort((a, b) => Number(size(b, "sizeX")) - Number(size(a, "sizeX")))[0]
    const ifd = largest === undefined ? undefined : size(largest, "ifd")
    return ifd === undefined ? null : Number(ifd)
  }
  return null
}

/**
 * Which associated image a directory is, by the vendor's rule, if any; `first` is the file's first
 * directory's description (a Leica SCN names its macro's directory there).
 */
export const nameOf = (vendor: string, dir: Directory, first = ""): AssociatedName | null => {
  const description = dir.description
  if (vendor === "leica") return leicaMacroDirectory(first) === dir.index ? "macro" : null
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
export const philipsXmlImagePattern = (type: "LABELIMAGE" | "MACROIMAGE") =>
  new RegExp(
    `(<Attribute Name="PIM_DP_IMAGE_TYPE"[^>]*>)(${type})(</Attribute>\\s*<Attribute Name="PIM_DP_IMAGE_DATA"[^>]*>)([A-Za-z0-9+/=\\s]+)</Attribute>`
  )

const philipsXmlImage = (xml: string, type: "LABELIMAGE" | "MACROIMAGE"): Buffer | null => {
  const image = philipsXmlImagePattern(type).exec(xml)
  return image ? Buffer.from(image[4]!.replace(/\s+/g, ""), "base64") : null
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
export const writeAssociatedImages = async (
  input: string,
  vendor: string,
  buildDir: string,
  files: { macroFile?: string; images?: ReadonlyMap<AssociatedName, Buffer> } = {}
) => {
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
  // A set of files whose pictures were found by its own rules (an MRXS's label and macro).
  if (files.images !== undefined) {
    for (const [name, jpeg] of files.images) await keep(name, () => sharp(jpeg, { limitInputPixels: PIXEL_LIMIT }))
    return written
  }
  const directories = (await tiffLayout(input).catch(() => null))?.directories ?? []
  for (const dir of directories) {
    const name = nameOf(vendor, dir, directories[0]?.description)
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

/** Where a build keeps a stored picture, relative to its directory (SlideFiles reads it). */
export const associatedImageFile = (name: AssociatedName) => `${ASSOCIATED_DIR}/${name}.jpg`

// A scanner's file as a download hands it out: without its label and macro pictures, which often show a
// patient's name or a case number (issue 22: "downloads strip them by default"). The file is not
// rewritten: the directories of those pictures are unlinked from the TIFF's chain and their image
// bytes overwritten with zeros, and a Philips file's base64 label in its XML is blanked in place, so
// every other offset stays valid and the size is the same. The patches are applied while the file
// streams out; nothing is copied to disk.
import { type Readable, Transform } from "node:stream"
import { type AssociatedName, nameOf, philipsXmlImagePattern } from "./associated-images.ts"
import { setRedactionOf } from "./set-redaction.ts"
import { type Directory, type TiffLayout, tiffLayout } from "./tiff-directories.ts"

/** Bytes to write over the file at `start`; `fill` repeated over `length` bytes when no `bytes`. */
export interface Patch {
  readonly start: number
  readonly length: number
  readonly bytes?: Buffer
}

export interface Redaction {
  readonly patches: ReadonlyArray<Patch>
  /** The pictures left out. */
  readonly removed: ReadonlyArray<AssociatedName>
}

const pointer = (layout: TiffLayout, at: number, value: number): Patch => {
  const bytes = Buffer.alloc(layout.big ? 8 : 4)
  if (layout.big) layout.littleEndian ? bytes.writeBigUInt64LE(BigInt(value)) : bytes.writeBigUInt64BE(BigInt(value))
  else layout.littleEndian ? bytes.writeUInt32LE(value) : bytes.writeUInt32BE(value)
  return { start: at, length: bytes.length, bytes }
}

/** The directories' chain without `dropped`: each pointer that must change, written again. */
const relink = (layout: TiffLayout, dropped: ReadonlySet<number>): Patch[] => {
  const kept = layout.directories.filter((dir) => !dropped.has(dir.index))
  // The chain's pointers in order, the header's first; the k-th must point to the k-th kept directory.
  const pointers = [
    { at: layout.firstPointerAt, value: layout.directories[0]?.offset ?? 0 },
    ...kept.map((dir) => ({ at: dir.nextPointerAt, value: dir.next }))
  ]
  return pointers.flatMap(({ at, value }, k) => {
    const wanted = kept[k]?.offset ?? 0
    return value === wanted ? [] : [pointer(layout, at, wanted)]
  })
}

/** Philips: the label and macro inside the first description, their type renamed and data blanked. */
const blankPhilipsXml = (dir: Directory): { patches: Patch[]; removed: AssociatedName[] } => {
  const patches: Patch[] = []
  const removed: AssociatedName[] = []
  if (dir.descriptionAt === null) return { patches, removed }
  for (const [name, type] of [
    ["label", "LABELIMAGE"],
    ["macro", "MACROIMAGE"]
  ] as const) {
    const match = philipsXmlImagePattern(type).exec(dir.description)
    if (!match) continue
    const typeAt = dir.descriptionAt + match.index + match[1]!.length
    // "NONE" padded to the same length: OpenSlide skips an image type it does not know.
    patches.push({ start: typeAt, length: type.length, bytes: Buffer.from("NONE".padEnd(type.length, " "), "latin1") })
    const dataAt = typeAt + type.length + match[3]!.length
    patches.push({ start: dataAt, length: match[4]!.length, bytes: Buffer.alloc(match[4]!.length, " ") })
    removed.push(name)
  }
  return { patches, removed }
}

/** What to overwrite in the slide at `path` (of the scanner `vendor`) to leave its label and macro out. */
export const redactionOf = async (path: string, vendor: string): Promise<Redaction> => {
  const layout = await tiffLayout(path).catch(() => null)
  // Not a TIFF: a zipped set (MRXS, VMS) has its own way (set-redaction.ts); anything else has none.
  if (layout === null) return setRedactionOf(path).catch(() => ({ patches: [], removed: [] }))
  const patches: Patch[] = []
  const removed = new Set<AssociatedName>()
  const dropped = new Set<number>()
  for (const dir of layout.directories) {
    const name = nameOf(vendor, dir, layout.directories[0]?.description)
    if (name === null) continue
    // A first directory stays linked: a Ventana BIF's Label_Image is first and carries the XMP that
    // makes the file a BIF (as a Leica SCN's macro carries the XML that makes it an SCN). Its pixels
    // are zeroed all the same, so nothing of the picture is left.
    if (dir.index > 0) dropped.add(dir.index)
    removed.add(name)
    for (const range of dir.data) patches.push({ start: range.start, length: range.length })
  }
  if (dropped.size > 0) patches.push(...relink(layout, dropped))
  if (vendor === "philips" && layout.directories[0]) {
    const xml = blankPhilipsXml(layout.directories[0])
    patches.push(...xml.patches)
    for (const name of xml.removed) removed.add(name)
  }
  return { patches: patches.sort((a, b) => a.start - b.start), removed: [...removed] }
}

/** Applies patches to the chunks of a stream read from the file's start. */
const patching = (patches: ReadonlyArray<Patch>) => {
  let position = 0
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const start = position
      const end = start + chunk.length
      position = end
      for (const patch of patches) {
        if (patch.start >= end) break
        const from = Math.max(patch.start, start)
        const to = Math.min(patch.start + patch.length, end)
        if (from >= to) continue
        if (patch.bytes) patch.bytes.copy(chunk, from - start, from - patch.start, to - patch.start)
        else chunk.fill(0, from - start, to - start)
      }
      done(null, chunk)
    }
  })
}

/** The file's bytes (from its first) with the patches applied; a failing source fails the result. */
export const redactedStream = (source: Readable, patches: ReadonlyArray<Patch>): Readable => {
  if (patches.length === 0) return source
  const patched = patching(patches)
  source.once("error", (error) => patched.destroy(error))
  return source.pipe(patched)
}

// A 3DHistech MRXS slide's label and macro, found by OpenSlide 3.4's own rules
// (openslide-vendor-mirax.c): libvips 8.14.1 crashes reading associated images (libvips#3384), so
// associated-images.ts asks here for their JPEG bytes.
//
// Slidedat.ini's [HIERARCHICAL] group lists non-hierarchical layers (NONHIER_i_NAME, _COUNT, and
// each value NONHIER_i_VAL_j with its _SECTION); the record number of a value is its position
// counted over every layer's values. "Scan data layer" holds ScanDataLayer_SlideBarcode (the label)
// and ScanDataLayer_SlideThumbnail (OpenSlide's "macro"), each a JPEG when its section says so.
// Index.dat: "01.02", the SLIDE_ID, a pointer to the hierarchical table, then one to the
// non-hierarchical table, whose n-th pointer leads to [0, page] and the page to
// [1, ?, 0, 0, offset, length, data file]; the data file is [DATAFILE] FILE_k.
import { open } from "node:fs/promises"
import { join } from "node:path"
import type { AssociatedName } from "./associated-images.ts"

const LARGEST_JPEG = 64 * 1024 * 1024
const DATA_FILE_NAME = /^[\w .()+-]+$/

type Ini = ReadonlyMap<string, ReadonlyMap<string, string>>

/** GLib key-file syntax as Slidedat.ini uses it: [group], key = value, # comments. */
export const parseIni = (text: string): Ini => {
  const groups = new Map<string, Map<string, string>>()
  let group: Map<string, string> | undefined
  for (const raw of text.replace(/^\uFEFF/, "").split(/\r?\n/)) {
    const line = raw.trim()
    if (line === "" || line.startsWith("#")) continue
    const header = /^\[(.+)\]$/.exec(line)
    if (header) {
      group = new Map()
      groups.set(header[1]!, group)
      continue
    }
    const eq = line.indexOf("=")
    if (eq > 0 && group) group.set(line.slice(0, eq).trim(), line.slice(eq + 1).trim())
  }
  return groups
}

const VALUES: ReadonlyArray<readonly [AssociatedName, string, string]> = [
  ["label", "ScanDataLayer_SlideBarcode", "BARCODE_IMAGE_TYPE"],
  ["macro", "ScanDataLayer_SlideThumbnail", "THUMBNAIL_IMAGE_TYPE"]
]

/** Which non-hierarchical record holds each JPEG label or macro. */
export const associatedRecords = (ini: Ini): Map<AssociatedName, number> => {
  const records = new Map<AssociatedName, number>()
  const hier = ini.get("HIERARCHICAL")
  const count = Number(hier?.get("NONHIER_COUNT"))
  if (!hier || !Number.isInteger(count)) return records
  let offset = 0
  for (let i = 0; i < count; i++) {
    const values = Number(hier.get(`NONHIER_${i}_COUNT`))
    if (!Number.isInteger(values) || values <= 0) return records
    if (hier.get(`NONHIER_${i}_NAME`) === "Scan data layer") {
      for (let j = 0; j < values; j++) {
        const wanted = VALUES.find(([, value]) => value === hier.get(`NONHIER_${i}_VAL_${j}`))
        const section = ini.get(hier.get(`NONHIER_${i}_VAL_${j}_SECTION`) ?? "")
        if (wanted && section?.get(wanted[2]) === "JPEG") records.set(wanted[0], offset + j)
      }
    }
    offset += values
  }
  return records
}

/** Where each of a slide's label and macro lies: data file, offset and length. */
export const associatedLocations = async (mrxs: string) => {
  const folder = mrxs.replace(/\.mrxs$/i, "")
  const ini = parseIni(await readText(join(folder, "Slidedat.ini")))
  const id = ini.get("GENERAL")?.get("SLIDE_ID") ?? ""
  const indexName = ini.get("HIERARCHICAL")?.get("INDEXFILE") ?? ""
  if (!DATA_FILE_NAME.test(indexName) || indexName.startsWith(".")) return []
  const index = await open(join(folder, indexName), "r")
  try {
    const int = async (at: number) => {
      const bytes = Buffer.alloc(4)
      const { bytesRead } = await index.read(bytes, 0, 4, at)
      if (bytesRead < 4) throw new Error("Index.dat ends early")
      return bytes.readInt32LE(0)
    }
    const table = await int(5 + Buffer.byteLength(id, "latin1") + 4)
    const found: Array<{ name: AssociatedName; file: string; offset: number; length: number }> = []
    for (const [name, record] of associatedRecords(ini)) {
      const page = await int((await int(table + 4 * record)) + 4)
      const [offset, length, fileno] = [await int(page + 16), await int(page + 20), await int(page + 24)]
      const file = ini.get("DATAFILE")?.get(`FILE_${fileno}`) ?? ""
      // A name that would leave the set's folder is not followed.
      if (!DATA_FILE_NAME.test(file) || file.startsWith(".") || offset < 0 || length <= 0 || length > LARGEST_JPEG) continue
      found.push({ name, file: join(folder, file), offset, length })
    }
    return found
  } finally {
    await index.close()
  }
}

const readText = async (path: string) => {
  const file = await open(path, "r")
  try {
    // OpenSlide reads at most 1 MB of Slidedat.ini.
    const bytes = Buffer.alloc(1 << 20)
    const { bytesRead } = await file.read(bytes, 0, bytes.length, 0)
    return bytes.subarray(0, bytesRead).toString("utf8")
  } finally {
    await file.close()
  }
}

/** The label and macro JPEGs of the slide whose .mrxs is at `mrxs`; none when they cannot be found. */
export const mrxsAssociatedImages = async (mrxs: string): Promise<Map<AssociatedName, Buffer>> => {
  const images = new Map<AssociatedName, Buffer>()
  for (const { name, file, offset, length } of await associatedLocations(mrxs).catch(() => [])) {
    const data = await open(file, "r").catch(() => null)
    if (data === null) continue
    try {
      const jpeg = Buffer.alloc(length)
      const { bytesRead } = await data.read(jpeg, 0, length, offset)
      if (bytesRead === length) images.set(name, jpeg)
    } finally {
      await data.close()
    }
  }
  return images
}

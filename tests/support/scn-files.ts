// A Leica SCN made here that OpenSlide 3.4's Leica reader accepts (openslide-vendor-leica.c at
// v3.4.1): a tiled BigTIFF whose first ImageDescription is the Leica XML in the 2010/10/01
// namespace. Its <collection> (sizes in nm) holds <image>s; an image whose <view> is at 0,0 and as
// large as the collection is the macro, any other brightfield image is the main one. Each image lists
// its TIFF directories as <pixels><dimension sizeX sizeY ifd/>; a level's nm per pixel is the view's
// width over the dimension's, and the slide is as large as the collection at that density. The mpp
// comes from the main level's TIFF resolution (per centimetre), the objective, device and date from
// the first main image. libvips writes the levels, libtiff's tiffcp joins them behind the macro as a
// BigTIFF, tiffset writes the XML into the first directory.
import { rm } from "node:fs/promises"
import { join } from "node:path"
import sharp from "sharp"
import { run, source } from "./scanner-files.ts"
import { labelJpeg } from "./scanner-vendors.ts"

export interface LeicaOptions {
  readonly width: number
  readonly height: number
  readonly mpp: number
  readonly objective: number
  readonly model: string
  readonly created: string
  /** The case number, as Leica writes it: the collection's name and its base64 barcode. */
  readonly caseNumber: string
}

/** Each directory's size, in order, as tiffinfo prints them. */
const sizes = async (path: string) => {
  const { stdout } = await run("tiffinfo", [path])
  return [...stdout.matchAll(/Image Width: (\d+) Image Length: (\d+)/g)].map((m) => [Number(m[1]), Number(m[2])] as const)
}

/** The Leica XML for a macro at directory 0 and the main image's levels at directories 1 and on. */
export const leicaXml = (options: LeicaOptions, macro: readonly [number, number], levels: ReadonlyArray<readonly [number, number]>) => {
  const nmPerPixel = options.mpp * 1000
  const across = Math.round(options.width * nmPerPixel)
  const down = Math.round(options.height * nmPerPixel)
  const settings = (objective: number) =>
    `<scanSettings><objectiveSettings><objective>${objective}</objective></objectiveSettings>` +
    `<illuminationSettings><numericalAperture>0.4</numericalAperture><illuminationSource>brightfield</illuminationSource></illuminationSettings></scanSettings>`
  const image = (name: string, view: string, objective: number, levels: ReadonlyArray<readonly [number, number]>, first: number) =>
    `<image name="${name}" uuid="urn:uuid:${name}"><creationDate>${options.created}</creationDate>` +
    `<device model="${options.model}" version="1.0"/><pixels sizeX="${levels[0]![0]}" sizeY="${levels[0]![1]}">${levels.map((size, i) => dimension(size, first + i)).join("")}</pixels>` +
    `<view ${view}/>${settings(objective)}</image>`
  const dimension = ([x, y]: readonly [number, number], ifd: number) => `<dimension sizeX="${x}" sizeY="${y}" r="${ifd}" ifd="${ifd}"/>`
  return [
    `<?xml version="1.0"?>`,
    `<scn xmlns="http://www.leica-microsystems.com/scn/2010/10/01">`,
    `<collection name="${options.caseNumber}" uuid="urn:uuid:collection" sizeX="${across}" sizeY="${down}">`,
    `<barcode>${Buffer.from(options.caseNumber).toString("base64")}</barcode>`,
    image("macro", `sizeX="${across}" sizeY="${down}" offsetX="0" offsetY="0"`, 1, [macro], 0),
    // 1 nm inside the collection: not taken for a macro, yet the slide stays the drawn image's size
    // (OpenSlide sizes it by the collection, and the offset rounds to pixel 0).
    image("main", `sizeX="${across}" sizeY="${down}" offsetX="1" offsetY="0"`, options.objective, levels, 1),
    `</collection>`,
    `</scn>`
  ].join("")
}

/** A Leica SCN (a 240 x 120 macro photographing a label, the main image's pyramid) named `name` in `dir`. */
export const leicaScn = async (dir: string, name: string, options: LeicaOptions) => {
  const png = join(dir, `${name}.source.png`)
  await source(png, options.width, options.height)
  const pyramid = join(dir, `${name}.pyramid.tif`)
  // libvips writes resolution per millimetre and saves it per centimetre, as OpenSlide reads it.
  const perMm = String(1000 / options.mpp)
  const tiles = ["--tile", "--tile-width", "256", "--tile-height", "256", "--compression", "jpeg", "--Q", "80"]
  await run("vips", ["tiffsave", png, pyramid, ...tiles, "--pyramid", "--xres", perMm, "--yres", perMm])
  await rm(png)
  const macroPng = join(dir, `${name}.macro.png`)
  await sharp(await labelJpeg("Doe^Jane"))
    .png()
    .toFile(macroPng)
  const macro = join(dir, `${name}.macro.tif`)
  await run("vips", ["tiffsave", macroPng, macro, ...tiles])
  await rm(macroPng)
  const path = join(dir, name)
  // -8: a BigTIFF, as Leica writes; the tiles are copied as they are.
  await run("tiffcp", ["-8", macro, pyramid, path])
  await rm(macro)
  await rm(pyramid)
  const [macroSize, ...levels] = await sizes(path)
  await run("tiffset", ["-d", "0", "-s", "270", leicaXml(options, macroSize!, levels), path])
  return path
}

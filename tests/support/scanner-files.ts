// Scanner files made here that the real readers accept, for the tests of scanners' formats: an Aperio
// SVS is a tiled, pyramidal TIFF whose first ImageDescription starts "Aperio" and carries its
// properties (MPP, AppMag, ScanScope ID, Date) between "|". libvips writes the TIFF (JPEG tiles, or
// JPEG 2000 tiles that libvips marks 33004 and Aperio marks 33003, the same codestream), libtiff's
// tiffset writes the description and the compression code. Debian: libvips-tools, libtiff-tools.
import { execFile } from "node:child_process"
import { join } from "node:path"
import { promisify } from "node:util"
import sharp from "sharp"

const execute = promisify(execFile)
// Without sharp's VIPSHOME (set when it loads), which would hide the system's vips modules.
export const run = (command: string, args: ReadonlyArray<string>) => {
  const env = { ...process.env }
  delete env.VIPSHOME
  return execute(command, args, { env })
}

export interface AperioOptions {
  readonly width: number
  readonly height: number
  readonly tiles: "jpeg" | "j2k"
  readonly mpp: number
  readonly appMag: number
  readonly scanner: string
  readonly date: string
}

/** Stained-looking content (pink and purple blotches on white), so tiles are not blank. */
export const source = async (path: string, width: number, height: number) => {
  const blobs = Array.from({ length: 40 }, (_, i) => {
    const x = (i * 7919) % width
    const y = (i * 104_729) % height
    const r = 20 + ((i * 31) % 60)
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="${i % 3 === 0 ? "#6b3fa0" : "#e8a0c0"}" fill-opacity="0.8"/>`
  }).join("")
  await sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#fff"/>${blobs}</svg>`
    )
  )
    // Three components, as a scanner writes: a JPEG 2000 tile of four is not an Aperio one.
    .removeAlpha()
    .png()
    .toFile(path)
}

export const directories = async (path: string): Promise<number> => {
  const { stdout } = await run("tiffinfo", [path]).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? "" }))
  return (stdout.match(/TIFF Directory/g) ?? []).length
}

/** Writes `name` (an .svs) into `dir` and answers its path. */
export const aperioSvs = async (dir: string, name: string, options: AperioOptions): Promise<string> => {
  const png = join(dir, `${name}.source.png`)
  await source(png, options.width, options.height)
  const path = join(dir, name)
  const compression = options.tiles === "jpeg" ? "jpeg" : "jp2k"
  await run("vips", [
    "tiffsave",
    png,
    path,
    "--tile",
    "--tile-width",
    "240",
    "--tile-height",
    "240",
    "--pyramid",
    "--compression",
    compression,
    "--Q",
    "80"
  ])
  if (options.tiles === "j2k") {
    const count = await directories(path)
    for (let d = 0; d < count; d++) await run("tiffset", ["-d", String(d), "-s", "259", "33003", path])
  }
  const description = [
    `Aperio Image Library v12.0.15 \r\n${options.width}x${options.height} [0,0 ${options.width}x${options.height}] (240x240) ${options.tiles === "jpeg" ? "JPEG/RGB Q=80" : "J2K/YUV16 Q=70"}`,
    `AppMag = ${options.appMag}`,
    `ScanScope ID = ${options.scanner}`,
    `Date = ${options.date}`,
    "Time = 09:15:02",
    // What a real file carries and must not leak: the operator and the case.
    "User = b414003d-operator",
    "Filename = CASE-2026-0042",
    `MPP = ${options.mpp}`
  ].join("|")
  await run("tiffset", ["-s", "270", description, path])
  return path
}

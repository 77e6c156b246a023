// Deep Zoom pyramid of a ~1-gigapixel slide: buildPyramid (sharp) against `vips dzsave`, the
// reference libvips CLI, on the same file. Targets: our time within 1.2x of vips's, peak memory
// (max RSS of the process doing the work) under 1 GB.
//
// Each side runs in its own child process under /usr/bin/time -v, so its peak RSS is its own and
// not the bench's. The source is a JPEG-compressed tiled TIFF of noise over a gradient (what a
// scanner's pyramid base looks like to libvips), cached under os.tmpdir() because making it takes
// minutes.
//
// Run: npx node tests/bench/pyramid.bench.ts
// Settings: BENCH_PIXELS (side length, default 32768, i.e. 32768x32768 ~ 1.07 gigapixels).
// Not part of npm test: budgets are measured side by side, never as timed tests.
import { spawnSync } from "node:child_process"
import { existsSync, mkdtempSync, renameSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import sharp from "sharp"
import { DEFAULT_PIXEL_LIMIT } from "../../server/images/pyramid.ts"

const SIDE = Number(process.env.BENCH_PIXELS ?? 32_768)
export const TARGET_TIME_RATIO = 1.2
export const TARGET_PEAK_BYTES = 1024 ** 3

export interface Run {
  readonly seconds: number
  readonly peakBytes: number
}

export const source = async (side: number) => {
  const path = join(tmpdir(), `preparat-bench-${side}x${side}.tif`)
  if (existsSync(path)) return path
  console.log(`generating ${side}x${side} test slide at ${path} (cached for next time)...`)
  const started = performance.now()
  const noise = sharp({
    create: { width: side, height: side, channels: 3, background: "#000000", noise: { type: "gaussian", mean: 128, sigma: 30 } },
    limitInputPixels: false
  })
  // A diagonal gradient under the noise, so levels differ and tiles are not all alike.
  const gradient = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}"><defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="#f4e8f0"/><stop offset="1" stop-color="#6a3d7a"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`
  )
  const partial = `${path}.partial`
  await noise
    .composite([{ input: gradient, blend: "multiply", limitInputPixels: false }])
    .tiff({
      compression: "jpeg",
      quality: 85,
      tile: true,
      tileWidth: 256,
      tileHeight: 256,
      bigtiff: true,
      xres: 4000,
      yres: 4000,
      resolutionUnit: "cm"
    })
    .toFile(partial)
  renameSync(partial, path)
  console.log(`generated in ${((performance.now() - started) / 1000).toFixed(1)} s`)
  return path
}

export const hasTimeV = spawnSync("/usr/bin/time", ["-v", "true"]).status === 0

/** Runs a command in a child, returning wall time and the child's peak RSS. */
// Without the VIPSHOME sharp sets when this bench imports it: with it, the system's vips finds none of
// its modules, so it reads an SVS as a plain TIFF instead of through OpenSlide, and the "reference"
// skips the reader our path uses (23.6 s against 60 s for the 1-gigapixel SVS here).
const childEnv = () => {
  const env = { ...process.env }
  delete env.VIPSHOME
  return env
}

export const measure = (command: string, args: ReadonlyArray<string>): Run => {
  const started = performance.now()
  const options = { encoding: "utf8", maxBuffer: 64 * 1024 * 1024, env: childEnv() } as const
  const child = hasTimeV ? spawnSync("/usr/bin/time", ["-v", command, ...args], options) : spawnSync(command, args, options)
  const seconds = (performance.now() - started) / 1000
  if (child.status !== 0) throw new Error(`${command} ${args.join(" ")} failed:\n${child.stderr}`)
  const fromTime = child.stderr.match(/Maximum resident set size \(kbytes\): (\d+)/)?.[1]
  // Without /usr/bin/time (Debian's `time` package) the peak is unknown.
  return { seconds, peakBytes: Number(fromTime ?? Number.NaN) * 1024 }
}

/** The slide worker's own child process, exactly as a job runs it. */
export const ours = (input: string, outDir: string) =>
  measure(process.execPath, [
    "server/workers/pyramid.ts",
    JSON.stringify({ input, outDir, name: "slide", limitInputPixels: DEFAULT_PIXEL_LIMIT })
  ])

export const vips = (input: string, outDir: string): Run | undefined => {
  if (spawnSync("vips", ["--version"]).error) return undefined
  rmSync(outDir, { recursive: true, force: true })
  spawnSync("mkdir", ["-p", outDir])
  // The same settings buildPyramid gives sharp: 256 px tiles, 1 px overlap, JPEG Q85.
  return measure("vips", ["dzsave", input, join(outDir, "slide"), "--tile-size", "256", "--overlap", "1", "--suffix", ".jpeg[Q=85]"])
}

export const row = (name: string, run: Run | undefined, note = "") =>
  console.log(
    `${name.padEnd(22)} ${run ? `${run.seconds.toFixed(1).padStart(7)} s   peak ${(run.peakBytes / 1024 ** 2).toFixed(0).padStart(6)} MB` : "           not run            "}  ${note}`
  )

/**
 * The same pixels as an Aperio SVS (the TIFF with an Aperio description, which is all OpenSlide
 * needs to read it as one): our vendor path (probe, vips dzsave, thumbnails) against vips dzsave of
 * the same file through OpenSlide.
 */
const scannerFormat = (input: string, work: string) => {
  const svs = `${input}.svs`
  if (!existsSync(svs)) {
    if (spawnSync("tiffset", ["-h"]).error) return console.log("SVS: not run (apt-get install -y libtiff-tools)")
    spawnSync("cp", [input, `${svs}.partial`])
    const description = `Aperio Image Library v12.0.15 \r\n${SIDE}x${SIDE} (256x256) JPEG/RGB Q=85|AppMag = 40|MPP = 0.25`
    spawnSync("tiffset", ["-s", "270", description, `${svs}.partial`])
    renameSync(`${svs}.partial`, svs)
  }
  console.log("\nThe same pixels as an Aperio SVS, read by OpenSlide")
  const mine = ours(svs, join(work, "ours-svs"))
  rmSync(join(work, "ours-svs"), { recursive: true, force: true })
  const reference = vips(svs, join(work, "vips-svs"))
  row("vips dzsave (SVS)", reference)
  const ratio = reference ? mine.seconds / reference.seconds : Number.NaN
  row(
    "Preparat (OpenSlide)",
    mine,
    `time ${reference ? `${ratio.toFixed(2)}x vips (target <= ${TARGET_TIME_RATIO}x) ${ratio <= TARGET_TIME_RATIO ? "MET" : "MISSED"}` : "vs vips: n/a"}; peak target < 1024 MB ${mine.peakBytes < TARGET_PEAK_BYTES ? "MET" : "MISSED"}`
  )
}

const main = async () => {
  const input = await source(SIDE)
  const work = mkdtempSync(join(tmpdir(), "pyramid-bench-"))
  try {
    console.log(
      `\nDeep Zoom pyramid of ${SIDE}x${SIDE} (${((SIDE * SIDE) / 1e9).toFixed(2)} gigapixels), ${hasTimeV ? "peak RSS from /usr/bin/time -v" : "peak RSS unknown (install Debian's time package)"}`
    )
    const mine = ours(input, join(work, "ours"))
    rmSync(join(work, "ours"), { recursive: true, force: true })
    const reference = vips(input, join(work, "vips"))
    const memoryMet = mine.peakBytes < TARGET_PEAK_BYTES
    row("vips dzsave", reference, reference ? "" : "vips not installed: apt-get install -y libvips-tools")
    const ratio = reference ? mine.seconds / reference.seconds : Number.NaN
    row(
      "Preparat (sharp)",
      mine,
      `time ${reference ? `${ratio.toFixed(2)}x vips (target <= ${TARGET_TIME_RATIO}x) ${ratio <= TARGET_TIME_RATIO ? "MET" : "MISSED"}` : "vs vips: n/a"}; peak target < 1024 MB ${memoryMet ? "MET" : "MISSED"}`
    )
    console.log("(buildPyramid also writes the two thumbnails; vips dzsave does not.)")
    scannerFormat(input, work)
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}

if (import.meta.main) await main()

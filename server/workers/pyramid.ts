// The pyramid builder as a child process of the slide worker: libvips decoding a hostile file may
// crash or run out of memory, and that must take down this process only, never the server.
//   node server/workers/pyramid.ts '<PyramidRequest JSON>'
// prints one PyramidOutcome JSON line; any other ending (a signal, a non-zero exit) is a crash.
import { availableParallelism } from "node:os"
import sharp from "sharp"
import { ImageRejected, rejectionOf } from "../images/image-rejected.ts"
import { VipsMissing } from "../images/openslide.ts"
import { buildPyramid } from "../images/pyramid.ts"
import type { PyramidOutcome, PyramidRequest } from "./pyramid-protocol.ts"

const say = (outcome: PyramidOutcome) => process.stdout.write(`${JSON.stringify(outcome)}\n`)

// sharp runs libvips on one thread on glibc Linux (to limit heap fragmentation in long-lived
// processes); this process builds one pyramid and exits, so it may use every core, as vips does.
sharp.concurrency(availableParallelism())

const request = JSON.parse(process.argv[2] ?? "{}") as PyramidRequest
try {
  const built = await buildPyramid(request.input, request.outDir, request.name, { limitInputPixels: request.limitInputPixels })
  say({ kind: "built", width: built.width, height: built.height, mpp: built.mpp, scanner: built.scanner, associated: built.associated })
} catch (error) {
  // The tools a scanner's format needs are missing: that file cannot become a slide here.
  const rejection =
    error instanceof VipsMissing
      ? new ImageRejected("unsupported", `${error.message}: the server cannot read scanner formats`)
      : rejectionOf(error)
  if (!rejection) throw error
  say({ kind: "rejected", reason: rejection.reason, message: rejection.message.slice(0, 1000) })
}

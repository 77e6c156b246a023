// The pyramid builder as a child process of the slide worker: libvips decoding a hostile file may
// crash or run out of memory, and that must take down this process only, never the server.
//   node server/workers/pyramid.ts '<PyramidRequest JSON>'
// prints one PyramidOutcome JSON line; any other ending (a signal, a non-zero exit) is a crash.
import { rejectionOf } from "../images/image-rejected.ts"
import { buildPyramid } from "../images/pyramid.ts"
import type { PyramidOutcome, PyramidRequest } from "./pyramid-protocol.ts"

const say = (outcome: PyramidOutcome) => process.stdout.write(`${JSON.stringify(outcome)}\n`)

const request = JSON.parse(process.argv[2] ?? "{}") as PyramidRequest
try {
  const built = await buildPyramid(request.input, request.outDir, request.name, { limitInputPixels: request.limitInputPixels })
  say({ kind: "built", width: built.width, height: built.height, mpp: built.mpp })
} catch (error) {
  const rejection = rejectionOf(error)
  if (!rejection) throw error
  say({ kind: "rejected", reason: rejection.reason, message: rejection.message.slice(0, 1000) })
}

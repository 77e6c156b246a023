// Runs server/workers/pyramid.ts in a child process and reads its outcome. Aborting the signal kills
// the child (the server is shutting down); whatever else ends it without an outcome is a crash.
import { spawn } from "node:child_process"
import { fileURLToPath } from "node:url"
import { type PyramidOutcome, type PyramidRequest, parseOutcome } from "./pyramid-protocol.ts"

const WORKER = fileURLToPath(new URL("./pyramid.ts", import.meta.url))
/** Enough of the child's stderr to say why it died. */
const STDERR_TAIL = 4000

export const runPyramid = (request: PyramidRequest, signal: AbortSignal): Promise<PyramidOutcome> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [WORKER, JSON.stringify(request)], {
      stdio: ["ignore", "pipe", "pipe"],
      signal,
      killSignal: "SIGKILL"
    })
    let stdout = ""
    let stderr = ""
    child.stdout.setEncoding("utf8").on("data", (text: string) => {
      if (stdout.length < 64_000) stdout += text
    })
    child.stderr.setEncoding("utf8").on("data", (text: string) => {
      stderr = (stderr + text).slice(-STDERR_TAIL)
    })
    child.once("error", (error) => {
      if (signal.aborted) reject(error)
      else resolve({ kind: "crashed", message: error.message })
    })
    child.once("close", (code, killedBy) => {
      if (signal.aborted) return reject(new Error("aborted"))
      const outcome = code === 0 ? parseOutcome(stdout.trim().split("\n").pop() ?? "") : undefined
      resolve(
        outcome ?? { kind: "crashed", message: `pyramid child ended (${killedBy ?? `exit ${code}`}): ${stderr.trim() || "no output"}` }
      )
    })
  })

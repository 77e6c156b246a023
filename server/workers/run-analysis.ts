// Runs server/workers/analysis.ts in a child process and reads its lines as they come. Aborting the
// signal kills the child (a cancelled job, a shutdown); an ending without the closing line is a crash,
// reported with the tail of the child's stderr.
import { spawn } from "node:child_process"
import { createInterface } from "node:readline"
import { fileURLToPath } from "node:url"
import { type AnalysisChildRequest, type AnalysisLine, parseLine } from "./analysis-protocol.ts"

const WORKER = fileURLToPath(new URL("./analysis.ts", import.meta.url))
const STDERR_TAIL = 4000

export class AnalysisCrashed extends Error {}

export async function* runAnalysis(request: AnalysisChildRequest, signal: AbortSignal): AsyncGenerator<AnalysisLine> {
  const child = spawn(process.execPath, [WORKER, JSON.stringify(request)], {
    stdio: ["ignore", "pipe", "pipe"],
    signal,
    killSignal: "SIGKILL"
  })
  let stderr = ""
  child.stderr.setEncoding("utf8").on("data", (text: string) => {
    stderr = (stderr + text).slice(-STDERR_TAIL)
  })
  child.once("error", () => {
    // Reported at the end (no closing line); the abort's error is expected.
  })
  const closed = new Promise<number | null>((resolve) => child.once("close", (code) => resolve(code)))
  let finished = false
  try {
    for await (const text of createInterface({ input: child.stdout, crlfDelay: Number.POSITIVE_INFINITY })) {
      const line = parseLine(text)
      if (!line) continue
      if (line.kind === "finished") finished = true
      yield line
    }
    const code = await closed
    if (signal.aborted) throw new Error("aborted")
    if (!finished || code !== 0) throw new AnalysisCrashed(`analysis child ended (exit ${code}): ${stderr.trim() || "no output"}`)
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL")
  }
}

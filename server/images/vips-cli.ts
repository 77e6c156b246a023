// The system's libvips command-line tools (Debian's libvips-tools), run as children: they read what
// sharp's bundled libvips cannot (OpenSlide's formats, JPEG 2000), and a crash in a decoder stays
// out of the server. Missing tools are a VipsMissing that names the package to install.
import { execFile } from "node:child_process"
import { promisify } from "node:util"

const exec = promisify(execFile)

/** The package that provides the tools, named in the refusal when they are missing. */
export const VIPS_PACKAGE = "libvips-tools"

/** The tools are not installed (ENOENT). */
export class VipsMissing extends Error {}

/**
 * The environment for the system's tools: sharp sets VIPSHOME to its own bundle's prefix when it
 * loads, and the system's vips then looks for its modules (OpenSlide is one) there and finds none.
 */
const systemEnv = (): NodeJS.ProcessEnv => {
  const env = { ...process.env }
  delete env.VIPSHOME
  return env
}

/** Runs `tool` (vips, vipsheader) with `args`; its stdout, or an error with its stderr. */
export const runVips = async (tool: "vips" | "vipsheader", args: ReadonlyArray<string>, options: { timeoutMs?: number } = {}) => {
  try {
    const { stdout } = await exec(tool, [...args], {
      maxBuffer: 16 * 1024 * 1024,
      env: systemEnv(),
      ...(options.timeoutMs === undefined ? {} : { timeout: options.timeoutMs })
    })
    return stdout
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new VipsMissing(`${tool} is not installed (${VIPS_PACKAGE})`)
    const stderr = String((error as { stderr?: unknown }).stderr ?? "").trim()
    throw new Error(`${tool} ${args[0] ?? ""} failed: ${stderr.slice(0, 500) || String(error)}`, { cause: error })
  }
}

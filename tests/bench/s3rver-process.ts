// s3rver in a process of its own, for the benches: its work must not share the event loop of the
// load generator (nor of the app server). Prints `{"port":N}` once it listens; stops on SIGTERM.
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import S3rver from "s3rver"

const directory = mkdtempSync(join(tmpdir(), "preparat-s3-bench-"))
const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, resetOnClose: true })
const { port } = await server.run()
console.log(JSON.stringify({ port }))
process.once("SIGTERM", async () => {
  await server.close()
  rmSync(directory, { recursive: true, force: true })
  process.exit(0)
})

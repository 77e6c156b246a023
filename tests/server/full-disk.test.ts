// A real full disk: DATA_DIR on a small tmpfs. An upload the disk cannot hold answers 503 saying so;
// a database write that fails for lack of space answers 503 too, and once space returns the server works
// again without a restart (the failed transaction was rolled back and its connection freed).
// Mounting needs root, as on this project's machines and CI; elsewhere the test says why it skips.
import { execFileSync } from "node:child_process"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { api, createSignedIn, type SignedIn } from "../support/api.ts"
import { type StartedServer, startServer } from "../support/start-server.ts"
import { noiseTiff, uploadWhole } from "./support/slides-api.ts"

const mountPoint = mkdtempSync(join(tmpdir(), "preparat-small-disk-"))
const mounted = (() => {
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=6m", "tmpfs", mountPoint], { stdio: "ignore" })
    return true
  } catch {
    return false
  }
})()

let server: StartedServer
let ada: SignedIn
const filler = join(mountPoint, "filler")

beforeAll(async () => {
  if (!mounted) return
  server = await startServer({ config: { dataDir: mountPoint } })
  ada = await createSignedIn(server)
})
afterAll(async () => {
  if (mounted) {
    await server?.stop()
    execFileSync("umount", [mountPoint])
  }
  rmSync(mountPoint, { recursive: true, force: true })
})

const within = <T>(promise: Promise<T>, ms = 10_000) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms))])
const createFolder = (name: string) => within(api(server).post("/v2/labs/", { name, parent: null }, { token: ada.access }))

/** Fills the disk to the last byte. */
const fill = () => {
  try {
    writeFileSync(filler, Buffer.alloc(8 * 1024 * 1024))
  } catch {
    // ENOSPC: the filler holds what fitted.
  }
}

describe.skipIf(!mounted)("a full disk (needs root to mount a small tmpfs)", () => {
  it("refuses an upload the disk cannot hold with 503 and the reason", async () => {
    const tiff = await noiseTiff(1600, 1600)
    fill()
    const reply = await within(uploadWhole(server, ada, "root", "big.tif", tiff))
    expect(reply.status, JSON.stringify(reply.body)).toBe(503)
    expect(reply.body).toEqual({ _tag: "ServiceUnavailable", message: expect.stringContaining("disk is full") })
    rmSync(filler, { force: true })
  })

  // PostgreSQL keeps its data on its own disk, not in DATA_DIR; failed-commit.test.ts injects the same
  // failure on both engines.
  it.runIf(!process.env.DATABASE_URL)("fails a database write while the disk is full, and works again when space returns", async () => {
    // Enough folders that the database must grow into the filled disk.
    fill()
    let refusal: Awaited<ReturnType<typeof createFolder>> | undefined
    for (let i = 0; i < 200 && refusal === undefined; i++) {
      const reply = await createFolder(`Folder ${i} ${"x".repeat(200)}`)
      if (reply.status >= 500) refusal = reply
    }
    // The 503 every other refused write answers, naming the cause, not an empty 500.
    expect(refusal?.status, JSON.stringify(refusal?.body)).toBe(503)
    expect(refusal?.body).toEqual({ _tag: "ServiceUnavailable", message: expect.stringContaining("disk is full") })
    expect((await within(api(server).get("/v2/labs/", { token: ada.access }))).status).toBe(200)
    rmSync(filler, { force: true })
    expect((await createFolder("After the disk was freed")).status).toBe(201)
    expect((await within(api(server).get("/v2/labs/?search=freed", { token: ada.access }))).body.data.results).toHaveLength(1)
  })
})

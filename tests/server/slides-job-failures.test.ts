// Files that pass the format check but can never become a slide fail their job cleanly: a
// decompression bomb (a small PNG claiming more pixels than SLIDE_PIXEL_LIMIT) and a truncated
// TIFF both end "failed" at once, and the server keeps serving. A build that crashes for another
// reason (here its original vanished) is not failed but queued again for a later try.
import { rmSync } from "node:fs"
import { join } from "node:path"
import sharp from "sharp"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { SignedIn } from "../support/api.ts"
import { type StartedServer, startServer } from "../support/start-server.ts"
import { createFolder, person } from "./support/labs-api.ts"
import { noiseTiff, smallImage, uploadWhole, waitForStatus } from "./support/slides-api.ts"

let server: StartedServer
let ada: SignedIn
let folder: string
beforeAll(async () => {
  server = await startServer({ env: { SLIDE_PIXEL_LIMIT: String(4_000_000) } })
  ada = await person(server, "Ada")
  folder = (await createFolder(server, ada, "Hostile")).id
})
afterAll(() => server.stop())

const jobOf = (labId: string) =>
  server.withDb((db) => db.selectFrom("slide_jobs").selectAll().where("lab_id", "=", labId).executeTakeFirstOrThrow())

const upload = async (name: string, bytes: Uint8Array) => {
  const reply = await uploadWhole(server, ada, folder, name, bytes)
  expect(reply.status, JSON.stringify(reply.body)).toBe(201)
  return reply.body.data.lab.id as string
}

describe("failing builds", () => {
  it("fails a decompression bomb and a truncated TIFF, and keeps serving", async () => {
    const bomb = new Uint8Array(
      await sharp({ create: { width: 6000, height: 6000, channels: 3, background: "#ffffff" } })
        .png()
        .toBuffer()
    )
    expect(bomb.length).toBeLessThan(200_000)
    const whole = await noiseTiff(400, 400)
    const truncated = whole.subarray(0, Math.floor(whole.length * 0.6))

    const bombLab = await upload("bomb.png", bomb)
    const cutLab = await upload("cut.tif", truncated)
    for (const id of [bombLab, cutLab]) {
      const lab = await waitForStatus(server, ada, id, ["ready", "failed"])
      expect(lab).toMatchObject({ status: "failed", tile_source: null, thumbnail: null })
      expect((await jobOf(id)).state).toBe("failed")
    }
    expect((await jobOf(bombLab)).error).toMatch(/^too-large/)
    expect((await jobOf(cutLab)).error).toMatch(/^corrupt/)

    const good = await upload("fine.png", await smallImage("png", 100, 100))
    expect((await waitForStatus(server, ada, good, ["ready", "failed"])).status).toBe("ready")
  })

  it("queues a crashed build again instead of failing it", async () => {
    const id = await upload("vanishing.png", await smallImage("png", 80, 80))
    await waitForStatus(server, ada, id, ["ready"])
    // Build it again after its original is gone: the child fails for a reason that is not the
    // image's (no such file), which is a crash to retry, not a rejection.
    const { blob_key } = await server.withDb((db) =>
      db.selectFrom("labs").select("blob_key").where("id", "=", id).executeTakeFirstOrThrow()
    )
    rmSync(join(server.config.dataDir, "blobs", blob_key!), { force: true })
    const requeued = new Date().toISOString()
    await server.withDb((db) =>
      db.updateTable("slide_jobs").set({ state: "queued", attempts: 0, run_after: requeued }).where("lab_id", "=", id).execute()
    )
    const deadline = Date.now() + 20_000
    let job = await jobOf(id)
    while (job.attempts === 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100))
      job = await jobOf(id)
    }
    while (job.state === "running" && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100))
      job = await jobOf(id)
    }
    expect(job).toMatchObject({ state: "queued", attempts: 1, error: expect.stringContaining("ENOENT") })
    expect(job.run_after > requeued).toBe(true)
    expect((await waitForStatus(server, ada, id, ["ready", "failed"])).status).toBe("ready")
  })
})

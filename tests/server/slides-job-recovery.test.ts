// Jobs survive a restart: a job that a dead process left "running" is claimed again once its lease
// (locked_until) has passed, and its slide becomes ready after the server starts again.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { person } from "./support/labs-api.ts"
import { restartable, smallImage, uploadWhole, waitForStatus } from "./support/slides-api.ts"

let servers: Awaited<ReturnType<typeof restartable>>
beforeAll(async () => {
  servers = await restartable()
})
afterAll(() => servers.dispose())

describe("job recovery", () => {
  it("picks up a job left running by a dead process after restart", async () => {
    let server = await servers.start()
    const ada = await person(server, "Ada")
    const reply = await uploadWhole(server, ada, "root", "slide.png", await smallImage("png", 200, 150))
    const labId = reply.body.data.lab.id
    await waitForStatus(server, ada, labId, ["ready"])
    await servers.stop()

    // As a process that died mid-build leaves it: the job running under a lapsed lease, the lab
    // still processing, nothing built.
    const lapsed = new Date(Date.now() - 60_000).toISOString()
    await server.withDb(async (db) => {
      await db.updateTable("slide_jobs").set({ state: "running", attempts: 1, locked_until: lapsed }).where("lab_id", "=", labId).execute()
      await db
        .updateTable("labs")
        .set({ status: "processing", slide_key: null, width: null, height: null })
        .where("id", "=", labId)
        .execute()
    })

    server = await servers.start()
    const ready = await waitForStatus(server, ada, labId, ["ready", "failed"])
    expect(ready).toMatchObject({ status: "ready", width: 200, height: 150, tile_source: expect.stringContaining(labId) })
    const job = await server.withDb((db) => db.selectFrom("slide_jobs").selectAll().where("lab_id", "=", labId).executeTakeFirstOrThrow())
    expect(job).toMatchObject({ state: "done", attempts: 2, locked_until: null })
  })
})

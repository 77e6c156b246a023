// Analysis jobs survive a restart and are never completed twice: a job a dead process left running
// (its lease lapsed, half its detections written) is claimed again after the server starts, what the
// dead attempt wrote is removed, and the job ends done once, with one set of results.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { paidUser, plantedSlide, startKi67, waitForJob } from "./support/analysis-api.ts"
import { annotationCount } from "./support/annotations-api.ts"
import { restartable } from "./support/slides-api.ts"

let servers: Awaited<ReturnType<typeof restartable>>
beforeAll(async () => {
  servers = await restartable()
})
afterAll(() => servers.dispose())

describe("analysis recovery", () => {
  it("runs a job left running by a dead process again after restart, its partial results replaced", async () => {
    let server = await servers.start()
    const owner = await paidUser(server, "Owner")
    const slide = await plantedSlide(server, owner, { width: 800, height: 600 })
    const started = await startKi67(server, owner, slide.labId)
    expect(started.status, JSON.stringify(started.body)).toBe(202)
    const first = await waitForJob(server, owner, started.body.data.id)
    expect(first.state).toBe("done")
    await servers.stop()

    // As a process that died mid-run leaves it: running under a lapsed lease, half its detections
    // written (the other half deleted here), no summary.
    const lapsed = new Date(Date.now() - 120_000).toISOString()
    await server.withDb(async (db) => {
      await db
        .updateTable("analysis_jobs")
        .set({ state: "running", attempts: 1, locked_until: lapsed, percent: 50, summary: null, finished_at: null })
        .where("id", "=", first.id)
        .execute()
      const half = await db
        .selectFrom("annotations")
        .select("id")
        .where("analysis_id", "=", first.id)
        .limit(Math.floor(first.detections / 2))
        .execute()
      await db
        .deleteFrom("annotations")
        .where(
          "id",
          "in",
          half.map((r) => r.id)
        )
        .execute()
    })

    server = await servers.start()
    const again = await waitForJob(server, owner, first.id)
    expect(again).toMatchObject({ state: "done", percent: 100, detections: first.detections, summary: first.summary })
    // One set of results: the dead attempt's detections were removed before the new run wrote its own.
    expect(await annotationCount(server, owner, slide.labId)).toBe(first.detections)
    const row = await server.withDb((db) => db.selectFrom("analysis_jobs").selectAll().where("id", "=", first.id).executeTakeFirstOrThrow())
    expect(row).toMatchObject({ state: "done", attempts: 2, locked_until: null })
  })

  it("takes up a job still waiting when the server stopped", async () => {
    const server = await servers.start()
    const owner = await paidUser(server, "Waiting")
    const slide = await plantedSlide(server, owner, { width: 600, height: 400, seed: 5 })
    const started = await startKi67(server, owner, slide.labId)
    await waitForJob(server, owner, started.body.data.id)
    await servers.stop()
    // Back to accepted, its results gone, as a job accepted just before a shutdown is.
    await server.withDb(async (db) => {
      await db.deleteFrom("annotations").where("analysis_id", "=", started.body.data.id).execute()
      await db
        .updateTable("analysis_jobs")
        .set({ state: "accepted", attempts: 0, percent: 0, detections: 0, summary: null, finished_at: null })
        .where("id", "=", started.body.data.id)
        .execute()
    })
    const next = await servers.start()
    const done = await waitForJob(next, owner, started.body.data.id)
    expect(done.state).toBe("done")
    expect(done.detections).toBeGreaterThan(0)
    expect(await annotationCount(next, owner, slide.labId)).toBe(done.detections)
  })
})

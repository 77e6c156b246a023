// Analyses over HTTP (src/contract/analysis.ts), on SQLite and on PostgreSQL (DATABASE_URL): a Ki67 run
// on a slide of planted nuclei goes accepted -> running -> done with the right counts, heard live on the
// slide's channel, its detections read-only and removed in one call; counting; the paid-plan gate and
// the plan's limit; who may start, follow, cancel and remove.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { api, type SignedIn } from "../support/api.ts"
import { connectPusher, subscribed } from "../support/pusher.ts"
import { type StartedServer, startServer } from "../support/start-server.ts"
import { jobOf, paidUser, plantedSlide, startKi67, waitForJob } from "./support/analysis-api.ts"
import { annotationCount, listAnnotations } from "./support/annotations-api.ts"
import { makePublic, person, share } from "./support/labs-api.ts"

let server: StartedServer
let owner: SignedIn
let slide: Awaited<ReturnType<typeof plantedSlide>>

beforeAll(async () => {
  server = await startServer()
  owner = await paidUser(server, "Owner")
  slide = await plantedSlide(server, owner)
})
afterAll(() => server.stop())

describe("a Ki67 analysis of the whole slide", () => {
  let job: { id: string; detections: number; summary: Record<string, number | null> }

  it("is accepted at once, heard live on the slide's channel, and done with the planted counts", async () => {
    const listener = connectPusher(server, owner.access)
    const channel = listener.subscribe(`private-mylab_${slide.labId}`)
    await subscribed(channel)
    const heard: Array<{ state: string; percent: number; done: boolean; user_id: string }> = []
    let created = 0
    channel.bind(`ai_annotation_${slide.labId}`, (data: { state: string; percent: number; done: boolean; user_id: string }) =>
      heard.push(data)
    )
    channel.bind(`create_annotation_${slide.labId}`, (data: { count: number }) => {
      created += data.count
    })
    try {
      const reply = await startKi67(server, owner, slide.labId)
      expect(reply.status, JSON.stringify(reply.body)).toBe(202)
      expect(reply.body.data).toMatchObject({ state: "accepted", done: false, analysis: "ki67", region: { type: "slide" } })
      expect(reply.body.data.parameters).toMatchObject({ thresholds: [0.2, 0.4, 0.6], minAreaUm2: 10, maxAreaUm2: 400 })
      job = await waitForJob(server, owner, reply.body.data.id)
      expect(job).toMatchObject({ state: "done", percent: 100, done: true, error: null })
      const planted = slide.nuclei.length
      // Counts within 3 %, the index within 3 points (JPEG tiles of the pyramid, not the PNG itself).
      expect(Math.abs(job.summary.nuclei! - planted) / planted).toBeLessThanOrEqual(0.03)
      expect(Math.abs(job.summary.ki67_index! - slide.positive)).toBeLessThanOrEqual(3)
      expect(job.summary.positive! + job.summary.negative!).toBe(job.summary.nuclei)
      expect(job.detections).toBe(job.summary.nuclei)
      await expect.poll(() => heard.some((m) => m.state === "done" && m.done)).toBe(true)
      expect(heard.map((m) => m.state)).toContain("running")
      expect(new Set(heard.map((m) => m.user_id))).toEqual(new Set([owner.id]))
      await expect.poll(() => created).toBe(job.detections)
    } finally {
      listener.disconnect()
    }
  })

  it("leaves one annotation per nucleus, under the positive and negative labels, carrying its measurements", async () => {
    expect(await annotationCount(server, owner, slide.labId)).toBe(job.detections)
    const labels = (await api(server).get(`/v2/labs/label-slide/?lab_id=${slide.labId}`, { token: owner.access })).body.data
    const names = (labels.results ?? labels).map((l: { name: string; color: string }) => `${l.name} ${l.color}`)
    expect(names).toEqual(expect.arrayContaining(["Ki67 positive #8B4513", "Ki67 negative #3B82F6"]))
    const first = (await listAnnotations(server, owner, slide.labId)).body.data.results[0]
    expect(first.data.target.selector.value).toMatch(/^<svg><circle cx='[\d.]+' cy='[\d.]+' r='0'\/><\/svg>$/)
    expect(first.data.description).toMatch(/Area µm\^2: [\d.]+; DAB OD mean: [\d.]+/)
    expect(first.data.locked).toBe(true)
  })

  it("refuses to edit or delete a detection, with a clear reason", async () => {
    const first = (await listAnnotations(server, owner, slide.labId)).body.data.results[0]
    const path = `/v2/labs/${slide.labId}/annotations/${first.id}/`
    const edit = await api(server).put(path, { version: first.version, visible: false }, { token: owner.access })
    expect(edit.status).toBe(403)
    expect(edit.body).toMatchObject({ code: "detection", message: expect.stringMatching(/made by an analysis and is read-only/) })
    expect((await api(server).delete(path, { token: owner.access })).status).toBe(403)
  })

  it("removes every result in one call and one message, and keeps the job as a record", async () => {
    const listener = connectPusher(server, owner.access)
    const channel = listener.subscribe(`private-mylab_${slide.labId}`)
    await subscribed(channel)
    const bulk: Array<{ action: string; count: number }> = []
    channel.bind(`bulk_annotation_${slide.labId}`, (data: { action: string; count: number }) => bulk.push(data))
    try {
      const reply = await api(server).delete(`/v2/ai/jobs/${job.id}/results/`, { token: owner.access })
      expect(reply.status, JSON.stringify(reply.body)).toBe(200)
      expect(reply.body.data.removed).toBe(job.detections)
      expect(await annotationCount(server, owner, slide.labId)).toBe(0)
      await expect.poll(() => bulk).toEqual([expect.objectContaining({ action: "deleted", count: job.detections })])
      expect((await jobOf(server, owner, job.id)).body.data).toMatchObject({ state: "done", removed: true })
    } finally {
      listener.disconnect()
    }
  })
})

describe("counting", () => {
  it("counts blobs of a colour within a region annotation", async () => {
    const label = (await api(server).post("/v2/labs/label-slide/", { lab_id: slide.labId, name: "Region" }, { token: owner.access })).body
      .data
    // The left half of the slide.
    const region = await api(server).post(
      `/v2/labs/${slide.labId}/v2/annotations/`,
      {
        data: [
          {
            id: crypto.randomUUID(),
            data: {
              type: "Annotation",
              body: [{ type: "TextualBody", purpose: "tagging", value: "Region", label: { id: label.id } }],
              target: { source: slide.labId, selector: { type: "FragmentSelector", value: "xywh=pixel:0,0,600,900" } }
            }
          }
        ]
      },
      { token: owner.access }
    )
    expect(region.status, JSON.stringify(region.body)).toBe(201)
    const regionId = region.body.data.results[0].id
    // Negative nuclei: hematoxylin blue-violet; a generous tolerance takes the whole range planted.
    const reply = await api(server).post(
      "/v2/ai/counting/",
      {
        lab_id: slide.labId,
        region: { type: "annotation", annotation_id: regionId },
        parameters: { color: "#5a5a9c", tolerance: 70, min_area: 30, max_area: 200 }
      },
      { token: owner.access }
    )
    expect(reply.status, JSON.stringify(reply.body)).toBe(202)
    const done = await waitForJob(server, owner, reply.body.data.id)
    const expected = slide.nuclei.filter((n) => n.dab < 0.2 && n.x < 600).length
    expect(done.state).toBe("done")
    expect(Math.abs(done.summary.count - expected)).toBeLessThanOrEqual(Math.ceil(expected * 0.1))
    expect(done.detections).toBe(done.summary.count)
  })

  it("refuses a region that is not a closed shape of this slide", async () => {
    const reply = await api(server).post(
      "/v2/ai/counting/",
      { lab_id: slide.labId, region: { type: "annotation", annotation_id: crypto.randomUUID() }, parameters: { color: "#5a5a9c" } },
      { token: owner.access }
    )
    expect(reply.status).toBe(400)
    expect(reply.body.data).toEqual([expect.stringMatching(/not an annotation of this slide/)])
  })
})

describe("plans", () => {
  it("answers a free plan 402 with the way to a paid plan", async () => {
    const free = await person(server, "Free")
    await share(server, owner, slide.labId, free, "admin")
    const reply = await startKi67(server, free, slide.labId)
    expect(reply.status).toBe(402)
    expect(reply.body).toMatchObject({
      code: "paid_feature",
      feature: "ai_analysis",
      plan: "free",
      message: expect.stringMatching(/paid plans/)
    })
    expect((await api(server).get("/v2/ai/usage/", { token: free.access })).body.data).toMatchObject({
      plan: "free",
      limit: 0,
      remaining: 0
    })
  })

  it("counts analyses against the period's limit, with a clear message when they are used up", async () => {
    const usage = (await api(server).get("/v2/ai/usage/", { token: owner.access })).body.data
    expect(usage).toMatchObject({ plan: "basic", limit: 100, used: 2, remaining: 98 })
    // As if 98 more had run this period.
    const [job] = await server.withDb((db) => db.selectFrom("analysis_jobs").selectAll().where("user_id", "=", owner.id).limit(1).execute())
    await server.withDb((db) =>
      db
        .insertInto("analysis_jobs")
        .values(Array.from({ length: 98 }, () => ({ ...job!, id: crypto.randomUUID() })))
        .execute()
    )
    const reply = await startKi67(server, owner, slide.labId)
    expect(reply.status).toBe(402)
    expect(reply.body).toMatchObject({ code: "analysis_limit", message: expect.stringMatching(/100 analyses for this period are used up/) })
    await server.withDb((db) =>
      db
        .deleteFrom("analysis_jobs")
        .where("user_id", "=", owner.id)
        .where("id", "!=", job!.id)
        .where("analysis", "=", job!.analysis)
        .where("created_at", "=", job!.created_at)
        .execute()
    )
  })
})

describe("who may", () => {
  it("lets a paid reviewer run and follow, a stranger nothing, a guest of a public slide nothing", async () => {
    const reviewer = await paidUser(server, "Reviewer")
    await share(server, owner, slide.labId, reviewer, "reviewer")
    const started = await startKi67(server, reviewer, slide.labId, { parameters: { min_area_um2: 1000, max_area_um2: 2000 } })
    expect(started.status, JSON.stringify(started.body)).toBe(202)
    const done = await waitForJob(server, reviewer, started.body.data.id)
    expect(done.summary.nuclei).toBe(0)

    const stranger = await paidUser(server, "Stranger")
    expect((await startKi67(server, stranger, slide.labId)).status).toBe(404)
    expect((await jobOf(server, stranger, started.body.data.id)).status).toBe(404)
    await makePublic(server, owner, slide.labId)
    expect((await startKi67(server, stranger, slide.labId)).status).toBe(403)
    expect((await startKi67(server, undefined, slide.labId)).status).toBe(401)
    await makePublic(server, owner, slide.labId, "false")
  })

  it("lets only the requester, the owner or an admin cancel; a cancelled run writes nothing more", async () => {
    const reviewer = await paidUser(server, "Other reviewer")
    // A larger slide, so that the run is still going when it is cancelled: about 4,800 nuclei.
    const big = await plantedSlide(server, owner, { width: 4000, height: 3000, seed: 8 })
    await share(server, owner, big.labId, reviewer, "reviewer")
    const started = await startKi67(server, owner, big.labId)
    const id = started.body.data.id
    // Under way, with a first batch written.
    await expect
      .poll(async () => (await jobOf(server, owner, id)).body.data.detections, { timeout: 30_000, interval: 50 })
      .toBeGreaterThan(0)
    expect((await api(server).post(`/v2/ai/jobs/${id}/cancel/`, undefined, { token: reviewer.access })).status).toBe(403)
    expect((await api(server).delete(`/v2/ai/jobs/${id}/results/`, { token: owner.access })).status).toBe(409)
    const cancelled = await api(server).post(`/v2/ai/jobs/${id}/cancel/`, undefined, { token: owner.access })
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200)
    expect(cancelled.body.data).toMatchObject({ state: "cancelled", done: true, detections: 0 })
    // The worker finds its claim gone at its next batch and stops: nothing it found stays, and it
    // never marks the job done.
    await new Promise((r) => setTimeout(r, 2500))
    expect((await jobOf(server, owner, id)).body.data).toMatchObject({ state: "cancelled", detections: 0, summary: null })
    expect(await annotationCount(server, owner, big.labId)).toBe(0)
    expect((await api(server).post(`/v2/ai/jobs/${id}/cancel/`, undefined, { token: owner.access })).status).toBe(409)
    // Its results removed by a reviewer who did not ask for it: refused.
    expect((await api(server).delete(`/v2/ai/jobs/${id}/results/`, { token: reviewer.access })).status).toBe(403)
  })
})

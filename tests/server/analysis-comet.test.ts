// The comet assay over HTTP (POST /v2/ai/analysis/ with analysis "comet"): on a fluorescence image of
// planted comets of known % DNA in tail (tests/support/planted-comets.ts), the job finds every comet
// (through the pyramid's JPEG tiles), leaves one read-only box per comet labelled "Comet" with its
// measures, and sums up the population's mean and median. Paid plans only (402); parameters out of
// range or contradicting each other are a 400 that starts nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { meanAndMedian } from "../../server/ai/comet/comet.ts"
import { api, type SignedIn } from "../support/api.ts"
import { type StartedServer, startServer } from "../support/start-server.ts"
import { cometSlide, paidUser, waitForJob } from "./support/analysis-api.ts"
import { annotationCount, listAnnotations } from "./support/annotations-api.ts"
import { person, share } from "./support/labs-api.ts"

let server: StartedServer
let owner: SignedIn
let slide: Awaited<ReturnType<typeof cometSlide>>

const startComet = (who: SignedIn, labId: string, parameters?: Record<string, unknown>) =>
  api(server).post("/v2/ai/analysis/", { lab_id: labId, analysis: "comet", ...(parameters ? { parameters } : {}) }, { token: who.access })

beforeAll(async () => {
  server = await startServer()
  owner = await paidUser(server, "Comet Owner")
  slide = await cometSlide(server, owner)
}, 120_000)
afterAll(() => server.stop())

describe("a comet assay analysis", () => {
  it("finds every comet, with the population's % DNA in tail close to the planted", async () => {
    const reply = await startComet(owner, slide.labId)
    expect(reply.status, JSON.stringify(reply.body)).toBe(202)
    expect(reply.body.data.parameters).toEqual({ threshold: 25, minArea: 100, maxArea: 50000 })
    const job = await waitForJob(server, owner, reply.body.data.id)
    expect(job).toMatchObject({ state: "done", error: null })
    expect(job.summary.comets).toBe(slide.comets.length)
    expect(job.detections).toBe(slide.comets.length)
    const truth = meanAndMedian(slide.comets.map((c) => c.tailDnaPct))
    expect(Math.abs(job.summary.mean_tail_dna_pct - truth.mean!)).toBeLessThan(1.5)
    expect(Math.abs(job.summary.median_tail_dna_pct - truth.median!)).toBeLessThan(2)
    const length = meanAndMedian(slide.comets.map((c) => c.tailLength))
    expect(Math.abs(job.summary.mean_tail_length - length.mean!)).toBeLessThan(2)
    for (const key of ["tail_moment", "olive_moment"]) {
      expect(job.summary[`mean_${key}`]).toBeGreaterThan(0)
      expect(job.summary[`median_${key}`]).toBeGreaterThan(0)
    }
  })

  it("leaves each comet as a read-only box labelled Comet, with its measures in pixels", async () => {
    expect(await annotationCount(server, owner, slide.labId)).toBe(slide.comets.length)
    const results = (await listAnnotations(server, owner, slide.labId)).body.data.results
    for (const annotation of results) {
      const match = /^Tail DNA %: ([\d.]+); Tail length px: ([\d.]+); Tail moment: [\d.]+; Olive tail moment: [\d.]+$/.exec(
        annotation.data.description
      )
      expect(match, annotation.data.description).not.toBeNull()
      expect(annotation.data.locked).toBe(true)
      const points = /points='([^']+)'/.exec(annotation.data.target.selector.value)![1]!.split(" ")
      expect(points.length).toBe(4)
      // The box holds a planted comet's head, and that comet's % DNA in tail is the measured one.
      const [x0, y0] = points[0]!.split(",").map(Number) as [number, number]
      const [x1, y1] = points[2]!.split(",").map(Number) as [number, number]
      const planted = slide.comets.find((c) => c.x > x0 && c.x < x1 && c.y > y0 && c.y < y1)
      expect(planted).toBeDefined()
      expect(Math.abs(Number(match![1]) - planted!.tailDnaPct)).toBeLessThan(3)
    }
  })
})

describe("refusals", () => {
  it("answers 400 for parameters out of range or the wrong way round, and starts nothing", async () => {
    const before = (await api(server).get(`/v2/ai/jobs/?lab_id=${slide.labId}`, { token: owner.access })).body.data.results.length
    for (const parameters of [{ threshold: 0 }, { threshold: 300 }, { min_area: -1 }, { max_area: "big" }]) {
      const reply = await startComet(owner, slide.labId, parameters)
      expect(reply.status, JSON.stringify(parameters)).toBe(400)
    }
    const crossed = await startComet(owner, slide.labId, { min_area: 500, max_area: 100 })
    expect(crossed.status).toBe(400)
    expect(crossed.body.data).toEqual(["min_area must be below max_area."])
    const after = (await api(server).get(`/v2/ai/jobs/?lab_id=${slide.labId}`, { token: owner.access })).body.data.results.length
    expect(after).toBe(before)
  })

  it("answers a free plan 402", async () => {
    const free = await person(server, "Free Geneticist")
    await share(server, owner, slide.labId, free, "admin")
    const refused = await startComet(free, slide.labId)
    expect(refused.status).toBe(402)
    expect(refused.body).toMatchObject({ code: "paid_feature", feature: "ai_analysis", plan: "free" })
  })
})

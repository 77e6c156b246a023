// The Fasciola analysis over HTTP (POST /v2/ai/analysis/ with analysis "fasciola"): on a stool image of
// planted eggs, touching pairs and debris (tests/support/planted-eggs.ts), the job counts every egg,
// leaves one read-only ellipse per egg labelled "Fasciola egg" with its length, width and area, and
// sums up the count, eggs per gram of the weight given, the mean size and the rejected objects by
// reason. Paid plans only (402); parameters out of range or contradicting each other are a 400 that
// starts nothing; a slide without a resolution cannot be measured in µm (400).
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { api, type SignedIn } from "../support/api.ts"
import { type StartedServer, startServer } from "../support/start-server.ts"
import { eggSlide, paidUser, waitForJob } from "./support/analysis-api.ts"
import { annotationCount, listAnnotations } from "./support/annotations-api.ts"
import { person, share } from "./support/labs-api.ts"

let server: StartedServer
let owner: SignedIn
let slide: Awaited<ReturnType<typeof eggSlide>>

const startFasciola = (who: SignedIn, labId: string, parameters?: Record<string, unknown>) =>
  api(server).post(
    "/v2/ai/analysis/",
    { lab_id: labId, analysis: "fasciola", ...(parameters ? { parameters } : {}) },
    { token: who.access }
  )

const jobCount = async (who: SignedIn, labId: string) =>
  (await api(server).get(`/v2/ai/jobs/?lab_id=${labId}`, { token: who.access })).body.data.results.length

beforeAll(async () => {
  server = await startServer()
  owner = await paidUser(server, "Fasciola Owner")
  slide = await eggSlide(server, owner)
}, 120_000)
afterAll(() => server.stop())

describe("a Fasciola analysis", () => {
  it("counts the planted eggs, with eggs per gram of the sample weight and the mean size", async () => {
    const reply = await startFasciola(owner, slide.labId, { sample_weight_g: 0.5 })
    expect(reply.status, JSON.stringify(reply.body)).toBe(202)
    expect(reply.body.data).toMatchObject({ analysis: "fasciola", state: "accepted" })
    expect(reply.body.data.parameters).toEqual({
      minLengthUm: 130,
      maxLengthUm: 150,
      minWidthUm: 63,
      maxWidthUm: 90,
      tolerancePct: 10,
      minSaturation: 0.3,
      split: true,
      sampleWeightG: 0.5
    })
    const job = await waitForJob(server, owner, reply.body.data.id)
    expect(job).toMatchObject({ state: "done", error: null })
    const planted = slide.eggs.length
    expect(job.summary.count).toBe(planted)
    expect(job.detections).toBe(planted)
    expect(job.summary.eggs_per_gram).toBe(planted / 0.5)
    const meanLength = slide.eggs.reduce((s, e) => s + e.lengthUm, 0) / planted
    const meanWidth = slide.eggs.reduce((s, e) => s + e.widthUm, 0) / planted
    expect(Math.abs(job.summary.mean_length_um / meanLength - 1)).toBeLessThan(0.03)
    expect(Math.abs(job.summary.mean_width_um / meanWidth - 1)).toBeLessThan(0.03)
    // The yellow-brown debris is rejected by reason; the specks, the too long, short and narrow ones.
    expect(job.summary).toMatchObject({
      rejected_speck: slide.debris.speck,
      rejected_long: slide.debris.long,
      rejected_short: slide.debris.short,
      rejected_narrow: slide.debris.narrow
    })
    expect(job.summary.rejected).toBe(slide.debris.speck + slide.debris.long + slide.debris.short + slide.debris.narrow)
  })

  it("draws each egg as a read-only ellipse labelled Fasciola egg, with its measurements", async () => {
    expect(await annotationCount(server, owner, slide.labId)).toBe(slide.eggs.length)
    const labels = (await api(server).get(`/v2/labs/label-slide/?lab_id=${slide.labId}`, { token: owner.access })).body.data
    expect((labels.results ?? labels).map((l: { name: string }) => l.name)).toContain("Fasciola egg")
    const results = (await listAnnotations(server, owner, slide.labId)).body.data.results
    for (const annotation of results) {
      const points = /points='([^']+)'/.exec(annotation.data.target.selector.value)![1]!.split(" ")
      expect(points.length).toBe(64)
      const match = /^Length µm: ([\d.]+); Width µm: ([\d.]+); Area µm\^2: (\d+)$/.exec(annotation.data.description)
      expect(match, annotation.data.description).not.toBeNull()
      const [length, width] = [Number(match![1]), Number(match![2])]
      expect(length).toBeGreaterThan(125)
      expect(width).toBeLessThan(95)
      expect(annotation.data.locked).toBe(true)
      // The polygon's extent along its longest diameter is the egg's length.
      const xy = points.map((p: string) => p.split(",").map(Number) as [number, number])
      let longest = 0
      for (const a of xy) for (const b of xy) longest = Math.max(longest, Math.hypot(a[0] - b[0], a[1] - b[1]))
      expect(Math.abs(longest - length)).toBeLessThan(1.5)
    }
  })

  it("counts inside a selected region only: its eggs and its rejected objects", async () => {
    const label = (await api(server).post("/v2/labs/label-slide/", { lab_id: slide.labId, name: "Field 1" }, { token: owner.access })).body
      .data
    const made = await api(server).post(
      `/v2/labs/${slide.labId}/v2/annotations/`,
      {
        data: [
          {
            id: crypto.randomUUID(),
            data: {
              type: "Annotation",
              body: [{ type: "TextualBody", purpose: "tagging", value: "Field 1", label: { id: label.id } }],
              target: { source: slide.labId, selector: { type: "FragmentSelector", value: "xywh=pixel:0,0,720,960" } }
            }
          }
        ]
      },
      { token: owner.access }
    )
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    const reply = await api(server).post(
      "/v2/ai/analysis/",
      { lab_id: slide.labId, analysis: "fasciola", region: { type: "annotation", annotation_id: made.body.data.results[0].id } },
      { token: owner.access }
    )
    const job = await waitForJob(server, owner, reply.body.data.id)
    const inside = slide.eggs.filter((e) => e.x < 720)
    expect(inside.length).toBeGreaterThan(0)
    expect(inside.length).toBeLessThan(slide.eggs.length)
    expect(job.summary.count).toBe(inside.length)
    const rejectedInside = slide.debrisAt.filter((d) => d.x < 720 && d.reason !== "otherColour").length
    expect(job.summary.rejected).toBe(rejectedInside)
    // Some egg-coloured debris lies outside the region: counting it would be the whole slide's.
    expect(slide.debrisAt.some((d) => d.x >= 720 && d.reason !== "otherColour")).toBe(true)
    // The region's results go, so the later counts read the whole slide's again.
    expect((await api(server).delete(`/v2/ai/jobs/${job.id}/results/`, { token: owner.access })).status).toBe(200)
  })

  it("gives no eggs per gram without a weight", async () => {
    const reply = await startFasciola(owner, slide.labId)
    const job = await waitForJob(server, owner, reply.body.data.id)
    expect(job.summary.count).toBe(slide.eggs.length)
    expect(job.summary.eggs_per_gram).toBeNull()
  })
})

describe("refusals", () => {
  it("answers 400 for parameters out of range or contradicting each other, and starts nothing", async () => {
    const before = await jobCount(owner, slide.labId)
    for (const parameters of [
      { min_length_um: -5 },
      { tolerance_pct: 80 },
      { sample_weight_g: 0 },
      { sample_weight_g: "two" },
      { min_saturation: 2 }
    ]) {
      const reply = await startFasciola(owner, slide.labId, parameters)
      expect(reply.status, JSON.stringify(parameters)).toBe(400)
    }
    const crossed = await startFasciola(owner, slide.labId, { min_length_um: 160, max_length_um: 140 })
    expect(crossed.status).toBe(400)
    expect(crossed.body.data).toEqual(["min_length_um must be below max_length_um."])
    const widths = await startFasciola(owner, slide.labId, { min_width_um: 95, max_width_um: 90 })
    expect(widths.body.data).toEqual(["min_width_um must be below max_width_um."])
    const unknown = await api(server).post("/v2/ai/analysis/", { lab_id: slide.labId, analysis: "liver-fluke" }, { token: owner.access })
    expect(unknown.status).toBe(400)
    expect(await jobCount(owner, slide.labId)).toBe(before)
  })

  it("answers a free plan 402, and a slide without a resolution 400", async () => {
    const free = await person(server, "Free Parasitologist")
    await share(server, owner, slide.labId, free, "admin")
    const refused = await startFasciola(free, slide.labId)
    expect(refused.status).toBe(402)
    expect(refused.body).toMatchObject({ code: "paid_feature", feature: "ai_analysis", plan: "free" })
    const uncalibrated = await eggSlide(server, owner, { width: 480, height: 480, resolution: false })
    const reply = await startFasciola(owner, uncalibrated.labId)
    expect(reply.status, JSON.stringify(reply.body)).toBe(400)
    expect(reply.body.lab_id).toEqual([expect.stringMatching(/microns per pixel/)])
  })
})

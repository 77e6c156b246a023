// The stroke analysis over HTTP (POST /v2/ai/analysis/ with analysis "stroke"): on a TTC slice drawn
// with known areas, 3,000 px across (so it is read one pyramid level down), the job gives the
// hemispheres' and the infarct's areas in mm² within 3 %, the infarct %, the edema correction and the
// volume with a thickness, and leaves the outlines as read-only annotations under three labels. A
// slide without a resolution, a free plan and parameters out of range are refused and start nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { api, type SignedIn } from "../support/api.ts"
import { type StartedServer, startServer } from "../support/start-server.ts"
import { paidUser, SLICE_MPP, strokeSlide, waitForJob } from "./support/analysis-api.ts"
import { listAnnotations } from "./support/annotations-api.ts"
import { person, share } from "./support/labs-api.ts"

let server: StartedServer
let owner: SignedIn
let slide: Awaited<ReturnType<typeof strokeSlide>>
/** The right hemisphere swollen: 960 px wide against the left's 900. */
const SLICE = {
  width: 3000,
  height: 2400,
  centre: [1500, 1200] as const,
  left: 900,
  right: 960,
  half: 750,
  infarct: { x: 1950, y: 1150, r: 300 }
}
const MM2 = (SLICE_MPP / 1000) ** 2

const startStroke = (who: SignedIn, labId: string, parameters?: Record<string, unknown>) =>
  api(server).post("/v2/ai/analysis/", { lab_id: labId, analysis: "stroke", ...(parameters ? { parameters } : {}) }, { token: who.access })

const near = (actual: number, expected: number, pct: number) => expect(Math.abs(actual - expected) / expected).toBeLessThan(pct / 100)

beforeAll(async () => {
  server = await startServer()
  owner = await paidUser(server, "Stroke Owner")
  slide = await strokeSlide(server, owner, SLICE)
}, 120_000)
afterAll(() => server.stop())

describe("a stroke analysis of a TTC slice", () => {
  it("measures the hemispheres and the infarct in mm², with the edema correction and the volume", async () => {
    const reply = await startStroke(owner, slide.labId, { midline_x: 1500, slice_thickness_mm: 2 })
    expect(reply.status, JSON.stringify(reply.body)).toBe(202)
    expect(reply.body.data.parameters).toEqual({ backgroundValue: 0.2, infarctSaturation: 0.35, midlineX: 1500, sliceThicknessMm: 2 })
    const job = await waitForJob(server, owner, reply.body.data.id)
    expect(job).toMatchObject({ state: "done", error: null })
    const { left, right, infarct } = slide.areas
    const s = job.summary
    expect(s.infarcts).toBe(1)
    near(s.ipsilateral_area_mm2, right * MM2, 3)
    near(s.contralateral_area_mm2, left * MM2, 3)
    near(s.infarct_area_mm2, infarct * MM2, 3)
    near(s.infarct_pct, (100 * infarct) / right, 3)
    const corrected = left - (right - infarct)
    near(s.corrected_infarct_area_mm2, corrected * MM2, 3)
    near(s.corrected_infarct_pct, (100 * corrected) / left, 3)
    near(s.swelling_pct, (100 * (right - left)) / left, 8)
    near(s.infarct_volume_mm3, infarct * MM2 * 2, 3)
  })

  it("leaves the infarct and both hemispheres as read-only outlines, each with its area", async () => {
    const results = (await listAnnotations(server, owner, slide.labId)).body.data.results as Array<{
      data: { description: string; locked: boolean; body: Array<{ value: string }>; target: { selector: { value: string } } }
    }>
    const byLabel = new Map(results.map((a) => [a.data.body[0]!.value, a.data]))
    expect([...byLabel.keys()].sort()).toEqual(["Contralateral hemisphere", "Infarct", "Ipsilateral hemisphere"])
    const infarct = byLabel.get("Infarct")!
    expect(infarct.locked).toBe(true)
    expect(infarct.description).toMatch(/^Area mm\^2: [\d.]+; Side: right$/)
    near(Number(/Area mm\^2: ([\d.]+)/.exec(infarct.description)![1]), slide.areas.infarct * MM2, 3)
    // The outline sits on the drawn disc: its points are within a few pixels of the circle.
    const points = /points='([^']+)'/
      .exec(infarct.target.selector.value)![1]!
      .split(" ")
      .map((p) => p.split(",").map(Number))
    expect(points.length).toBeGreaterThan(16)
    for (const [x, y] of points) expect(Math.abs(Math.hypot(x! - SLICE.infarct.x, y! - SLICE.infarct.y) - SLICE.infarct.r)).toBeLessThan(6)
    expect(byLabel.get("Ipsilateral hemisphere")!.description).toContain("Side: right")
  })

  it("finds the midline itself on a symmetric slice", async () => {
    const symmetric = await strokeSlide(server, owner, { ...SLICE, right: 900 })
    const job = await waitForJob(server, owner, (await startStroke(owner, symmetric.labId)).body.data.id)
    expect(job.state).toBe("done")
    near(job.summary.ipsilateral_area_mm2, symmetric.areas.right * MM2, 3)
    near(job.summary.contralateral_area_mm2, symmetric.areas.left * MM2, 3)
    expect(Math.abs(job.summary.swelling_pct)).toBeLessThan(2)
  })
})

describe("a midline given as a line", () => {
  it("splits a swollen slice laid 10° askew along the tilted line drawn on it", async () => {
    // Swollen by 17 %: the automatic axis would lean toward the swollen side by some 60 px.
    const tilt = 10
    const askew = await strokeSlide(server, owner, { ...SLICE, right: 1050, tilt })
    // The slice's own axis, drawn bottom end first (as a user may): the order of the ends does not matter.
    const [sin, cos] = [Math.sin((tilt * Math.PI) / 180), Math.cos((tilt * Math.PI) / 180)]
    const midline = { x0: 1500 + 700 * sin, y0: 1200 + 700 * cos, x1: 1500 - 700 * sin, y1: 1200 - 700 * cos }
    const reply = await startStroke(owner, askew.labId, { midline })
    expect(reply.status, JSON.stringify(reply.body)).toBe(202)
    const job = await waitForJob(server, owner, reply.body.data.id)
    expect(job).toMatchObject({ state: "done", error: null })
    const { left, right, infarct } = askew.areas
    near(job.summary.ipsilateral_area_mm2, right * MM2, 3)
    near(job.summary.contralateral_area_mm2, left * MM2, 3)
    near(job.summary.infarct_area_mm2, infarct * MM2, 3)
    near(job.summary.corrected_infarct_area_mm2, (left - (right - infarct)) * MM2, 3)
  })
})

describe("refusals", () => {
  it("refuses a slide without a resolution, parameters out of range, and a free plan; none starts a job", async () => {
    const bare = (await strokeSlide(server, owner, SLICE, { resolution: false })).labId
    const unscaled = await startStroke(owner, bare)
    expect(unscaled.status).toBe(400)
    expect(JSON.stringify(unscaled.body)).toContain("mm²")
    for (const parameters of [
      { background_value: 0 },
      { infarct_saturation: 2 },
      { slice_thickness_mm: -1 },
      { midline_x: "middle" },
      { midline: { x0: 100, y0: 1200, x1: 2900, y1: 1300 } }
    ]) {
      expect((await startStroke(owner, slide.labId, parameters)).status, JSON.stringify(parameters)).toBe(400)
    }
    const free = await person(server, "Free Neurologist")
    await share(server, owner, slide.labId, free, "admin")
    const refused = await startStroke(free, slide.labId)
    expect(refused.status).toBe(402)
    expect(refused.body).toMatchObject({ code: "paid_feature", feature: "ai_analysis" })
    expect((await api(server).get(`/v2/ai/jobs/?lab_id=${bare}`, { token: owner.access })).body.data.results).toEqual([])
  })
})

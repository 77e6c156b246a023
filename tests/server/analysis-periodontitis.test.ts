// Periodontitis over HTTP (POST /v2/ai/analysis/ with analysis "periodontitis"): on a radiograph of three
// teeth drawn with 10 %, 25 % and 50 % bone loss, the landmarks sent as points (the first tooth's
// crest left to be found, the second's CEJ put 5 px off): each tooth's bone loss within 2 percentage
// points, stages I, II and III/IV, the mouth's stage III/IV and, at 40 years, grade C; the landmarks
// left as read-only points and each tooth's axis as a read-only open line; mm only with a resolution.
// Refusals: a CEJ on the apex, a landmark off the image, no teeth, a free plan.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { api, type SignedIn } from "../support/api.ts"
import { landmarksOf, threeTeeth, TOOTH } from "../support/planted-teeth.ts"
import { type StartedServer, startServer } from "../support/start-server.ts"
import { paidUser, radiographSlide, waitForJob } from "./support/analysis-api.ts"
import { listAnnotations } from "./support/annotations-api.ts"
import { person, share } from "./support/labs-api.ts"

let server: StartedServer
let owner: SignedIn
let labId: string
const MOUTH = threeTeeth(40)

const start = (who: SignedIn, lab: string, parameters: unknown) =>
  api(server).post("/v2/ai/analysis/", { lab_id: lab, analysis: "periodontitis", parameters }, { token: who.access })

const teeth = () => {
  const [first, second, third] = MOUTH.teeth.map(landmarksOf)
  return [{ cej: first!.cej, apex: first!.apex }, { ...second!, cej: { x: second!.cej.x, y: second!.cej.y - 5 } }, third!]
}

beforeAll(async () => {
  server = await startServer()
  owner = await paidUser(server, "Perio Owner")
  labId = await radiographSlide(server, owner, MOUTH)
}, 120_000)
afterAll(() => server.stop())

describe("periodontal bone loss", () => {
  it("measures each tooth within 2 points, stages and grades the mouth, and leaves the landmarks and axes", async () => {
    const reply = await start(owner, labId, { teeth: teeth(), age_years: 40 })
    expect(reply.status, JSON.stringify(reply.body)).toBe(202)
    expect(reply.body.data.parameters).toMatchObject({ ageYears: 40, snapPx: 8 })
    const job = await waitForJob(server, owner, reply.body.data.id)
    // Per tooth: CEJ, crest, apex and the axis.
    expect(job).toMatchObject({ state: "done", error: null, detections: 12 })
    const s = job.summary
    for (const [i, t] of MOUTH.teeth.entries()) expect(Math.abs(s[`tooth_${i + 1}_rbl_pct`] - t.rblPct)).toBeLessThan(2)
    expect([s.tooth_1_stage, s.tooth_2_stage, s.tooth_3_stage]).toEqual([1, 2, 3])
    expect(s).toMatchObject({ teeth: 3, stage: 3, grade: 3, age_years: 40 })
    expect(Math.abs(s.worst_rbl_pct - 50)).toBeLessThan(2)
    // The root is 300 px long, at 40 µm per pixel 12 mm (the axis runs along the tapering outline: a little longer).
    expect(Math.abs(s.tooth_3_root_mm - 12.06)).toBeLessThan(0.2)
    expect(Math.abs(s.tooth_3_cej_crest_mm - 6.03)).toBeLessThan(0.25)

    const results = (await listAnnotations(server, owner, labId)).body.data.results as Array<{
      data: { description: string; locked: boolean; body: Array<{ value: string }>; target: { selector: { value: string } } }
    }>
    const named = (name: string) => results.filter((a) => a.data.body[0]!.value === name)
    expect(named("Cemento-enamel junction")).toHaveLength(3)
    expect(named("Alveolar crest")).toHaveLength(3)
    expect(named("Root apex")).toHaveLength(3)
    const axes = named("Tooth axis")
    expect(axes).toHaveLength(3)
    for (const a of results) expect(a.data.locked).toBe(true)
    for (const axis of axes) expect(axis.data.target.selector.value).toContain("<polyline")
    const second = axes.find((a) => a.data.description.startsWith("Tooth: 2;"))!
    expect(second.data.description).toMatch(/^Tooth: 2; RBL %: 2\d\.\d; Stage: II; CEJ-crest mm: [\d.]+; Root mm: [\d.]+; Crest: given$/)
    // The second tooth's CEJ, put 5 px into the enamel, sits on the drawn junction.
    const cej = named("Cemento-enamel junction").find((a) => a.data.description.startsWith("Tooth: 2;"))!
    expect(cej.data.description).toMatch(/Snapped: yes$/)
    const y = Number(/cy='([\d.]+)'/.exec(cej.data.target.selector.value)?.[1])
    expect(Math.abs(y - TOOTH.cej)).toBeLessThan(1)
    expect(named("Tooth axis").find((a) => a.data.description.startsWith("Tooth: 1;"))!.data.description).toMatch(/Crest: found$/)
  })

  it("gives % without a resolution, mm only with one", async () => {
    const unscaled = await radiographSlide(server, owner, MOUTH, { resolution: false })
    const reply = await start(owner, unscaled, { teeth: [landmarksOf(MOUTH.teeth[1]!)] })
    expect(reply.status, JSON.stringify(reply.body)).toBe(202)
    const job = await waitForJob(server, owner, reply.body.data.id)
    expect(Math.abs(job.summary.tooth_1_rbl_pct - 25)).toBeLessThan(2)
    expect(job.summary).toMatchObject({ stage: 2, grade: null, tooth_1_root_mm: null, tooth_1_cej_crest_mm: null })
  })
})

describe("refusals", () => {
  it("refuses a CEJ on its apex, a landmark off the image, no teeth and a free plan", async () => {
    const flat = await start(owner, labId, { teeth: [{ cej: { x: 10, y: 10 }, apex: { x: 12, y: 14 } }] })
    expect(flat.status).toBe(400)
    expect(flat.body.data).toEqual(["Tooth 1: the apex must be at least 10 pixels from the CEJ."])
    const off = await start(owner, labId, { teeth: [{ cej: { x: 10, y: 10 }, apex: { x: 10, y: 900 } }] })
    expect(off.status).toBe(400)
    expect(JSON.stringify(off.body)).toContain("Every landmark must lie on the image (560 × 500 pixels).")
    expect((await start(owner, labId, { teeth: [] })).status).toBe(400)
    const free = await person(server, "Free Dentist")
    await share(server, owner, labId, free, "admin")
    expect((await start(free, labId, { teeth: teeth() })).status).toBe(402)
  })
})

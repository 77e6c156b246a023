// Carotid IMT over HTTP (POST /v2/ai/analysis/ with analysis "imt"): on a B-mode image of a far wall
// drawn with a known thickness, a rectangle over the wall as the region; the job's mean IMT within
// 0.05 mm, both interface traces left as read-only polylines across the rectangle, on the drawn
// interfaces. Refusals: no resolution, a range the wrong way round, a free plan.
import { randomUUID } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { api, type SignedIn } from "../support/api.ts"
import { curvedWall } from "../support/planted-wall.ts"
import { type StartedServer, startServer } from "../support/start-server.ts"
import { imtSlide, paidUser, waitForJob } from "./support/analysis-api.ts"
import { createLabel, listAnnotations, postAnnotations, rect, webAnnotation } from "./support/annotations-api.ts"
import { person, share } from "./support/labs-api.ts"

let server: StartedServer
let owner: SignedIn
let labId: string
let region: string
const WALL = curvedWall(800, 600, 50, 0.8)
/** Over the far wall: from above LI to below MA's bright adventitia, the lumen's lower part included. */
const BOX = { x: 100, y: 200, w: 600, h: 160 }

const startImt = (who: SignedIn, lab: string, extra: Record<string, unknown> = {}) =>
  api(server).post("/v2/ai/analysis/", { lab_id: lab, analysis: "imt", ...extra }, { token: who.access })

beforeAll(async () => {
  server = await startServer()
  owner = await paidUser(server, "IMT Owner")
  labId = await imtSlide(server, owner, WALL)
  const label = await createLabel(server, owner, labId, "Far wall", "#FFFFFF")
  region = randomUUID()
  const posted = await postAnnotations(server, owner, labId, [
    { id: region, data: webAnnotation(label.id, rect(BOX.x, BOX.y, BOX.w, BOX.h)) }
  ])
  expect(posted.status, JSON.stringify(posted.body)).toBeLessThan(300)
}, 120_000)
afterAll(() => server.stop())

describe("carotid IMT", () => {
  it("measures the far wall in the rectangle within 0.05 mm and leaves both traces across it", async () => {
    const reply = await startImt(owner, labId, { region: { type: "annotation", annotation_id: region } })
    expect(reply.status, JSON.stringify(reply.body)).toBe(202)
    expect(reply.body.data.parameters).toEqual({ minImtMm: 0.3, maxImtMm: 2.5 })
    const job = await waitForJob(server, owner, reply.body.data.id)
    expect(job).toMatchObject({ state: "done", error: null, detections: 2 })
    expect(Math.abs(job.summary.imt_mean_mm - 0.8)).toBeLessThan(0.05)
    expect(job.summary.imt_sd_mm).toBeLessThan(0.05)
    expect(job.summary.columns).toBe(BOX.w)

    const results = (await listAnnotations(server, owner, labId)).body.data.results as Array<{
      data: { description: string; locked: boolean; body: Array<{ value: string }>; target: { selector: { value: string } } }
    }>
    const traces = results.filter((a) => a.data.body[0]!.value.endsWith("interface"))
    expect(traces.map((a) => a.data.body[0]!.value).sort()).toEqual(["Lumen-intima interface", "Media-adventitia interface"])
    for (const trace of traces) {
      expect(trace.data.locked).toBe(true)
      expect(trace.data.description).toMatch(/^IMT mean mm: 0\.[78]\d\d; IMT max mm: [\d.]+; IMT SD mm: [\d.]+; Columns: 600$/)
      expect(trace.data.target.selector.value).toContain("<polyline")
    }
    // The lumen-intima trace lies on the drawn interface, across the rectangle.
    const li = traces.find((a) => a.data.body[0]!.value.startsWith("Lumen"))!
    const points = /points='([^']+)'/
      .exec(li.data.target.selector.value)![1]!
      .split(" ")
      .map((p) => p.split(",").map(Number))
    expect(points[0]![0]).toBeLessThan(BOX.x + 2)
    expect(points.at(-1)![0]).toBeGreaterThan(BOX.x + BOX.w - 2)
    for (const [x, y] of points) expect(Math.abs(y! - WALL.li(x!))).toBeLessThan(1.5)
  })
})

describe("refusals", () => {
  it("refuses an image without a resolution, a range the wrong way round and a free plan, starting nothing", async () => {
    const bare = await api(server).post(
      "/v2/ai/analysis/",
      { lab_id: labId, analysis: "imt", parameters: { min_imt_mm: 2, max_imt_mm: 1 } },
      { token: owner.access }
    )
    expect(bare.status).toBe(400)
    expect(bare.body.data).toEqual(["min_imt_mm must be below max_imt_mm."])
    const unscaled = await imtSlide(server, owner, WALL, { resolution: false })
    const noResolution = await startImt(owner, unscaled)
    expect(noResolution.status, JSON.stringify(noResolution.body)).toBe(400)
    expect(JSON.stringify(noResolution.body)).toContain("IMT is measured in mm")
    const free = await person(server, "Free Sonographer")
    await share(server, owner, labId, free, "admin")
    expect((await startImt(free, labId)).status).toBe(402)
    expect((await api(server).get(`/v2/ai/jobs/?lab_id=${unscaled}`, { token: owner.access })).body.data.results).toEqual([])
  })
})

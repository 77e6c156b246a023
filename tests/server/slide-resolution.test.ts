// A slide's resolution over HTTP (PUT /v2/labs/{id}/resolution/): its owner and admins may give it
// microns per pixel, a reviewer and a stranger may not; a folder has none; a value that is not a
// positive number up to MAX_MPP is a 400 naming mpp. Refused calls change nothing and record nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { MAX_MPP } from "../../src/contract/labs.ts"
import type { SignedIn } from "../support/api.ts"
import { type StartedServer, startServer } from "../support/start-server.ts"
import { createSlide } from "./support/annotations-api.ts"
import { client, createFolder, person, share } from "./support/labs-api.ts"

let server: StartedServer
let c: ReturnType<typeof client>
let ada: SignedIn
let grace: SignedIn
let rev: SignedIn
let eve: SignedIn
let folder = ""
beforeAll(async () => {
  server = await startServer()
  c = client(server)
  ada = await person(server, "Ada")
  grace = await person(server, "Grace")
  rev = await person(server, "Rosalind")
  eve = await person(server, "Eve")
  folder = (await createFolder(server, ada, "Cases")).id
  await share(server, ada, folder, grace, "admin")
  await share(server, ada, folder, rev, "reviewer")
})
afterAll(() => server.stop())

const auth = (who: SignedIn) => ({ token: who.access })
const calibrate = (who: SignedIn | null, labId: string, body: unknown) =>
  c.put(`/v2/labs/${labId}/resolution/`, body as Record<string, unknown>, who === null ? {} : auth(who))
const mppOf = async (labId: string) => (await c.get(`/v2/labs/${labId}/`, auth(ada))).body.data.mpp
const events = (labId: string) =>
  server.withDb((db) =>
    db
      .selectFrom("events")
      .select(["kind", "payload", "actor_id"])
      .where("lab_id", "=", labId)
      .where("kind", "=", "lab.metadata_changed")
      .execute()
  )

describe("a slide's resolution", () => {
  it("is set by the owner and by an admin, shown with the slide, and recorded", async () => {
    const slide = await createSlide(server, ada, folder)
    expect(await mppOf(slide)).toBeNull()
    const set = await calibrate(ada, slide, { mpp: 0.2527 })
    expect(set.status, JSON.stringify(set.body)).toBe(200)
    expect(set.body.message).toBe("Resolution saved.")
    expect(set.body.data.mpp).toBe(0.2527)
    expect(await mppOf(slide)).toBe(0.2527)
    const byAdmin = await calibrate(grace, slide, { mpp: 0.5 })
    expect(byAdmin.status).toBe(200)
    expect(await mppOf(slide)).toBe(0.5)
    // The info answer (the details panel) and the reviewer's view carry it too.
    expect((await c.get(`/v2/labs/${slide}/info/`, auth(rev))).body.data.mpp).toBe(0.5)
    const recorded = await events(slide)
    expect(recorded.map((e) => [e.actor_id, JSON.parse(e.payload).names])).toEqual([
      [ada.id, ["microns_per_pixel"]],
      [grace.id, ["microns_per_pixel"]]
    ])
  })

  it("is refused to a reviewer (403), a stranger (404) and a guest (401), and nothing changes", async () => {
    const slide = await createSlide(server, ada, folder)
    expect((await calibrate(rev, slide, { mpp: 0.25 })).status).toBe(403)
    expect((await calibrate(eve, slide, { mpp: 0.25 })).status).toBe(404)
    expect((await calibrate(null, slide, { mpp: 0.25 })).status).toBe(401)
    expect((await calibrate(ada, "00000000-0000-4000-8000-000000000000", { mpp: 0.25 })).status).toBe(404)
    expect(await mppOf(slide)).toBeNull()
    expect(await events(slide)).toEqual([])
  })

  it("refuses what is not a positive number of microns up to the most a microscope sees, naming mpp", async () => {
    const slide = await createSlide(server, ada, folder)
    for (const body of [{ mpp: 0 }, { mpp: -0.25 }, { mpp: MAX_MPP + 1 }, { mpp: "0.25" }, { mpp: null }, {}, { mpp: [0.25] }]) {
      const reply = await calibrate(ada, slide, body)
      expect(reply.status, JSON.stringify(body)).toBe(400)
      expect(Object.keys(reply.body.errors ?? reply.body), JSON.stringify(reply.body)).toContain("mpp")
    }
    expect((await calibrate(ada, slide, { mpp: MAX_MPP })).status).toBe(200)
    expect(await mppOf(slide)).toBe(MAX_MPP)
  })

  it("belongs to slides only: a folder is a 400 and keeps none", async () => {
    const reply = await calibrate(ada, folder, { mpp: 0.25 })
    expect(reply.status).toBe(400)
    expect(JSON.stringify(reply.body)).toContain("Only a slide has a resolution")
    expect(await mppOf(folder)).toBeNull()
  })
})

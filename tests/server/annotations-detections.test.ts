// An analysis' detections in the viewer's reads (issue 24): the compact read marks them (`detection`)
// and leaves their props out, since a million nuclei's measurements would be 100 MB of its header;
// the list still carries them whole, and GET /v2/labs/{labId}/annotations/{id}/ answers one of them,
// measurements and lock included, to whoever may read the list.
import { randomUUID } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { raiseRevision } from "../../server/db/annotation-revision.ts"
import { ki67Description } from "../../server/domain/analysis-rules.ts"
import { detectionRow } from "../../server/services/ai/analysis-results.ts"
import { insertKi67Labels } from "../support/analysis-labels.ts"
import type { SignedIn } from "../support/api.ts"
import { type StartedServer, startServer } from "../support/start-server.ts"
import { createLabel, createSlide, listAnnotations, newAnnotation, postAnnotations, readCompact, rect } from "./support/annotations-api.ts"
import { client, createFolder, makePublic, person, share } from "./support/labs-api.ts"

let server: StartedServer
let owner: SignedIn
let reviewer: SignedIn
let stranger: SignedIn
let slide: string
let otherSlide: string
let drawn: string
const nuclei: ReadonlyArray<string> = [randomUUID(), randomUUID()].sort()
const measurements = ki67Description(31.4, 0.512, 0.243, 2)

beforeAll(async () => {
  server = await startServer()
  owner = await person(server, "Owner")
  reviewer = await person(server, "Reviewer")
  stranger = await person(server, "Stranger")
  const folder = (await createFolder(server, owner, "Ki67 cases")).id
  await share(server, owner, folder, reviewer, "reviewer")
  slide = await createSlide(server, owner, folder)
  otherSlide = await createSlide(server, owner, folder)
  // One shape a person drew, with a description of their own, then two nuclei as the Ki67 analysis writes them.
  const tumour = await createLabel(server, owner, slide, "Tumour")
  const mine = newAnnotation(tumour.id, rect(10, 20, 30, 40))
  expect((await postAnnotations(server, owner, slide, [{ ...mine, data: { ...mine.data, description: "Invasive front" } }])).status).toBe(
    201
  )
  drawn = mine.id
  await server.withDb(async (db) => {
    const now = new Date(Date.now() + 1000).toISOString()
    const [, label] = await insertKi67Labels(db, slide, owner.id, now)
    const rows = [0, 1].map((i) => ({
      ...detectionRow(slide, randomUUID(), owner.id, now, i, { x: 100 + i, y: 200 + i, label, description: measurements }).row,
      id: nuclei[i]!
    }))
    await db.insertInto("annotations").values(rows).execute()
    await raiseRevision(db, slide)
  })
})
afterAll(() => server.stop())

const one = (who: SignedIn | undefined, labId: string, id: string) =>
  client(server).get(`/v2/labs/${labId}/annotations/${id}/`, { token: who?.access })

describe("the compact read of a slide with detections", () => {
  it("marks the detections and leaves their props out; the person's shape keeps its own", async () => {
    const compact = (await readCompact(server, reviewer, slide)).compact!
    expect(compact.ids).toEqual([drawn, ...nuclei])
    expect(Array.from(compact.detection!)).toEqual([0, 1, 1])
    expect(compact.props).toEqual({ 0: { description: "Invasive front" } })
    expect(Array.from(compact.kinds).slice(1)).toEqual([3, 3])
  })

  it("the list still carries each detection's measurements and lock", async () => {
    const listed = (await listAnnotations(server, reviewer, slide)).body.data.results as ReadonlyArray<{
      id: string
      data: { description?: string; locked?: boolean }
    }>
    expect(listed.filter((a) => nuclei.includes(a.id)).map((a) => [a.data.description, a.data.locked])).toEqual([
      [measurements, true],
      [measurements, true]
    ])
  })
})

describe("one annotation (GET /v2/labs/{labId}/annotations/{id}/)", () => {
  it("answers a detection with its measurements and lock, and a drawn shape as the list has it", async () => {
    const reply = await one(reviewer, slide, nuclei[1]!)
    expect(reply.status).toBe(200)
    expect(reply.body.data).toMatchObject({
      id: nuclei[1],
      data: { description: measurements, locked: true },
      user: { email: owner.email }
    })
    const listed = (await listAnnotations(server, owner, slide)).body.data.results.find((a: { id: string }) => a.id === drawn)
    expect((await one(owner, slide, drawn)).body.data).toEqual(listed)
  })

  it("is a 404 for an id that is not an annotation of this slide, and for a stranger; a guest 401", async () => {
    expect((await one(owner, otherSlide, nuclei[0]!)).status).toBe(404)
    expect((await one(owner, slide, randomUUID())).status).toBe(404)
    expect((await one(stranger, slide, nuclei[0]!)).status).toBe(404)
    expect((await one(undefined, slide, nuclei[0]!)).status).toBe(401)
  })

  it("a guest reads one of a public slide, without the author's email", async () => {
    await makePublic(server, owner, slide)
    const reply = await one(undefined, slide, nuclei[0]!)
    expect(reply.status).toBe(200)
    expect(reply.body.data).toMatchObject({ id: nuclei[0], data: { description: measurements }, user: { email: "" } })
  })
})

// The compact read takes an analysis' detections from the database aggregated (server/db/
// detection-groups.ts), a batch and label at a time, and places them among the person-drawn rows
// by time and ordinal. Whatever the grouping, every row must say exactly what the W3C list says of
// it: id, kind, label, author, version, flag, time and every coordinate bit for bit. On SQLite, or
// PostgreSQL with DATABASE_URL.
import { randomUUID } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { raiseRevision } from "../../server/db/annotation-revision.ts"
import { detectionRow, rotatedEllipse } from "../../server/services/ai/analysis-results.ts"
import { insertKi67Labels } from "../support/analysis-labels.ts"
import type { SignedIn } from "../support/api.ts"
import { type StartedServer, startServer } from "../support/start-server.ts"
import {
  createLabel,
  createSlide,
  listAnnotations,
  newAnnotation,
  postAnnotations,
  readCompact,
  rect,
  rowOfListed,
  rowsOfCompact
} from "./support/annotations-api.ts"
import { createFolder, person } from "./support/labs-api.ts"

let server: StartedServer
let owner: SignedIn
let slide: string
/** Ids of the detections in each batch, in the order they were written. */
const batches: Array<ReadonlyArray<string>> = []
let commented = ""

/** Times between the two drawings: `started` is set after the first is made, the batches a millisecond apart. */
let started = 0
const at = (offset: number) => new Date(started + offset).toISOString()

beforeAll(async () => {
  server = await startServer()
  owner = await person(server, "Owner")
  slide = await createSlide(server, owner, (await createFolder(server, owner, "Ki67")).id)
  const tumour = await createLabel(server, owner, slide, "Tumour")
  expect((await postAnnotations(server, owner, slide, [newAnnotation(tumour.id, rect(10, 20, 30, 40))])).status).toBe(201)
  started = Date.now() + 1
  await server.withDb(async (db) => {
    const labels = await insertKi67Labels(db, slide, owner.id, at(0))
    const job = randomUUID()
    // Three batches a millisecond apart: nuclei as points of both labels interleaved, and in the middle
    // one eggs as ellipses (many vertices), so a group's rows differ in their vertex counts there.
    for (let b = 0; b < 3; b++) {
      const rows = Array.from({ length: 60 }, (_, i) => {
        const label = labels[i % 3 === 0 ? 1 : 0]!
        const x = 1000 * b + i * 7.25
        const y = 500 + i * 3.5
        const outline = b === 1 && i % 2 === 0 ? rotatedEllipse(x, y, 20 + i, 10, i / 10) : undefined
        return detectionRow(slide, job, owner.id, at(b + 1), i, { x, y, label, description: `Area µm^2: ${i}`, outline }).row
      })
      batches.push(rows.map((row) => row.id))
      await db.insertInto("annotations").values(rows).execute()
    }
    // A detection someone commented on (not something an analysis writes, but the read must keep it).
    commented = batches[2]![5]!
    const row = await db.selectFrom("annotations").select("data").where("id", "=", commented).executeTakeFirstOrThrow()
    const data = JSON.parse(row.data) as { body: Array<unknown> }
    data.body.push({ type: "TextualBody", purpose: "commenting", value: "check this one" })
    await db
      .updateTable("annotations")
      .set({ data: JSON.stringify(data), comments: JSON.stringify(["check this one"]) })
      .where("id", "=", commented)
      .execute()
    await raiseRevision(db, slide)
  })
  const later = await createLabel(server, owner, slide, "Stroma")
  expect((await postAnnotations(server, owner, slide, [newAnnotation(later.id, rect(50, 60, 70, 80))])).status).toBe(201)
})
afterAll(() => server.stop())

describe("the compact read of grouped detections", () => {
  it("says of every row what the list says, bit for bit, the detections marked", async () => {
    const compact = (await readCompact(server, owner, slide)).compact!
    const listed = (await listAnnotations(server, owner, slide)).body.data.results.map(rowOfListed)
    expect(compact.count).toBe(listed.length)
    expect(listed.length).toBe(2 + 3 * 60)
    // The compact read leaves detections' props out (their measurements are read one at a time).
    const terms = (row: ReturnType<typeof rowOfListed>) => ({ ...row, props: undefined })
    const byId = new Map(rowsOfCompact(compact).map((row) => [row.id, terms(row)]))
    for (const row of listed) expect(byId.get(row.id), row.id).toEqual(terms(row))
    const detections = new Set(batches.flat())
    expect(compact.ids.filter((_, i) => compact.detection![i] === 1).sort()).toEqual([...detections].sort())
    expect(compact.comments).toEqual({ [compact.ids.indexOf(commented)]: ["check this one"] })
  })

  it("keeps time order: the first drawing, each batch in turn (grouped by label and kind, in written order), the last drawing", async () => {
    const compact = (await readCompact(server, owner, slide)).compact!
    const listed = (await listAnnotations(server, owner, slide)).body.data.results
    expect(compact.ids[0]).toBe(listed[0]!.id)
    expect(compact.ids.at(-1)).toBe(listed.at(-1)!.id)
    const times = Array.from(compact.created, (t) => compact.times[t]!)
    expect([...times].sort()).toEqual(times)
    for (const batch of batches) {
      // The commented one is read as a row, in its own place by its ordinal.
      const read = compact.ids.filter((id) => batch.includes(id) && id !== commented)
      // Within a label and kind, the order the analysis wrote them.
      const groupOf = (id: string) => `${compact.label[compact.ids.indexOf(id)]} ${compact.kinds[compact.ids.indexOf(id)]}`
      for (const group of new Set(read.map(groupOf))) {
        const inGroup = read.filter((id) => groupOf(id) === group)
        expect(inGroup).toEqual(batch.filter((id) => inGroup.includes(id)))
      }
    }
  })

  it("reads the detections created since a time alone, grouped the same way", async () => {
    const response = await fetch(`${server.url}/v2/labs/${slide}/annotations/compact/?created_since=${encodeURIComponent(at(3))}`, {
      headers: { authorization: `Bearer ${owner.access}` }
    })
    expect(response.status).toBe(200)
    const { decodeCompact } = await import("../../src/annotation/compact.ts")
    const since = decodeCompact(new Uint8Array(await response.arrayBuffer()))
    // The third batch and the drawing made after it (made after the batches' times).
    expect(since.ids.slice(0, 60).sort()).toEqual([...batches[2]!].sort())
    expect(since.count).toBe(61)
  })
})

// Undoing a label's deletion over HTTP (POST /v2/labs/label-slide/restore/): the deleter gets the
// label and every one of its annotations back with their ids, authors and versions, once; nobody else
// can (not found); a name taken meanwhile is a 400 that changes nothing; bad input is a 400.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { LABEL_PALETTE } from "../../src/annotation/palette.ts"
import type { SignedIn } from "../support/api.ts"
import { type StartedServer, startServer } from "../support/start-server.ts"
import { createLabel, createSlide, listAnnotations, newAnnotation, postAnnotations, rect } from "./support/annotations-api.ts"
import { client, createFolder, person, share } from "./support/labs-api.ts"

let server: StartedServer
let c: ReturnType<typeof client>
let ada: SignedIn
let grace: SignedIn
let rosa: SignedIn
let folder = ""
beforeAll(async () => {
  server = await startServer()
  c = client(server)
  ada = await person(server, "Ada")
  grace = await person(server, "Grace")
  rosa = await person(server, "Rosalind")
  folder = (await createFolder(server, ada, "Cases")).id
  await share(server, ada, folder, grace, "admin")
  await share(server, ada, folder, rosa, "reviewer")
})
afterAll(() => server.stop())

const auth = (who: SignedIn) => ({ token: who.access })
const restore = (who: SignedIn, deletionId: unknown) => c.post("/v2/labs/label-slide/restore/", { deletion_id: deletionId }, auth(who))
const remove = (who: SignedIn, labelId: string) => c.del(`/v2/labs/label-slide/${labelId}/`, undefined, auth(who))
const annotationsOf = async (slide: string) =>
  ((await listAnnotations(server, ada, slide)).body.data.results as Array<{ id: string; version: number; user: { id: string } }>)
    .map((a) => ({ id: a.id, version: a.version, author: a.user.id }))
    .sort((a, b) => a.id.localeCompare(b.id))
const labelsOf = async (slide: string) => (await c.get(`/v2/labs/label-slide/?lab_id=${slide}`, auth(ada))).body.data.results

/** A slide with Ki67 negative: two of Ada's annotations and one of Rosalind's, and a Stroma one of Ada's. */
const seeded = async () => {
  const slide = await createSlide(server, ada, folder)
  const negative = await createLabel(server, ada, slide, "Ki67 negative", "#3CB44B")
  const stroma = await createLabel(server, ada, slide, "Stroma")
  expect(
    (await postAnnotations(server, ada, slide, [newAnnotation(negative.id), newAnnotation(negative.id, rect(50, 50, 5, 5))])).status
  ).toBe(201)
  expect((await postAnnotations(server, rosa, slide, [newAnnotation(negative.id, rect(90, 90, 5, 5))])).status).toBe(201)
  expect((await postAnnotations(server, ada, slide, [newAnnotation(stroma.id)])).status).toBe(201)
  return { slide, negative, stroma }
}

describe("a label made without a colour", () => {
  it("takes the palette's first colour the slide lacks: the spec's yellow first", async () => {
    const slide = await createSlide(server, ada, folder)
    const first = await c.post("/v2/labs/label-slide/", { lab_id: slide, name: "Annotation" }, auth(ada))
    const second = await c.post("/v2/labs/label-slide/", { lab_id: slide, name: "Comment" }, auth(ada))
    const white = await c.post("/v2/labs/label-slide/", { lab_id: slide, name: "Blank", color: "" }, auth(ada))
    expect([first.body.data.color, second.body.data.color, white.body.data.color]).toEqual([LABEL_PALETTE[0], LABEL_PALETTE[1], "#FFFFFF"])
    expect(LABEL_PALETTE[0]).toBe("#FFFF00")
  })
})

describe("undoing a label's deletion", () => {
  it("gives the deleter the label and its annotations back as they were, once", async () => {
    const { slide, negative } = await seeded()
    const before = await annotationsOf(slide)
    const labelsBefore = await labelsOf(slide)
    const deleted = await remove(grace, negative.id)
    expect(deleted.status).toBe(200)
    expect(deleted.body.data).toMatchObject({ id: negative.id, annotations_deleted: 3, deletion_id: expect.any(String) })
    expect(await annotationsOf(slide)).toHaveLength(1)
    const restored = await restore(grace, deleted.body.data.deletion_id)
    expect(restored.status, JSON.stringify(restored.body)).toBe(200)
    expect(restored.body.data.annotations_restored).toBe(3)
    expect(restored.body.data.label).toMatchObject({ id: negative.id, name: "Ki67 negative", color: "#3CB44B" })
    // The same ids, versions and authors (Rosalind's shape is still hers).
    expect(await annotationsOf(slide)).toEqual(before)
    expect((await labelsOf(slide)).map((l: { id: string }) => l.id).sort()).toEqual(labelsBefore.map((l: { id: string }) => l.id).sort())
    // Once: the tombstones went with the undo.
    expect((await restore(grace, deleted.body.data.deletion_id)).status).toBe(404)
    const left = await server.withDb((db) => db.selectFrom("deleted_annotations").select("id").execute())
    expect(left.filter((r) => before.some((a) => a.id === r.id))).toEqual([])
  })

  it("is nobody else's: the owner, a reviewer and a stranger find nothing, and nothing changes", async () => {
    const { slide, negative } = await seeded()
    const deleted = await remove(grace, negative.id)
    const eve = await person(server, "Eve")
    for (const who of [ada, rosa, eve]) {
      const reply = await restore(who, deleted.body.data.deletion_id)
      expect(reply.status).toBe(404)
    }
    expect(await annotationsOf(slide)).toHaveLength(1)
    expect((await labelsOf(slide)).map((l: { name: string }) => l.name)).toEqual(["Stroma"])
  })

  it("is refused, changing nothing, when a label of that name was made meanwhile", async () => {
    const { slide, negative } = await seeded()
    const deleted = await remove(ada, negative.id)
    await createLabel(server, ada, slide, "Ki67 Negative")
    const reply = await restore(ada, deleted.body.data.deletion_id)
    expect(reply.status).toBe(400)
    expect(reply.body.errors?.name ?? reply.body.name).toBeTruthy()
    expect(await annotationsOf(slide)).toHaveLength(1)
    // Renamed, the way is clear and the undo still works.
    const clash = (await labelsOf(slide)).find((l: { name: string }) => l.name === "Ki67 Negative")
    await c.put(`/v2/labs/label-slide/${clash.id}/`, { name: "Ki67 neg (new)" }, auth(ada))
    expect((await restore(ada, deleted.body.data.deletion_id)).status).toBe(200)
    expect(await annotationsOf(slide)).toHaveLength(4)
  })

  it("is past its time after a day", async () => {
    const { negative } = await seeded()
    const deleted = await remove(ada, negative.id)
    const old = new Date(Date.now() - 25 * 3_600_000).toISOString()
    await server.withDb((db) =>
      db.updateTable("label_deletions").set({ deleted_at: old }).where("id", "=", deleted.body.data.deletion_id).execute()
    )
    expect((await restore(ada, deleted.body.data.deletion_id)).status).toBe(404)
  })

  it("refuses a request without a deletion id (400) and an unknown one (404)", async () => {
    for (const body of [{}, { deletion_id: "" }, { deletion_id: 12 }, { deletion_id: "x".repeat(65) }]) {
      const reply = await c.post("/v2/labs/label-slide/restore/", body, auth(ada))
      expect(reply.status, JSON.stringify(body)).toBe(400)
    }
    expect((await restore(ada, "00000000-0000-4000-8000-000000000000")).status).toBe(404)
  })
})

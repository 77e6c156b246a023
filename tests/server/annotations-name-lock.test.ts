// An annotation's name, description and lock (QuPath's name and isLocked) and an imported one's
// creator and creation time (W3C), over real HTTP (issue 29): stored, answered, validated with a
// clear 400; a locked shape is neither moved, reshaped nor deleted (409 one at a time, 400 in bulk)
// until an edit unlocks it, and relabelling or renaming it stays allowed. The viewer's compact read
// carries them too (migration 0027), through edits, a bulk delete and its restore.
import { Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Annotation, AnnotationConflict } from "../../src/contract/annotations.ts"
import { Ok, Page } from "../../src/contract/envelope.ts"
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
import { client, createFolder, person } from "./support/labs-api.ts"

let server: StartedServer
let c: ReturnType<typeof client>
let owner: SignedIn
let folder: string

beforeAll(async () => {
  server = await startServer()
  c = client(server)
  owner = await person(server, "Owner")
  folder = (await createFolder(server, owner, "Cases")).id
})
afterAll(() => server.stop())

const decodePage = Schema.decodeUnknownSync(Ok(Page(Annotation)))
const decodeOne = Schema.decodeUnknownSync(Ok(Schema.Struct({ annotations: Annotation })))

const listed = async (labId: string) => decodePage((await listAnnotations(server, owner, labId)).body).data.results

const named = (labelId: string, extra: Record<string, unknown>) => {
  const item = newAnnotation(labelId, rect(10, 20, 30, 40))
  return { ...item, data: { ...item.data, ...extra } }
}

const put = (labId: string, id: string, body: unknown) => c.put(`/v2/labs/${labId}/annotations/${id}/`, body, { token: owner.access })

describe("name, description, lock, creator and created", () => {
  it("stores them as sent (trimmed), answers them in the list and drops empty ones", async () => {
    const s = await createSlide(server, owner, folder)
    const label = await createLabel(server, owner, s, "Tumor", "#ff0000")
    const full = named(label.id, {
      name: "  Region A ",
      description: "Invasive front",
      locked: true,
      creator: { type: "Person", name: "Dr. Sari", id: "mailto:sari@example.org" },
      created: "2024-05-01T10:00:00Z"
    })
    const empty = named(label.id, { name: "   ", locked: false })
    expect((await postAnnotations(server, owner, s, [full, empty])).status).toBe(201)
    const rows = await listed(s)
    const a = rows.find((row) => row.id === full.id)!.data
    expect(a.name).toBe("Region A")
    expect(a.description).toBe("Invasive front")
    expect(a.locked).toBe(true)
    expect(a.creator).toEqual({ type: "Person", name: "Dr. Sari", id: "mailto:sari@example.org" })
    expect(a.created).toBe("2024-05-01T10:00:00Z")
    const b = rows.find((row) => row.id === empty.id)!.data
    expect(b.name).toBeUndefined()
    expect(b.locked).toBeUndefined()
  })

  it("refuses a name too long, a lock that is not a boolean and a creation time that is no date, and stores nothing", async () => {
    const s = await createSlide(server, owner, folder)
    const label = await createLabel(server, owner, s, "Tumor")
    for (const extra of [{ name: "x".repeat(201) }, { locked: "yes" }, { created: "yesterday" }, { description: "d".repeat(5001) }]) {
      const reply = await postAnnotations(server, owner, s, [named(label.id, extra)])
      expect(reply.status, JSON.stringify(extra)).toBe(400)
      expect(JSON.stringify(reply.body)).toMatch(/name|locked|created|description/)
    }
    expect(await listed(s)).toHaveLength(0)
  })

  it("a locked shape is not moved, reshaped or deleted until unlocked; renaming and relabelling it are allowed", async () => {
    const s = await createSlide(server, owner, folder)
    const label = await createLabel(server, owner, s, "Tumor")
    const other = await createLabel(server, owner, s, "Stroma")
    const item = named(label.id, { locked: true, name: "Keep" })
    expect((await postAnnotations(server, owner, s, [item])).status).toBe(201)
    const moved = { ...item.data, target: { ...item.data.target, selector: rect(50, 20, 30, 40) } }
    const reshape = await put(s, item.id, { data: moved, version: 1 })
    expect(reshape.status).toBe(409)
    expect(JSON.stringify(reshape.body)).toContain("locked")
    Schema.decodeUnknownSync(AnnotationConflict.fields.message)((reshape.body as { message: string }).message)
    const del = await c.delete(`/v2/labs/${s}/annotations/${item.id}/`, { token: owner.access })
    expect(del.status).toBe(409)
    const bulkMove = await c.post(`/v2/labs/${s}/annotations/bulk-update/`, { ids: [item.id], dx: 5 }, { token: owner.access })
    expect(bulkMove.status).toBe(400)
    expect(JSON.stringify(bulkMove.body)).toContain("locked")
    const bulkDelete = await c.post(`/v2/labs/${s}/annotations/bulk-delete/`, { ids: [item.id] }, { token: owner.access })
    expect(bulkDelete.status).toBe(400)
    const byLabel = await c.post(`/v2/labs/${s}/annotations/bulk-delete/`, { label_id: label.id }, { token: owner.access })
    expect(byLabel.status).toBe(400)
    expect((await listed(s))[0]!.version).toBe(1)

    // Renaming and relabelling keep the shape: allowed while locked.
    const rename = { ...item.data, name: "Renamed", body: [{ ...item.data.body[0], label: { id: other.id } }] }
    const renamed = await put(s, item.id, { data: rename, version: 1 })
    expect(renamed.status).toBe(200)
    expect(decodeOne(renamed.body).data.annotations.data.name).toBe("Renamed")
    const relabelled = await c.post(
      `/v2/labs/${s}/annotations/bulk-update/`,
      { ids: [item.id], label_id: label.id },
      { token: owner.access }
    )
    expect(relabelled.status).toBe(200)

    // Unlocking is an edit; then the move goes through.
    const unlocked = await put(s, item.id, { data: { ...rename, locked: false }, version: 3 })
    expect(unlocked.status).toBe(200)
    expect(decodeOne(unlocked.body).data.annotations.data.locked).toBeUndefined()
    expect((await put(s, item.id, { data: { ...moved, locked: false }, version: 4 })).status).toBe(200)
    expect((await c.delete(`/v2/labs/${s}/annotations/${item.id}/`, { token: owner.access })).status).toBe(200)
  })
})

describe("name, description and lock edits through the viewer's reads", () => {
  it("an edit of them round-trips: the list, the compact read and the edit's answer agree; undoing it clears them", async () => {
    const s = await createSlide(server, owner, folder)
    const label = await createLabel(server, owner, s, "Tumor")
    const item = named(label.id, {})
    expect((await postAnnotations(server, owner, s, [item])).status).toBe(201)
    expect(rowsOfCompact((await readCompact(server, owner, s)).compact!)[0]!.props).toEqual({})

    const props = { name: "Region A", description: "Invasive front\nsecond line", locked: true }
    const edited = await put(s, item.id, { data: { ...item.data, ...props }, version: 1 })
    expect(edited.status).toBe(200)
    expect(decodeOne(edited.body).data.annotations.data).toMatchObject(props)
    const compact = rowsOfCompact((await readCompact(server, owner, s)).compact!)
    expect(compact[0]).toMatchObject({ version: 2, props })
    expect(compact.map(({ props: p }) => p)).toEqual((await listed(s)).map((a) => rowOfListed(a).props))

    // Locked now: the outline and the deletion are refused with 409, the row unchanged.
    const moved = { ...item.data, ...props, target: { ...item.data.target, selector: rect(60, 20, 30, 40) } }
    expect((await put(s, item.id, { data: moved, version: 2 })).status).toBe(409)
    expect((await c.delete(`/v2/labs/${s}/annotations/${item.id}/?version=2`, { token: owner.access })).status).toBe(409)
    expect(rowsOfCompact((await readCompact(server, owner, s)).compact!)[0]).toMatchObject({ version: 2, props })

    // Back as it was (an undo sends the data without them): the compact read has none.
    expect((await put(s, item.id, { data: item.data, version: 2 })).status).toBe(200)
    expect(rowsOfCompact((await readCompact(server, owner, s)).compact!)[0]).toMatchObject({ version: 3, props: {} })
    expect((await c.delete(`/v2/labs/${s}/annotations/${item.id}/?version=3`, { token: owner.access })).status).toBe(200)
  })

  it("kept through a bulk delete and its restore", async () => {
    const s = await createSlide(server, owner, folder)
    const label = await createLabel(server, owner, s, "Tumor")
    const items = [named(label.id, { name: "One", description: "First" }), named(label.id, { name: "Two" })]
    expect((await postAnnotations(server, owner, s, items)).status).toBe(201)
    const ids = items.map((i) => i.id)
    expect((await c.post(`/v2/labs/${s}/annotations/bulk-delete/`, { ids }, { token: owner.access })).status).toBe(200)
    expect((await c.post(`/v2/labs/${s}/annotations/restore/`, { ids }, { token: owner.access })).status).toBe(201)
    const rows = rowsOfCompact((await readCompact(server, owner, s)).compact!)
    expect(rows.map((r) => r.props)).toEqual([{ name: "One", description: "First" }, { name: "Two" }])
  })
})

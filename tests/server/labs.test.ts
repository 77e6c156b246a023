// Labs over HTTP: creating folders, listing and paging, ordering, one lab with its breadcrumb,
// the info panel, renaming, moving (with its refusals and folder sizes), the folder tree,
// favorites, Shared with me, Recently accessed, deleting to the trash, and the events written.
import { randomUUID } from "node:crypto"
import { Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { LabDetailAnswer, LabPageAnswer } from "../../src/contract/labs.ts"
import { FLUSH_MS, RECENTS_KEPT } from "../../server/services/labs/AccessRecorder.ts"
import type { SignedIn } from "../support/api.ts"
import { type StartedServer, startServer } from "../support/start-server.ts"
import { client, createFolder, insertFile, insertFiles as insertFilesDirectly, names, person, share } from "./support/labs-api.ts"

let server: StartedServer
let c: ReturnType<typeof client>
beforeAll(async () => {
  server = await startServer()
  c = client(server)
})
afterAll(() => server.stop())

const auth = (session: SignedIn) => ({ token: session.access })
const root = async (session: SignedIn, query = "") => c.get(`/v2/labs/${query}`, auth(session))
const eventsOf = (labId: string) =>
  server.withDb((db) =>
    db.selectFrom("events").select(["kind", "actor_id", "lab_id", "payload"]).where("lab_id", "=", labId).orderBy("seq").execute()
  )

const insertFiles = (ownerId: string, parentId: string | null, names: ReadonlyArray<string>, deleted = false) =>
  insertFilesDirectly(server, ownerId, parentId, names, deleted)

describe("creating a folder", () => {
  it("answers 201 with the spec's data.data.results[0], the lab's fields and its parent", async () => {
    const ada = await person(server, "Ada")
    const top = await c.post("/v2/labs/", { name: "  Biopsies ", is_dir: true, is_favorite: false }, auth(ada))
    expect(top.status).toBe(201)
    expect(top.body.status).toBe("success")
    const lab = top.body.data.data.results[0]
    expect(lab).toEqual({
      id: expect.any(String),
      name: "Biopsies",
      is_dir: true,
      parent: null,
      status: null,
      thumbnail: null,
      thumbnail_url: null,
      tile_source: null,
      width: null,
      height: null,
      mpp: null,
      size: 0,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      updated_at: expect.any(String),
      is_favorite: false,
      is_public: false,
      role: "owner",
      user: { id: ada.id, email: ada.email, name: "Ada", username: null, avatar: null }
    })
    const inner = await c.post("/v2/labs/", { name: "Liver", parent: lab.id, is_favorite: true }, auth(ada))
    expect(inner.status).toBe(201)
    expect(inner.body.data.data.results[0]).toMatchObject({ name: "Liver", parent: { id: lab.id, name: "Biopsies" }, is_favorite: true })
    expect(names(await root(ada))).toEqual(["Biopsies"])
    expect(names(await root(ada, `?parent=${lab.id}`))).toEqual(["Liver"])
    const events = await eventsOf(inner.body.data.data.results[0].id)
    expect(events).toHaveLength(1)
    expect(events[0]).toMatchObject({ kind: "lab.created", actor_id: ada.id })
    expect(JSON.parse(events[0]!.payload)).toMatchObject({ name: "Liver", parent_id: lab.id })
  })

  it("refuses a bad name with a clear 400 and creates nothing", async () => {
    const ada = await person(server, "Ada")
    const cases: Array<[unknown, Record<string, unknown>]> = [
      [{ name: "" }, { name: ["Folder name is required."] }],
      [{ name: "   " }, { name: ["Folder name is required."] }],
      [{ name: "a/b" }, { name: ['A name cannot contain "/".'] }],
      [{ name: "x".repeat(256) }, { name: ["Ensure this field has no more than 255 characters."] }],
      [{ name: "File", is_dir: false }, { is_dir: ["Only folders can be created here; upload files instead."] }],
      [{}, { name: ["This field is required."] }],
      [{ name: 42 }, { name: ["Enter a valid value."] }]
    ]
    for (const [body, expected] of cases) {
      const reply = await c.post("/v2/labs/", body, auth(ada))
      expect(reply.status, JSON.stringify(body)).toBe(400)
      expect(reply.body).toMatchObject({ _tag: "BadRequest", ...expected })
    }
    expect((await root(ada)).body.data.meta.count).toBe(0)
    expect((await c.post("/v2/labs/", { name: "x".repeat(255) }, auth(ada))).status).toBe(201)
  })

  it("keeps names unique among siblings whatever their case, but not across folders", async () => {
    const ada = await person(server, "Ada")
    const a = await createFolder(server, ada, "Slides")
    const clash = await c.post("/v2/labs/", { name: "SLIDES" }, auth(ada))
    expect(clash.status).toBe(400)
    expect(clash.body.name).toEqual(["A lab with this name already exists here."])
    expect((await c.post("/v2/labs/", { name: "Slides", parent: a.id }, auth(ada))).status).toBe(201)
    // Another user's root is another place.
    const bob = await person(server, "Bob")
    expect((await c.post("/v2/labs/", { name: "Slides" }, auth(bob))).status).toBe(201)
  })

  it("refuses a parent that is a file, or that the user cannot see", async () => {
    const ada = await person(server, "Ada")
    const bob = await person(server, "Bob")
    const folder = await createFolder(server, ada, "Mine")
    const fileId = randomUUID()
    await insertFile(server, { id: fileId, ownerId: ada.id, parentId: folder.id, name: "scan.svs", size: 10 })
    const intoFile = await c.post("/v2/labs/", { name: "X", parent: fileId }, auth(ada))
    expect(intoFile.status).toBe(400)
    expect(intoFile.body.parent).toEqual(["The destination must be a folder."])
    const hidden = await c.post("/v2/labs/", { name: "X", parent: folder.id }, auth(bob))
    expect(hidden.status).toBe(404)
    expect(hidden.body).toEqual({ _tag: "NotFound", message: "Lab not found." })
    expect((await c.post("/v2/labs/", { name: "X", parent: randomUUID() }, auth(ada))).status).toBe(404)
  })
})

describe("listing", () => {
  it("lists the root folders first, by name, paged 20 by default and at most 100", async () => {
    const ada = await person(server, "Ada")
    const parent = await createFolder(server, ada, "Many")
    for (let i = 0; i < 25; i++) await createFolder(server, ada, `f${String(i).padStart(2, "0")}`, parent.id)
    await insertFile(server, { id: randomUUID(), ownerId: ada.id, parentId: parent.id, name: "a-file.svs", size: 5 })
    const first = await root(ada, `?parent=${parent.id}`)
    expect(first.status).toBe(200)
    expect(first.body.data.results).toHaveLength(20)
    expect(first.body.data.meta).toEqual({ count: 26, current_page: 1, next_page: 2 })
    expect(names(first)[0]).toBe("f00")
    const second = await root(ada, `?parent=${parent.id}&page=2`)
    expect(names(second)).toEqual(["f20", "f21", "f22", "f23", "f24", "a-file.svs"])
    expect(second.body.data.meta.next_page).toBeNull()
    expect(second.body.data.results.at(-1)).toMatchObject({ is_dir: false, status: "ready", size: 5 })
    const capped = await root(ada, `?parent=${parent.id}&limit=1000`)
    expect(capped.body.data.results).toHaveLength(26)
    for (const query of ["?page=0", "?limit=0", "?page=abc", "?page=1.5"]) expect((await root(ada, query)).status, query).toBe(400)
    expect((await root(ada, "?ordering=color")).status).toBe(400)
  })

  it("orders by name, updated_at and size, both ways, folders still first", async () => {
    const ada = await person(server, "Ada")
    const parent = await createFolder(server, ada, "Order")
    const b = await createFolder(server, ada, "b", parent.id)
    await createFolder(server, ada, "a", parent.id)
    await createFolder(server, ada, "c", parent.id)
    await insertFile(server, { id: randomUUID(), ownerId: ada.id, parentId: b.id, name: "big", size: 900 })
    const q = (ordering: string) => root(ada, `?parent=${parent.id}&ordering=${ordering}`).then(names)
    expect(await q("name")).toEqual(["a", "b", "c"])
    expect(await q("-name")).toEqual(["c", "b", "a"])
    expect(await q("-size")).toEqual(["b", "a", "c"])
    expect((await q("size"))[2]).toBe("b")
    await c.put(`/v2/labs/${b.id}/`, { name: "b2" }, auth(ada))
    expect((await q("-updated_at"))[0]).toBe("b2")
    expect((await q("updated_at"))[2]).toBe("b2")
  })

  it("shows nobody else's root, and needs a token for the root", async () => {
    const ada = await person(server, "Ada")
    const bob = await person(server, "Bob")
    await createFolder(server, ada, "Private")
    expect(names(await root(bob))).toEqual([])
    expect((await c.get("/v2/labs/")).status).toBe(401)
  })
})

describe("one lab", () => {
  it("answers the lab with the breadcrumb of the folders above it that the user may see", async () => {
    const ada = await person(server, "Ada")
    const bob = await person(server, "Bob")
    const a = await createFolder(server, ada, "A")
    const b = await createFolder(server, ada, "B", a.id)
    const cc = await createFolder(server, ada, "C", b.id)
    const mine = await c.get(`/v2/labs/${cc.id}/`, auth(ada))
    expect(mine.status).toBe(200)
    expect(mine.body.data).toMatchObject({ id: cc.id, name: "C", parent: b.id, role: "owner" })
    expect(mine.body.data.breadcrumb).toEqual([
      { id: a.id, name: "A" },
      { id: b.id, name: "B" }
    ])
    // Shared from B down: A stays hidden.
    await share(server, ada, b.id, bob, "reviewer")
    const theirs = await c.get(`/v2/labs/${cc.id}/`, auth(bob))
    expect(theirs.body.data.role).toBe("reviewer")
    expect(theirs.body.data.breadcrumb).toEqual([{ id: b.id, name: "B" }])
    expect((await c.get(`/v2/labs/${a.id}/`, auth(bob))).status).toBe(404)
  })

  it("answers the info panel: type, owner, dates, metadata, access, first 5 collaborators and their count", async () => {
    const ada = await person(server, "Ada")
    const folder = await createFolder(server, ada, "Panel")
    await c.put("/v2/labs/metadata/", { lab_id: folder.id, name: "patient", value: "P-001" }, auth(ada))
    const guests = []
    for (let i = 0; i < 6; i++) guests.push(await person(server, `Member ${i}`))
    for (const g of guests) await share(server, ada, folder.id, g, "reviewer")
    const reply = await c.get(`/v2/labs/${folder.id}/info/`, auth(ada))
    expect(reply.status).toBe(200)
    const info = reply.body.data
    expect(info).toMatchObject({
      id: folder.id,
      name: "Panel",
      type: "folder",
      is_dir: true,
      owner: { id: ada.id, name: "Ada", email: ada.email },
      description: null,
      thumbnail: null,
      access: "private",
      collaborators_count: 7,
      role: "owner"
    })
    expect(info.metadata).toEqual([expect.objectContaining({ name: "patient", value: "P-001", lab_id: folder.id })])
    expect(info.collaborators).toHaveLength(5)
    expect(info.collaborators[0]).toMatchObject({ id: "owner", role_member: "owner", user_id: ada.id })
    expect(info.collaborators.slice(1).map((m: { name: string }) => m.name)).toEqual(["Member 0", "Member 1", "Member 2", "Member 3"])
  })

  it("answers 404 for a lab that does not exist or is in the trash", async () => {
    const ada = await person(server, "Ada")
    const folder = await createFolder(server, ada, "Gone")
    expect((await c.get(`/v2/labs/${randomUUID()}/`, auth(ada))).status).toBe(404)
    await c.del(`/v2/labs/${folder.id}/`, undefined, auth(ada))
    expect((await c.get(`/v2/labs/${folder.id}/`, auth(ada))).status).toBe(404)
    expect((await c.get(`/v2/labs/${folder.id}/info/`, auth(ada))).status).toBe(404)
  })
})

describe("renaming and moving", () => {
  it("renames, refusing a bad or taken name without changing anything", async () => {
    const ada = await person(server, "Ada")
    const a = await createFolder(server, ada, "Old")
    await createFolder(server, ada, "Taken")
    const renamed = await c.put(`/v2/labs/${a.id}/`, { name: "New" }, auth(ada))
    expect(renamed.status).toBe(200)
    expect(renamed.body.data).toMatchObject({ id: a.id, name: "New" })
    expect((await c.put(`/v2/labs/${a.id}/`, { name: "taken" }, auth(ada))).body.name).toEqual([
      "A lab with this name already exists here."
    ])
    expect((await c.put(`/v2/labs/${a.id}/`, { name: "" }, auth(ada))).status).toBe(400)
    expect((await c.put(`/v2/labs/${a.id}/`, {}, auth(ada))).body.non_field_errors).toEqual(["Give a new name or a new parent."])
    // A change of case alone is fine.
    expect((await c.put(`/v2/labs/${a.id}/`, { name: "NEW" }, auth(ada))).status).toBe(200)
    const kinds = (await eventsOf(a.id)).map((e) => e.kind)
    expect(kinds).toEqual(["lab.created", "lab.renamed", "lab.renamed"])
    expect(JSON.parse((await eventsOf(a.id))[1]!.payload)).toMatchObject({ from: "Old", name: "New" })
  })

  it("moves into a folder and back to the root, keeping folder sizes", async () => {
    const ada = await person(server, "Ada")
    const src = await createFolder(server, ada, "Source")
    const dst = await createFolder(server, ada, "Destination")
    const box = await createFolder(server, ada, "Box", src.id)
    await insertFile(server, { id: randomUUID(), ownerId: ada.id, parentId: box.id, name: "s1", size: 1000 })
    const size = async (id: string) => (await c.get(`/v2/labs/${id}/`, auth(ada))).body.data.size
    expect([await size(src.id), await size(box.id), await size(dst.id)]).toEqual([1000, 1000, 0])
    const moved = await c.put(`/v2/labs/${box.id}/`, { parent: dst.id }, auth(ada))
    expect(moved.status).toBe(200)
    expect(moved.body.data.parent).toBe(dst.id)
    expect([await size(src.id), await size(dst.id)]).toEqual([0, 1000])
    expect(names(await root(ada, `?parent=${dst.id}`))).toEqual(["Box"])
    const home = await c.put(`/v2/labs/${box.id}/`, { parent: null }, auth(ada))
    expect(home.body.data.parent).toBeNull()
    expect(await size(dst.id)).toBe(0)
    const events = (await eventsOf(box.id)).filter((e) => e.kind === "lab.moved").map((e) => JSON.parse(e.payload))
    expect(events).toEqual([
      { from_parent_id: src.id, parent_id: dst.id },
      { from_parent_id: dst.id, parent_id: null }
    ])
  })

  it("refuses a move into itself, into one of its folders, into a file, or onto a taken name", async () => {
    const ada = await person(server, "Ada")
    const a = await createFolder(server, ada, "A")
    const b = await createFolder(server, ada, "B", a.id)
    const d = await createFolder(server, ada, "D", b.id)
    await createFolder(server, ada, "Twin", d.id)
    const twin = await createFolder(server, ada, "Twin", a.id)
    const fileId = randomUUID()
    await insertFile(server, { id: fileId, ownerId: ada.id, parentId: null, name: "f", size: 1 })
    const into = (id: string, parent: string) => c.put(`/v2/labs/${id}/`, { parent }, auth(ada))
    expect((await into(a.id, a.id)).body.parent).toEqual(["A folder cannot be moved into itself or into one of its folders."])
    expect((await into(a.id, d.id)).body.parent).toEqual(["A folder cannot be moved into itself or into one of its folders."])
    expect((await into(a.id, fileId)).body.parent).toEqual(["The destination must be a folder."])
    expect((await into(twin.id, d.id)).body.name).toEqual(["A lab with this name already exists here."])
    expect((await c.get(`/v2/labs/${a.id}/`, auth(ada))).body.data.parent).toBeNull()
    expect((await c.get(`/v2/labs/${twin.id}/`, auth(ada))).body.data.parent).toBe(a.id)
  })

  it("refuses a move across owners, and a move to the root by a non-owner", async () => {
    const ada = await person(server, "Ada")
    const bob = await person(server, "Bob")
    const adas = await createFolder(server, ada, "Shared")
    const inner = await createFolder(server, ada, "Inner", adas.id)
    await share(server, ada, adas.id, bob, "admin")
    const bobs = await createFolder(server, bob, "Bobs")
    const across = await c.put(`/v2/labs/${inner.id}/`, { parent: bobs.id }, auth(bob))
    expect(across.status).toBe(400)
    expect(across.body.parent).toEqual(["A lab can only be moved within its owner's labs."])
    const toRoot = await c.put(`/v2/labs/${inner.id}/`, { parent: null }, auth(bob))
    expect(toRoot.status).toBe(403)
    expect(toRoot.body.message).toBe("Only the owner can move a lab to the root.")
    const bobsInto = await c.put(`/v2/labs/${bobs.id}/`, { parent: adas.id }, auth(bob))
    expect(bobsInto.body.parent).toEqual(["A lab can only be moved within its owner's labs."])
  })
})

describe("answers on the contract", () => {
  it("lists, searches and one lab decode with their success schemas (they are written without the encoder)", async () => {
    const ada = await person(server, "Ada")
    const bob = await person(server, "Bob")
    const top = await createFolder(server, ada, "Contract")
    await createFolder(server, ada, "Contract inner", top.id)
    await insertFile(server, { id: randomUUID(), ownerId: ada.id, parentId: top.id, name: "contract.svs", size: 12 })
    const lent = await createFolder(server, bob, "Contract lent")
    await share(server, bob, lent.id, ada, "admin")
    for (const query of [
      "",
      `?parent=${top.id}`,
      "?search=contract",
      `?parent=${top.id}&search=contract`,
      "?search=contract&ordering=-size"
    ]) {
      const reply = await root(ada, query)
      expect(reply.status).toBe(200)
      const decoded = Schema.decodeUnknownSync(LabPageAnswer)(reply.body)
      expect(decoded.data.results.length).toBeGreaterThan(0)
    }
    const one = await c.get(`/v2/labs/${top.id}/`, auth(ada))
    expect(Schema.decodeUnknownSync(LabDetailAnswer)(one.body).data).toMatchObject({ id: top.id, role: "owner", breadcrumb: [] })
  })
})

describe("the folder tree", () => {
  it("starts with Root, nests the user's folders and the folders shared with them, leaves files out", async () => {
    const ada = await person(server, "Ada")
    const bob = await person(server, "Bob")
    const a = await createFolder(server, ada, "A")
    const b = await createFolder(server, ada, "B", a.id)
    await insertFile(server, { id: randomUUID(), ownerId: ada.id, parentId: a.id, name: "file", size: 1 })
    const bobTop = await createFolder(server, bob, "Top")
    const bobShared = await createFolder(server, bob, "Shared", bobTop.id)
    const bobInner = await createFolder(server, bob, "Inner", bobShared.id)
    await share(server, bob, bobShared.id, ada, "admin")
    const reply = await c.get("/v2/get-dirs/", auth(ada))
    expect(reply.status).toBe(200)
    expect(reply.body.data).toEqual([
      { id: null, name: "Root", parent: null, sub_dirs: [] },
      { id: a.id, name: "A", parent: null, sub_dirs: [{ id: b.id, name: "B", parent: a.id, sub_dirs: [] }] },
      { id: bobShared.id, name: "Shared", parent: null, sub_dirs: [{ id: bobInner.id, name: "Inner", parent: bobShared.id, sub_dirs: [] }] }
    ])
  })
})

describe("favorites", () => {
  it("adds, lists newest first with is_favorite, and removes; a non-favorite is 404", async () => {
    const ada = await person(server, "Ada")
    const a = await createFolder(server, ada, "A")
    const b = await createFolder(server, ada, "B")
    const added = await c.post("/v2/labs/favorites/", { lab_id: a.id }, auth(ada))
    expect(added.status).toBe(201)
    expect(added.body.data).toMatchObject({ id: a.id, is_favorite: true })
    await c.post("/v2/labs/favorites/", { lab_id: b.id }, auth(ada))
    // Adding twice is harmless.
    expect((await c.post("/v2/labs/favorites/", { lab_id: b.id }, auth(ada))).status).toBe(201)
    const list = await c.get("/v2/labs/favorites/", auth(ada))
    expect(names(list)).toEqual(["B", "A"])
    expect(list.body.data.meta.count).toBe(2)
    expect((await root(ada)).body.data.results.every((l: { is_favorite: boolean }) => l.is_favorite)).toBe(true)
    expect((await c.del(`/v2/labs/favorites/${a.id}/`, undefined, auth(ada))).status).toBe(200)
    expect(names(await c.get("/v2/labs/favorites/", auth(ada)))).toEqual(["B"])
    const again = await c.del(`/v2/labs/favorites/${a.id}/`, undefined, auth(ada))
    expect(again.status).toBe(404)
    expect(again.body.message).toBe("This lab is not in your favorites.")
  })

  it("hides favorites the user can no longer see", async () => {
    const ada = await person(server, "Ada")
    const bob = await person(server, "Bob")
    const folder = await createFolder(server, ada, "Shared")
    const memberId = await share(server, ada, folder.id, bob, "reviewer")
    await c.post("/v2/labs/favorites/", { lab_id: folder.id }, auth(bob))
    expect(names(await c.get("/v2/labs/favorites/", auth(bob)))).toEqual(["Shared"])
    await c.del(`/v2/members/${memberId}/`, undefined, auth(ada))
    const after = await c.get("/v2/labs/favorites/", auth(bob))
    expect(names(after)).toEqual([])
    expect(after.body.data.meta.count).toBe(0)
  })
})

describe("shared with me", () => {
  it("lists the top-most labs shared with the user, not their own", async () => {
    const ada = await person(server, "Ada")
    const bob = await person(server, "Bob")
    const outer = await createFolder(server, bob, "Outer")
    const inner = await createFolder(server, bob, "Inner", outer.id)
    const other = await createFolder(server, bob, "Other")
    await share(server, bob, outer.id, ada, "reviewer")
    await share(server, bob, inner.id, ada, "admin")
    await share(server, bob, other.id, ada, "admin")
    await createFolder(server, ada, "Mine")
    const reply = await c.get("/v2/labs/shareds/", auth(ada))
    expect(reply.status).toBe(200)
    expect(names(reply)).toEqual(["Other", "Outer"])
    expect(reply.body.data.results.map((l: { role: string }) => l.role)).toEqual(["admin", "reviewer"])
    expect(reply.body.data.meta).toEqual({ count: 2, current_page: 1, next_page: null })
    // The nearest membership wins inside: Inner is admin although Outer is reviewer.
    expect((await c.get(`/v2/labs/${inner.id}/`, auth(ada))).body.data.role).toBe("admin")
  })
})

describe("recently accessed", () => {
  it("records each opening, newest first, one row per lab", async () => {
    const ada = await person(server, "Ada")
    const a = await createFolder(server, ada, "A")
    const b = await createFolder(server, ada, "B")
    expect(names(await c.get("/v2/labs/recents/", auth(ada)))).toEqual([])
    await c.get(`/v2/labs/${a.id}/`, auth(ada))
    await c.get(`/v2/labs/${b.id}/`, auth(ada))
    await c.get(`/v2/labs/${a.id}/`, auth(ada))
    const reply = await c.get("/v2/labs/recents/", auth(ada))
    expect(names(reply)).toEqual(["A", "B"])
    expect(reply.body.data.results[0].accessed_at >= reply.body.data.results[1].accessed_at).toBe(true)
    expect(reply.body.data.meta.count).toBe(2)
    // Listing and info do not count as opening.
    await c.get(`/v2/labs/${b.id}/info/`, auth(ada))
    expect(names(await c.get("/v2/labs/recents/", auth(ada)))).toEqual(["A", "B"])
    await c.del(`/v2/labs/${a.id}/`, undefined, auth(ada))
    expect(names(await c.get("/v2/labs/recents/", auth(ada)))).toEqual(["B"])
  })

  it(`keeps the ${RECENTS_KEPT} newest: opening one more forgets the oldest`, async () => {
    const ada = await person(server, "Ada")
    const ids = await insertFiles(
      ada.id,
      null,
      Array.from({ length: RECENTS_KEPT }, (_, i) => `Slide ${String(i).padStart(3, "0")}.svs`)
    )
    // Opened a minute apart, Slide 000 first.
    const opened = Date.parse("2026-01-01T00:00:00Z")
    await server.withDb((db) =>
      db
        .insertInto("lab_recents")
        .values(ids.map((id, i) => ({ user_id: ada.id, lab_id: id, accessed_at: new Date(opened + i * 60_000).toISOString() })))
        .execute()
    )
    const latest = await createFolder(server, ada, "Latest")
    await c.get(`/v2/labs/${latest.id}/`, auth(ada))
    const reply = await c.get("/v2/labs/recents/?limit=100", auth(ada))
    expect(names(reply).slice(0, 2)).toEqual(["Latest", `Slide ${String(RECENTS_KEPT - 1).padStart(3, "0")}.svs`])
    expect(names(reply)).not.toContain("Slide 000.svs")
    expect(reply.body.data.meta.count).toBe(RECENTS_KEPT)
    const kept = await server.withDb((db) => db.selectFrom("lab_recents").select("lab_id").where("user_id", "=", ada.id).execute())
    expect(kept.length).toBe(RECENTS_KEPT)
    expect(kept.map((r) => r.lab_id)).not.toContain(ids[0])
  })

  it("keeps the other openings when a lab opened in the same moment is deleted for good before they are written", async () => {
    const ada = await person(server, "Ada")
    const kept = await createFolder(server, ada, "Kept")
    const gone = await createFolder(server, ada, "Gone")
    await c.get(`/v2/labs/${gone.id}/`, auth(ada))
    await c.get(`/v2/labs/${kept.id}/`, auth(ada))
    // Deleted for good behind the server's back, before the pending openings are written.
    await server.withDb((db) => db.deleteFrom("labs").where("id", "=", gone.id).execute())
    expect(names(await c.get("/v2/labs/recents/", auth(ada)))).toEqual(["Kept"])
  })

  it("writes an opening behind, within moments, without anyone asking for the list", async () => {
    const ada = await person(server, "Ada")
    const a = await createFolder(server, ada, "A")
    await c.get(`/v2/labs/${a.id}/`, auth(ada))
    const stored = () => server.withDb((db) => db.selectFrom("lab_recents").select("lab_id").where("user_id", "=", ada.id).execute())
    const deadline = Date.now() + 20 * FLUSH_MS
    let rows = await stored()
    while (rows.length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, FLUSH_MS / 4))
      rows = await stored()
    }
    expect(rows.map((r) => r.lab_id)).toEqual([a.id])
  })
})

describe("deleting", () => {
  it("sends a folder to the trash with everything inside", async () => {
    const ada = await person(server, "Ada")
    const a = await createFolder(server, ada, "A")
    const b = await createFolder(server, ada, "B", a.id)
    const reply = await c.del(`/v2/labs/${a.id}/`, undefined, auth(ada))
    expect(reply.status).toBe(200)
    expect(reply.body).toEqual({ status: "success", message: "Moved to the trash.", data: null })
    expect(names(await root(ada))).toEqual([])
    expect((await c.get(`/v2/labs/${b.id}/`, auth(ada))).status).toBe(404)
    expect(names(await root(ada, "?search=B"))).toEqual([])
    const trashed = (await eventsOf(a.id)).find((e) => e.kind === "lab.trashed")
    expect(JSON.parse(trashed!.payload)).toMatchObject({ parent_id: null, count: 2 })
  })

  it("deletes a list of labs in one call, or none of them when one is refused", async () => {
    const ada = await person(server, "Ada")
    const bob = await person(server, "Bob")
    const a = await createFolder(server, ada, "A")
    const b = await createFolder(server, ada, "B")
    const inner = await createFolder(server, ada, "Inner", a.id)
    const bobs = await createFolder(server, bob, "Bobs")
    const refused = await c.del("/v2/labs/", { lab_id: [a.id, bobs.id] }, auth(ada))
    expect(refused.status).toBe(404)
    expect(names(await root(ada))).toEqual(["A", "B"])
    expect((await c.del("/v2/labs/", { lab_id: [] }, auth(ada))).status).toBe(400)
    expect((await c.del("/v2/labs/", {}, auth(ada))).status).toBe(400)
    // A lab inside another one listed goes with it.
    const both = await c.del("/v2/labs/", { lab_id: [inner.id, a.id, b.id] }, auth(ada))
    expect(both.status).toBe(200)
    expect(names(await root(ada))).toEqual([])
    expect((await c.del("/v2/labs/", { lab_id: bobs.id }, auth(bob))).status).toBe(200)
  })
})

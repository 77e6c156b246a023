// The trash over HTTP: what it lists, restoring (into the old folder, or the root, with a suffix
// on a name clash), deleting forever with everything inside (storage freed, stored files removed
// after commit), emptying it, and who may do what.
import { randomUUID } from "node:crypto"
import { existsSync, mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { SignedIn } from "../support/api.ts"
import { type StartedServer, startServer } from "../support/start-server.ts"
import { client, createFolder, insertFile, names, person, share } from "./support/labs-api.ts"

let server: StartedServer
let c: ReturnType<typeof client>
beforeAll(async () => {
  server = await startServer()
  c = client(server)
})
afterAll(() => server.stop())

const auth = (session: SignedIn) => ({ token: session.access })
const trashOf = (session: SignedIn, query = "") => c.get(`/v2/labs/trash/${query}`, auth(session))
const trash = (session: SignedIn, id: string) => c.del(`/v2/labs/${id}/`, undefined, auth(session))
const used = async (session: SignedIn) => (await c.get("/v2/pricing/plan/storage/", auth(session))).body.data.total_used

describe("the trash list", () => {
  it("lists only the owner's own items sent to the trash, newest first, each once, paged", async () => {
    const ada = await person(server, "Ada")
    const bob = await person(server, "Bob")
    const a = await createFolder(server, ada, "A")
    await createFolder(server, ada, "Inside A", a.id)
    const b = await createFolder(server, ada, "B")
    const bobs = await createFolder(server, bob, "Bobs")
    await trash(ada, a.id)
    await trash(ada, b.id)
    await trash(bob, bobs.id)
    const reply = await trashOf(ada)
    expect(reply.status).toBe(200)
    expect(names(reply)).toEqual(["B", "A"])
    expect(reply.body.data.meta).toEqual({ count: 2, current_page: 1, next_page: null })
    expect(reply.body.data.results[0]).toMatchObject({ id: b.id, role: "owner", deleted_at: expect.stringMatching(/^\d{4}-/) })
    const paged = await trashOf(ada, "?limit=1&page=1")
    expect(paged.body.data.meta).toEqual({ count: 2, current_page: 1, next_page: 2 })
    expect((await trashOf(ada, "?page=0")).status).toBe(400)
  })

  it("holds what an admin deleted in the owner's trash; only the owner restores or purges it", async () => {
    const ada = await person(server, "Ada")
    const bob = await person(server, "Bob")
    const eve = await person(server, "Eve")
    const shared = await createFolder(server, ada, "Shared")
    const inner = await createFolder(server, ada, "Inner", shared.id)
    await share(server, ada, shared.id, bob, "admin")
    expect((await trash(bob, inner.id)).status).toBe(200)
    expect(names(await trashOf(bob))).toEqual([])
    expect(names(await trashOf(ada))).toEqual(["Inner"])
    const restoreByAdmin = await c.post("/v2/restore/", { lab_id: inner.id }, auth(bob))
    expect(restoreByAdmin.status).toBe(403)
    expect(restoreByAdmin.body.message).toBe("You do not have permission to do this in this lab.")
    expect((await c.del(`/v2/labs/trash/${inner.id}/`, undefined, auth(bob))).status).toBe(403)
    expect((await c.post("/v2/restore/", { lab_id: inner.id }, auth(eve))).status).toBe(404)
    expect((await c.del(`/v2/labs/trash/${inner.id}/`, undefined, auth(eve))).status).toBe(404)
    expect(names(await trashOf(ada))).toEqual(["Inner"])
  })
})

describe("restoring", () => {
  it("brings an item back into its old folder with everything that went with it", async () => {
    const ada = await person(server, "Ada")
    const a = await createFolder(server, ada, "A")
    const b = await createFolder(server, ada, "B", a.id)
    const inner = await createFolder(server, ada, "Inner", b.id)
    await trash(ada, b.id)
    const reply = await c.post("/v2/restore/", { lab_id: b.id }, auth(ada))
    expect(reply.status).toBe(200)
    expect(reply.body.data.results).toEqual([expect.objectContaining({ id: b.id, name: "B", parent: a.id })])
    expect(names(await c.get(`/v2/labs/?parent=${a.id}`, auth(ada)))).toEqual(["B"])
    expect((await c.get(`/v2/labs/${inner.id}/`, auth(ada))).status).toBe(200)
    expect(names(await trashOf(ada))).toEqual([])
    const events = await server.withDb((db) =>
      db.selectFrom("events").select(["kind", "payload"]).where("lab_id", "=", b.id).where("kind", "=", "lab.restored").execute()
    )
    expect(JSON.parse(events[0]!.payload)).toMatchObject({ parent_id: a.id, name: "B" })
  })

  it("restores into the root when the old folder is gone, with ' (restored)' when the name is taken", async () => {
    const ada = await person(server, "Ada")
    const a = await createFolder(server, ada, "A")
    const b = await createFolder(server, ada, "Report", a.id)
    await trash(ada, b.id)
    await trash(ada, a.id)
    await createFolder(server, ada, "Report")
    const reply = await c.post("/v2/restore/", { lab_id: [b.id] }, auth(ada))
    expect(reply.status).toBe(200)
    expect(reply.body.data.results[0]).toMatchObject({ id: b.id, parent: null, name: "Report (restored)" })
    const again = await createFolder(server, ada, "Twice")
    await trash(ada, again.id)
    await createFolder(server, ada, "Twice")
    await createFolder(server, ada, "Twice (restored)")
    const twice = await c.post("/v2/restore/", { lab_id: again.id }, auth(ada))
    expect(twice.status, JSON.stringify(twice.body)).toBe(200)
    expect(twice.body.data.results[0].name).toBe("Twice (restored 2)")
    // The folder trashed alone earlier stays in the trash when its old parent A comes back.
    expect(names(await trashOf(ada))).toEqual(["A"])
  })

  it("keeps something trashed on its own before its folder in the trash when the folder comes back", async () => {
    const ada = await person(server, "Ada")
    const a = await createFolder(server, ada, "A")
    const first = await createFolder(server, ada, "First", a.id)
    await trash(ada, first.id)
    await trash(ada, a.id)
    await c.post("/v2/restore/", { lab_id: a.id }, auth(ada))
    expect(names(await c.get(`/v2/labs/?parent=${a.id}`, auth(ada)))).toEqual([])
    expect(names(await trashOf(ada))).toEqual(["First"])
  })

  it("refuses what is not an item of the trash: live labs and things inside a trashed folder", async () => {
    const ada = await person(server, "Ada")
    const a = await createFolder(server, ada, "A")
    const b = await createFolder(server, ada, "B", a.id)
    expect((await c.post("/v2/restore/", { lab_id: a.id }, auth(ada))).status).toBe(404)
    await trash(ada, a.id)
    expect((await c.post("/v2/restore/", { lab_id: b.id }, auth(ada))).status).toBe(404)
    expect((await c.post("/v2/restore/", { lab_id: [] }, auth(ada))).status).toBe(400)
  })
})

describe("deleting forever", () => {
  it("removes the item with everything inside, frees the storage and the stored files", async () => {
    const ada = await person(server, "Ada")
    const a = await createFolder(server, ada, "A")
    const b = await createFolder(server, ada, "B", a.id)
    const fileId = randomUUID()
    await insertFile(server, { id: fileId, ownerId: ada.id, parentId: b.id, name: "slide.svs", size: 4096 })
    const blobKey = "0123456789abcdef0123456789abcdef"
    mkdirSync(join(server.dataDir, "blobs"), { recursive: true })
    writeFileSync(join(server.dataDir, "blobs", blobKey), "bytes")
    await server.withDb((db) => db.updateTable("labs").set({ blob_key: blobKey }).where("id", "=", fileId).execute())
    await trash(ada, a.id)
    // The trash still counts against storage.
    expect(await used(ada)).toBe(4096)
    const reply = await c.del(`/v2/labs/trash/${a.id}/`, undefined, auth(ada))
    expect(reply.status).toBe(200)
    expect(reply.body.message).toBe("Deleted forever.")
    expect(await used(ada)).toBe(0)
    expect(names(await trashOf(ada))).toEqual([])
    expect(existsSync(join(server.dataDir, "blobs", blobKey))).toBe(false)
    const left = await server.withDb((db) => db.selectFrom("labs").select("id").where("id", "in", [a.id, b.id, fileId]).execute())
    expect(left).toEqual([])
    expect((await c.del(`/v2/labs/trash/${a.id}/`, undefined, auth(ada))).status).toBe(404)
  })

  it("keeps in the trash what was trashed on its own inside a purged folder", async () => {
    const ada = await person(server, "Ada")
    const a = await createFolder(server, ada, "A")
    const alone = await createFolder(server, ada, "Alone", a.id)
    await trash(ada, alone.id)
    await trash(ada, a.id)
    await c.del(`/v2/labs/trash/${a.id}/`, undefined, auth(ada))
    expect(names(await trashOf(ada))).toEqual(["Alone"])
    expect((await c.post("/v2/restore/", { lab_id: alone.id }, auth(ada))).body.data.results[0].parent).toBeNull()
  })

  it("refuses to purge a lab that is not in the trash", async () => {
    const ada = await person(server, "Ada")
    const a = await createFolder(server, ada, "A")
    const reply = await c.del(`/v2/labs/trash/${a.id}/`, undefined, auth(ada))
    expect(reply.status).toBe(404)
    expect((await c.get(`/v2/labs/${a.id}/`, auth(ada))).status).toBe(200)
  })
})

describe("emptying the trash", () => {
  it("deletes every item of the user's trash and nobody else's", async () => {
    const ada = await person(server, "Ada")
    const bob = await person(server, "Bob")
    for (const name of ["One", "Two", "Three"]) await trash(ada, (await createFolder(server, ada, name)).id)
    const kept = await createFolder(server, ada, "Kept")
    const bobs = await createFolder(server, bob, "Bobs")
    await trash(bob, bobs.id)
    const reply = await c.del("/v2/labs/trash/", undefined, auth(ada))
    expect(reply.status).toBe(200)
    expect(reply.body.data).toEqual({ count: 3 })
    expect(names(await trashOf(ada))).toEqual([])
    expect(names(await trashOf(bob))).toEqual(["Bobs"])
    expect(names(await c.get("/v2/labs/", auth(ada)))).toEqual([kept.name])
    const purged = await server.withDb((db) =>
      db.selectFrom("events").select("kind").where("actor_id", "=", ada.id).where("kind", "=", "lab.purged").execute()
    )
    expect(purged).toHaveLength(3)
  })
})

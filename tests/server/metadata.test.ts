// Metadata and the public flag over HTTP: entries created, edited and removed through both paths
// of the spec, their validation, and public labs: viewable (read-only) by strangers and by guests
// without a token, inherited by everything inside.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { SignedIn } from "../support/api.ts"
import { type StartedServer, startServer } from "../support/start-server.ts"
import { client, createFolder, makePublic, names, person } from "./support/labs-api.ts"

let server: StartedServer
let c: ReturnType<typeof client>
beforeAll(async () => {
  server = await startServer()
  c = client(server)
})
afterAll(() => server.stop())

const auth = (session: SignedIn) => ({ token: session.access })
const put = (session: SignedIn, body: Record<string, unknown>) => c.put("/v2/labs/metadata/", body, auth(session))
const kinds = (labId: string) =>
  server.withDb((db) => db.selectFrom("events").select(["kind", "payload"]).where("lab_id", "=", labId).orderBy("seq").execute())

describe("metadata", () => {
  it("creates an entry, edits it by name or id, lists and filters it, and removes it", async () => {
    const ada = await person(server, "Ada")
    const lab = await createFolder(server, ada, "Case 12")
    const created = await put(ada, { lab_id: lab.id, name: " patient ", value: "P-001" })
    expect(created.status).toBe(200)
    expect(created.body.message).toBe("Metadata saved.")
    const entry = created.body.data.metadata
    expect(entry).toEqual({
      id: expect.any(String),
      lab_id: lab.id,
      name: "patient",
      value: "P-001",
      created_at: expect.any(String),
      updated_at: expect.any(String)
    })
    // The same name edits the same entry.
    const byName = await put(ada, { lab_id: lab.id, name: "patient", value: "P-002" })
    expect(byName.body.data.metadata).toMatchObject({ id: entry.id, value: "P-002" })
    const byId = await put(ada, { lab_id: lab.id, id: entry.id, name: "patient id", value: "P-003" })
    expect(byId.body.data.metadata).toMatchObject({ id: entry.id, name: "patient id", value: "P-003" })
    await put(ada, { lab_id: lab.id, name: "stain", value: "H&E" })
    const all = await c.get(`/v2/labs/metadata/?lab_id=${lab.id}`, auth(ada))
    expect(all.body.data.metadata.map((m: { name: string }) => m.name)).toEqual(["patient id", "stain"])
    const one = await c.get(`/v2/labs/metadata/?lab_id=${lab.id}&meta_key=stain`, auth(ada))
    expect(one.body.data.metadata).toEqual([expect.objectContaining({ name: "stain", value: "H&E" })])
    expect((await c.get(`/v2/labs/${lab.id}/metalabs/`, auth(ada))).body.data.metadata).toHaveLength(2)
    const edited = await c.put(`/v2/labs/${lab.id}/info/${entry.id}/`, { value: "P-004" }, auth(ada))
    expect(edited.body.data.metadata).toMatchObject({ id: entry.id, name: "patient id", value: "P-004" })
    const removed = await c.del(`/v2/labs/${lab.id}/info/${entry.id}/`, undefined, auth(ada))
    expect(removed.status).toBe(200)
    expect(removed.body.message).toBe("Metadata removed.")
    expect((await c.get(`/v2/labs/${lab.id}/metalabs/`, auth(ada))).body.data.metadata.map((m: { name: string }) => m.name)).toEqual([
      "stain"
    ])
    const events = (await kinds(lab.id)).filter((e) => e.kind === "lab.metadata_changed").map((e) => JSON.parse(e.payload))
    expect(events.map((e) => e.change)).toEqual(["added", "edited", "edited", "added", "edited", "removed"])
    expect(events[2]).toMatchObject({ names: ["patient id", "patient"] })
  })

  it("refuses bad entries with a clear 400 and changes nothing", async () => {
    const ada = await person(server, "Ada")
    const lab = await createFolder(server, ada, "Case")
    const other = await createFolder(server, ada, "Other")
    const a = (await put(ada, { lab_id: lab.id, name: "a", value: "1" })).body.data.metadata
    await put(ada, { lab_id: lab.id, name: "b", value: "2" })
    const cases: Array<[Record<string, unknown>, Record<string, unknown>]> = [
      [{ lab_id: lab.id, name: " ", value: "x" }, { name: ["This field is required."] }],
      [{ lab_id: lab.id, name: "n".repeat(101), value: "x" }, { name: ["Ensure this field has no more than 100 characters."] }],
      [{ lab_id: lab.id, name: "long", value: "v".repeat(2001) }, { value: ["Ensure this field has no more than 2000 characters."] }],
      [{ lab_id: lab.id, id: a.id, name: "b", value: "1" }, { name: ["This lab already has an entry with this name."] }],
      [{ lab_id: lab.id, name: "mylab-is_public", value: "yes" }, { value: ['The public flag is "true" or "false".'] }],
      [{ lab_id: lab.id, name: "x" }, { value: ["This field is required."] }]
    ]
    for (const [body, expected] of cases) {
      const reply = await put(ada, body)
      expect(reply.status, JSON.stringify(body)).toBe(400)
      expect(reply.body).toMatchObject(expected)
    }
    expect((await put(ada, { lab_id: other.id, id: a.id, name: "a", value: "1" })).status).toBe(404)
    expect((await c.put(`/v2/labs/${other.id}/info/${a.id}/`, { value: "9" }, auth(ada))).status).toBe(404)
    expect((await c.del(`/v2/labs/${other.id}/info/${a.id}/`, undefined, auth(ada))).status).toBe(404)
    const entries = (await c.get(`/v2/labs/metadata/?lab_id=${lab.id}`, auth(ada))).body.data.metadata
    expect(entries.map((m: { name: string; value: string }) => `${m.name}=${m.value}`)).toEqual(["a=1", "b=2"])
  })
})

describe("public labs", () => {
  it("are public with everything inside once the flag is true, and private again when false or removed", async () => {
    const ada = await person(server, "Ada")
    const folder = await createFolder(server, ada, "Atlas")
    const inner = await createFolder(server, ada, "Plates", folder.id)
    const entry = await makePublic(server, ada, folder.id)
    expect((await c.get(`/v2/labs/${inner.id}/`, auth(ada))).body.data.is_public).toBe(true)
    expect((await c.get(`/v2/labs/${folder.id}/info/`, auth(ada))).body.data.access).toBe("public")
    expect((await c.get("/v2/labs/", auth(ada))).body.data.results[0].is_public).toBe(true)
    await makePublic(server, ada, folder.id, "false")
    expect((await c.get(`/v2/labs/${inner.id}/`, auth(ada))).body.data.is_public).toBe(false)
    await makePublic(server, ada, folder.id, "true")
    await c.del(`/v2/labs/${folder.id}/info/${entry.id}/`, undefined, auth(ada))
    expect((await c.get(`/v2/labs/${folder.id}/info/`, auth(ada))).body.data.access).toBe("private")
    const published = (await kinds(folder.id)).filter((e) => e.kind === "lab.published").map((e) => JSON.parse(e.payload).is_public)
    expect(published).toEqual([true, false, true, false])
  })

  it("can be viewed by a guest without a token, read-only, with no role and no favorites", async () => {
    const ada = await person(server, "Ada")
    const folder = await createFolder(server, ada, "Open atlas")
    const inner = await createFolder(server, ada, "Plates", folder.id)
    await put(ada, { lab_id: inner.id, name: "stain", value: "PAS" })
    const hidden = await createFolder(server, ada, "Closed")
    await makePublic(server, ada, folder.id)
    const lab = await c.get(`/v2/labs/${inner.id}/`)
    expect(lab.status).toBe(200)
    expect(lab.body.data).toMatchObject({
      id: inner.id,
      role: null,
      is_public: true,
      is_favorite: false,
      breadcrumb: [{ id: folder.id, name: "Open atlas" }]
    })
    expect(names(await c.get(`/v2/labs/?parent=${folder.id}`))).toEqual(["Plates"])
    const info = await c.get(`/v2/labs/${inner.id}/info/`)
    expect(info.body.data).toMatchObject({ access: "public", role: null, collaborators: [], collaborators_count: 0, owner: { id: ada.id } })
    expect((await c.get(`/v2/labs/metadata/?lab_id=${inner.id}`)).body.data.metadata).toEqual([expect.objectContaining({ name: "stain" })])
    expect((await c.get(`/v2/labs/${inner.id}/metalabs/`)).status).toBe(200)
    // Private labs and writes need a sign-in; the answer never tells a private lab from none.
    for (const path of [`/v2/labs/${hidden.id}/`, `/v2/labs/${hidden.id}/info/`, `/v2/labs/?parent=${hidden.id}`, "/v2/labs/"]) {
      expect((await c.get(path)).status, path).toBe(401)
    }
    expect((await c.post("/v2/labs/", { name: "x", parent: folder.id })).status).toBe(401)
    expect((await c.put("/v2/labs/metadata/", { lab_id: folder.id, name: "a", value: "b" })).status).toBe(401)
    // A bad token is 401 even where a guest is welcome, so the SPA refreshes it.
    expect((await c.get(`/v2/labs/${inner.id}/`, { token: "not-a-token" })).status).toBe(401)
    // Opening as a guest records no access.
    const recents = await server.withDb((db) => db.selectFrom("lab_recents").select("lab_id").where("lab_id", "=", inner.id).execute())
    expect(recents).toEqual([])
  })

  it("can be viewed by a signed-in stranger, who may not change it", async () => {
    const ada = await person(server, "Ada")
    const eve = await person(server, "Eve")
    const folder = await createFolder(server, ada, "Shared atlas")
    const privateOne = await createFolder(server, ada, "Private")
    await makePublic(server, ada, folder.id)
    const seen = await c.get(`/v2/labs/${folder.id}/`, auth(eve))
    expect(seen.status).toBe(200)
    expect(seen.body.data.role).toBeNull()
    expect((await c.get(`/v2/labs/${privateOne.id}/`, auth(eve))).status).toBe(404)
    const create = await c.post("/v2/labs/", { name: "Mine now", parent: folder.id }, auth(eve))
    expect(create.status).toBe(403)
    expect(create.body).toEqual({ _tag: "Forbidden", message: "You do not have permission to do this in this lab." })
    expect((await c.put(`/v2/labs/${folder.id}/`, { name: "Renamed" }, auth(eve))).status).toBe(403)
    expect((await put(eve, { lab_id: folder.id, name: "mylab-is_public", value: "false" })).status).toBe(403)
    expect((await c.get(`/v2/members/?lab_id=${folder.id}`, auth(eve))).status).toBe(403)
    expect((await c.get(`/v2/labs/${folder.id}/`, auth(ada))).body.data).toMatchObject({ name: "Shared atlas", is_public: true })
    // A public lab is not "shared with" a stranger, nor found by their search.
    expect(names(await c.get("/v2/labs/shareds/", auth(eve)))).toEqual([])
    expect(names(await c.get("/v2/labs/?search=atlas", auth(eve)))).toEqual([])
  })
})

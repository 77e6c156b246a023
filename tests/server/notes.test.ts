// A slide's notes and reports over real HTTP: five a page, newest first, with next_page; a title
// required and bounded (a 400 naming it, nothing stored); edits and deletions by owner and admin on
// any, by a reviewer on their own only (can_edit says which); a note of another slide or of the
// other kind is not found; and they go with their slide.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { NOTE_LIMITS } from "../../src/contract/notes.ts"
import type { SignedIn } from "../support/api.ts"
import { type StartedServer, startServer } from "../support/start-server.ts"
import { createSlide } from "./support/annotations-api.ts"
import { client, createFolder, person, share } from "./support/labs-api.ts"

let server: StartedServer
let c: ReturnType<typeof client>
let owner: SignedIn
let admin: SignedIn
let reviewer: SignedIn
let folder: string

beforeAll(async () => {
  server = await startServer()
  c = client(server)
  owner = await person(server, "Notes Owner")
  admin = await person(server, "Notes Admin")
  reviewer = await person(server, "Notes Reviewer")
  folder = (await createFolder(server, owner, "Notes cases")).id
  await share(server, owner, folder, admin, "admin")
  await share(server, owner, folder, reviewer, "reviewer")
})
afterAll(() => server.stop())

type Kind = "notes" | "reports"
const write = (who: SignedIn, slide: string, kind: Kind, title: string, value = "") =>
  c.post(`/v2/slides/${slide}/${kind}/`, { title, value }, { token: who.access })
const list = (who: SignedIn, slide: string, kind: Kind, query = "") => c.get(`/v2/slides/${slide}/${kind}/${query}`, { token: who.access })
const titles = async (slide: string, kind: Kind, query = "") =>
  ((await list(owner, slide, kind, query)).body.data.results as Array<{ title: string }>).map((note) => note.title)

describe.each(["notes", "reports"] as const)("a slide's %s", (kind) => {
  it("are listed five a page, newest first, with the page after", async () => {
    const slide = await createSlide(server, owner, folder)
    for (let i = 1; i <= 7; i++) expect((await write(owner, slide, kind, `Entry ${i}`)).status).toBe(200)
    const first = (await list(owner, slide, kind)).body.data
    expect(first.results.map((n: { title: string }) => n.title)).toEqual(["Entry 7", "Entry 6", "Entry 5", "Entry 4", "Entry 3"])
    expect(first.meta).toMatchObject({ count: 7, current_page: 1, next_page: 2 })
    expect(first.results).toHaveLength(NOTE_LIMITS.page)
    const second = (await list(owner, slide, kind, "?page=2")).body.data
    expect(second.results.map((n: { title: string }) => n.title)).toEqual(["Entry 2", "Entry 1"])
    expect(second.meta.next_page).toBeNull()
  })

  it("keeps a title trimmed with its author, and refuses a blank or too long one, storing nothing", async () => {
    const slide = await createSlide(server, owner, folder)
    const saved = await write(reviewer, slide, kind, "  Margins  ", "Clear, 2 mm.")
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect(saved.body.data).toMatchObject({ title: "Margins", value: "Clear, 2 mm.", author: { id: reviewer.id }, can_edit: true })
    const blank = await write(owner, slide, kind, "   ")
    expect(blank.status).toBe(400)
    expect(blank.body.title).toBeDefined()
    const long = await write(owner, slide, kind, "x".repeat(NOTE_LIMITS.title + 1))
    expect(long.status).toBe(400)
    expect(long.body.title).toBeDefined()
    const huge = await write(owner, slide, kind, "Huge", "x".repeat(NOTE_LIMITS.value + 1))
    expect(huge.status).toBe(400)
    expect(huge.body.value).toBeDefined()
    expect(await titles(slide, kind)).toEqual(["Margins"])
  })

  it("are edited and deleted by owner and admin on any, by a reviewer on their own only", async () => {
    const slide = await createSlide(server, owner, folder)
    const ownersId = (await write(owner, slide, kind, "Owner's")).body.data.id as string
    const reviewersId = (await write(reviewer, slide, kind, "Reviewer's")).body.data.id as string
    // can_edit, as each reader sees it
    const flags = async (who: SignedIn) =>
      Object.fromEntries(
        ((await list(who, slide, kind)).body.data.results as Array<{ title: string; can_edit: boolean }>).map((n) => [n.title, n.can_edit])
      )
    expect(await flags(reviewer)).toEqual({ "Owner's": false, "Reviewer's": true })
    expect(await flags(admin)).toEqual({ "Owner's": true, "Reviewer's": true })

    const refused = await c.put(`/v2/slides/${slide}/${kind}/${ownersId}/`, { title: "Taken over", value: "" }, { token: reviewer.access })
    expect(refused.status).toBe(403)
    expect((await c.del(`/v2/slides/${slide}/${kind}/${ownersId}/`, undefined, { token: reviewer.access })).status).toBe(403)

    const own = await c.put(
      `/v2/slides/${slide}/${kind}/${reviewersId}/`,
      { title: "Reviewer's, revised", value: "More." },
      { token: reviewer.access }
    )
    expect(own.status, JSON.stringify(own.body)).toBe(200)
    expect(own.body.data).toMatchObject({ title: "Reviewer's, revised", value: "More." })
    const byAdmin = await c.put(
      `/v2/slides/${slide}/${kind}/${ownersId}/`,
      { title: "Owner's, by the admin", value: "" },
      { token: admin.access }
    )
    expect(byAdmin.status).toBe(200)
    expect((await c.del(`/v2/slides/${slide}/${kind}/${reviewersId}/`, undefined, { token: owner.access })).status).toBe(200)
    expect(await titles(slide, kind)).toEqual(["Owner's, by the admin"])
  })

  it("answers 404 for one of another slide or of the other kind, changing nothing", async () => {
    const slide = await createSlide(server, owner, folder)
    const other = await createSlide(server, owner, folder)
    const id = (await write(owner, slide, kind, "Here")).body.data.id as string
    const otherKind: Kind = kind === "notes" ? "reports" : "notes"
    expect((await c.put(`/v2/slides/${other}/${kind}/${id}/`, { title: "Moved", value: "" }, { token: owner.access })).status).toBe(404)
    expect((await c.del(`/v2/slides/${slide}/${otherKind}/${id}/`, undefined, { token: owner.access })).status).toBe(404)
    expect(await titles(slide, kind)).toEqual(["Here"])
    expect(await titles(slide, otherKind)).toEqual([])
  })

  it("go with their slide when it is deleted forever", async () => {
    const slide = await createSlide(server, owner, folder)
    await write(owner, slide, kind, "Doomed")
    expect((await c.del(`/v2/labs/${slide}/`, undefined, { token: owner.access })).status).toBe(200)
    const purge = await c.del(`/v2/labs/trash/${slide}/`, undefined, { token: owner.access })
    expect(purge.status, JSON.stringify(purge.body)).toBe(200)
    const count = await server.withDb((db) => db.selectFrom("slide_notes").select("id").where("lab_id", "=", slide).execute())
    expect(count).toEqual([])
  })
})

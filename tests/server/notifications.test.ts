// Notifications over HTTP: derived from the events that concern a user (an invitation, an
// ownership transfer), newest first with the unread count at the spec's data.data, marked read one
// by one, and only one's own.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { SignedIn } from "../support/api.ts"
import { type StartedServer, startServer } from "../support/start-server.ts"
import { client, createFolder, person, share, transferLab } from "./support/labs-api.ts"

let server: StartedServer
let c: ReturnType<typeof client>
beforeAll(async () => {
  server = await startServer()
  c = client(server)
})
afterAll(() => server.stop())

const auth = (session: SignedIn) => ({ token: session.access })
const list = (session: SignedIn, query = "") => c.get(`/v2/notifications/${query}`, auth(session))

describe("notifications", () => {
  it("lists the user's notifications newest first, 5 a page, with the unread count", async () => {
    const ada = await person(server, "Ada")
    const bob = await person(server, "Bob")
    const labs = []
    for (let i = 0; i < 6; i++) labs.push(await createFolder(server, ada, `Lab ${i}`))
    for (const lab of labs) await share(server, ada, lab.id, bob, "reviewer")
    const reply = await list(bob)
    expect(reply.status).toBe(200)
    expect(reply.body.status).toBe("success")
    const { results, meta, unread_count } = reply.body.data.data
    expect(meta).toEqual({ count: 6, current_page: 1, next_page: 2 })
    expect(unread_count).toBe(6)
    expect(results).toHaveLength(5)
    expect(results.map((n: { lab: { name: string } }) => n.lab.name)).toEqual(["Lab 5", "Lab 4", "Lab 3", "Lab 2", "Lab 1"])
    expect(results[0]).toEqual({
      id: expect.any(String),
      type: "invite",
      is_read: false,
      created_at: expect.stringMatching(/^\d{4}-/),
      lab: { id: labs[5]!.id, name: "Lab 5", is_dir: true },
      sender: { name: "Ada", email: ada.email, username: null }
    })
    const second = (await list(bob, "?page=2")).body.data.data
    expect(second.results.map((n: { lab: { name: string } }) => n.lab.name)).toEqual(["Lab 0"])
    expect(second.meta.next_page).toBeNull()
    expect((await list(ada)).body.data.data).toEqual({ results: [], meta: { count: 0, current_page: 1, next_page: null }, unread_count: 0 })
    expect((await list(bob, "?limit=0")).status).toBe(400)
  })

  it("marks all of one's own read at once, and nobody else's", async () => {
    const ada = await person(server, "Ada")
    const bob = await person(server, "Bob")
    const eve = await person(server, "Eve")
    for (const name of ["One", "Two", "Three"]) {
      const lab = await createFolder(server, ada, name)
      await share(server, ada, lab.id, bob, "reviewer")
      await share(server, ada, lab.id, eve, "reviewer")
    }
    const [newest] = (await list(bob)).body.data.data.results
    await c.put(`/v2/notifications/${newest.id}/`, undefined, auth(bob))
    const all = await c.post("/v2/notifications/read-all/", undefined, auth(bob))
    expect(all.status).toBe(200)
    expect(all.body).toMatchObject({ status: "success", data: { marked: 2, unread_count: 0 } })
    const after = (await list(bob)).body.data.data
    expect(after.unread_count).toBe(0)
    expect(after.results.every((n: { is_read: boolean }) => n.is_read)).toBe(true)
    expect((await list(eve)).body.data.data.unread_count).toBe(3)
    // Again: nothing left to mark.
    expect((await c.post("/v2/notifications/read-all/", undefined, auth(bob))).body.data.marked).toBe(0)
    expect((await c.post("/v2/notifications/read-all/", undefined)).status).toBe(401)
  })

  it("marks one read; someone else's or an unknown one is 404 and stays unread", async () => {
    const ada = await person(server, "Ada")
    const bob = await person(server, "Bob")
    const eve = await person(server, "Eve")
    await share(server, ada, (await createFolder(server, ada, "One")).id, bob, "reviewer")
    await share(server, ada, (await createFolder(server, ada, "Two")).id, bob, "admin")
    const [newest] = (await list(bob)).body.data.data.results
    const read = await c.put(`/v2/notifications/${newest.id}/`, undefined, auth(bob))
    expect(read.status).toBe(200)
    expect(read.body.data).toMatchObject({ id: newest.id, is_read: true })
    const after = (await list(bob)).body.data.data
    expect(after.unread_count).toBe(1)
    expect(after.results.map((n: { is_read: boolean }) => n.is_read)).toEqual([true, false])
    const other = after.results[1]
    const theirs = await c.put(`/v2/notifications/${other.id}/`, undefined, auth(eve))
    expect(theirs.status).toBe(404)
    expect(theirs.body).toEqual({ _tag: "NotFound", message: "Notification not found." })
    expect((await c.put("/v2/notifications/nope/", undefined, auth(bob))).status).toBe(404)
    expect((await list(bob)).body.data.data.unread_count).toBe(1)
  })

  it("tells the new owner of an ownership transfer, and keeps the notification when the lab is purged", async () => {
    const ada = await person(server, "Ada")
    const bob = await person(server, "Bob")
    const folder = await createFolder(server, ada, "Handed over")
    await share(server, ada, folder.id, bob, "admin")
    expect((await transferLab(server, ada, folder.id, bob)).status).toBe(200)
    const [transfer] = (await list(bob)).body.data.data.results
    expect(transfer).toMatchObject({ type: "ownership-changes", lab: { id: folder.id, name: "Handed over" }, sender: { email: ada.email } })
    expect((await list(ada)).body.data.data.results).toEqual([])
    await c.del(`/v2/labs/${folder.id}/`, undefined, auth(bob))
    await c.del(`/v2/labs/trash/${folder.id}/`, undefined, auth(bob))
    const [kept] = (await list(bob)).body.data.data.results
    expect(kept).toMatchObject({ id: transfer.id, type: "ownership-changes", lab: null })
  })

  it("needs a signed-in user", async () => {
    expect((await c.get("/v2/notifications/")).status).toBe(401)
  })
})

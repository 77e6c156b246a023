// The activity page: the signed-in user's own events, newest first, paged.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { api, createSignedIn, PASSWORD } from "../support/api.ts"
import { type StartedServer, startServer } from "../support/start-server.ts"

let server: StartedServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.stop())

const activities = (token: string, query = "") => api(server).get(`/v2/auth/activities/${query}`, { token })

describe("activities", () => {
  it("lists the account's own events newest first, without secrets", async () => {
    const session = await createSignedIn(server)
    const reply = await activities(session.access)
    expect(reply.status).toBe(200)
    const { results, meta } = reply.body.data
    expect(results.map((e: { kind: string }) => e.kind)).toEqual(["auth.signed_in", "auth.activated", "auth.registered"])
    expect(meta).toEqual({ count: 3, current_page: 1, next_page: null })
    expect(results[0]).toEqual({
      id: expect.any(String),
      kind: "auth.signed_in",
      created_at: expect.any(String),
      detail: expect.any(Object)
    })
    expect(Date.parse(results[0].created_at)).toBeGreaterThanOrEqual(Date.parse(results[2].created_at))
    expect(JSON.stringify(results)).not.toContain(PASSWORD)
  })

  it("names the lab each change is about, as it is now: linked while it exists, gone once purged", async () => {
    const session = await createSignedIn(server)
    const made = await api(server).post("/v2/labs/", { name: "Liver biopsies", parent: null }, { token: session.access })
    const labId = made.body.data.data.results[0].id
    const trashed = await fetch(`${server.url}/v2/labs/${labId}/`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${session.access}` }
    })
    expect(trashed.status).toBeLessThan(300)
    const [latest, created] = (await activities(session.access)).body.data.results
    expect(latest).toMatchObject({ kind: "lab.trashed", lab: { id: labId, name: "Liver biopsies", is_dir: true, in_trash: true } })
    expect(created).toMatchObject({ kind: "lab.created", lab: { id: labId, in_trash: true } })
    // A sign-in is about no lab.
    const signIn = (await activities(session.access)).body.data.results.find((e: { kind: string }) => e.kind === "auth.signed_in")
    expect(signIn).not.toHaveProperty("lab")
  })

  it("shows nobody else's events", async () => {
    const mine = await createSignedIn(server)
    const other = await createSignedIn(server)
    await api(server).post("/v2/auth/login/", { email: other.email, password: "Wrong-pass1!" })
    const ids = (await activities(mine.access)).body.data.results.map((e: { kind: string }) => e.kind)
    expect(ids).not.toContain("auth.sign_in_failed")
    expect((await activities(other.access)).body.data.results[0].kind).toBe("auth.sign_in_failed")
  })

  it("pages with page and limit, default 10, at most 100", async () => {
    const session = await createSignedIn(server)
    for (let i = 0; i < 10; i++) {
      await api(server).put(
        "/v2/auth/password/change/",
        { old_password: "wrong-old-1", new_password: PASSWORD, new_password_confirm: PASSWORD },
        { token: session.access }
      )
      await api(server).post("/v2/auth/login/", { email: session.email, password: PASSWORD })
    }
    const first = (await activities(session.access)).body.data
    expect(first.results).toHaveLength(10)
    expect(first.meta).toEqual({ count: 13, current_page: 1, next_page: 2 })
    const second = (await activities(session.access, "?page=2")).body.data
    expect(second.results).toHaveLength(3)
    expect(second.meta).toEqual({ count: 13, current_page: 2, next_page: null })
    expect(second.results.at(-1).kind).toBe("auth.registered")
    const small = (await activities(session.access, "?page=3&limit=5")).body.data
    expect(small.results).toHaveLength(3)
    expect(small.meta.next_page).toBeNull()
    const capped = (await activities(session.access, "?limit=1000")).body.data
    expect(capped.results).toHaveLength(13)
    expect(capped.meta.next_page).toBeNull()
  })

  it("refuses a page or limit that is not a positive whole number", async () => {
    const session = await createSignedIn(server)
    for (const query of ["?page=0", "?page=-1", "?limit=0", "?page=1.5"]) {
      const reply = await activities(session.access, query)
      expect(reply.status, query).toBe(400)
    }
    const text = await activities(session.access, "?page=abc")
    expect(text.status).toBe(400)
    expect(text.body.page).toEqual(["Enter a valid value."])
  })

  it("needs a signed-in user", async () => {
    expect((await api(server).get("/v2/auth/activities/")).status).toBe(401)
  })
})

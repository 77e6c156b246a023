// Sign-in, refresh-token rotation with reuse detection, and sign-out.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { api, createAccount, createSignedIn, PASSWORD, signIn, uniqueEmail } from "../support/api.ts"
import { LOST_ANSWER_MS } from "../../server/services/auth/Sessions.ts"
import { type StartedServer, startServer } from "../support/start-server.ts"

let server: StartedServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.stop())

const login = (body: Record<string, unknown>) => api(server).post("/v2/auth/login/", body)
const refresh = (token: string) => api(server).post("/v2/auth/token/refresh/", { refresh: token })
const activityKinds = async (token: string) =>
  (await api(server).get("/v2/auth/activities/?limit=100", { token })).body.data.results as Array<{
    kind: string
    detail: Record<string, unknown>
  }>

describe("login", () => {
  it("answers tokens and the profile for the right password", async () => {
    const account = await createAccount(server, { name: "Grace Hopper" })
    const reply = await login({ email: account.email.toUpperCase(), password: PASSWORD })
    expect(reply.status).toBe(200)
    expect(reply.body.status).toBe("success")
    expect(reply.body.data).toMatchObject({
      mfa_required: false,
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      user: { id: account.id, email: account.email, name: "Grace Hopper", avatar: null, mfa_enabled: false }
    })
    const profile = await api(server).get("/v2/auth/user/profile/", { token: reply.body.data.access_token })
    expect(profile.status).toBe(200)
    expect(profile.body.data.id).toBe(account.id)
  })

  it("refuses a wrong password with the spec's message and records the attempt on the account", async () => {
    const account = await createAccount(server)
    const reply = await login({ email: account.email, password: "Wrong-pass1!", extra: "ignored" })
    expect(reply.status).toBe(400)
    expect(reply.body).toEqual({ _tag: "BadRequest", non_field_errors: ["Unable to log in with provided credentials."] })
    const session = await signIn(server, account)
    const failed = (await activityKinds(session.access)).find((e) => e.kind === "auth.sign_in_failed")
    expect(failed?.detail).toMatchObject({ reason: "password", ip: "127.0.0.1" })
    expect(JSON.stringify(failed)).not.toContain("Wrong-pass1!")
  })

  it("answers an unknown email exactly as a wrong password", async () => {
    const account = await createAccount(server)
    const wrongPassword = await login({ email: account.email, password: "Wrong-pass1!" })
    const unknown = await login({ email: uniqueEmail("ghost"), password: "Wrong-pass1!" })
    expect(unknown.status).toBe(wrongPassword.status)
    expect(unknown.body).toEqual(wrongPassword.body)
  })

  it("validates the fields before looking anything up", async () => {
    const reply = await login({ email: "", password: "short" })
    expect(reply.status).toBe(400)
    expect(reply.body).toMatchObject({ email: ["This field is required."], password: ["Password must be at least 8 characters."] })
  })

  it("answers 403 with code account_inactive for an account not yet activated", async () => {
    const email = uniqueEmail()
    await api(server).post("/v2/auth/register/", { name: "New", email, password: PASSWORD, password_confirm: PASSWORD, eula: true })
    const reply = await login({ email, password: PASSWORD })
    expect(reply.status).toBe(403)
    expect(reply.body).toMatchObject({ _tag: "Forbidden", code: "account_inactive", message: expect.stringContaining("not activated") })
    // Without the password nobody learns that the account exists but is inactive.
    expect((await login({ email, password: "Wrong-pass1!" })).status).toBe(400)
  })

  it("records sign-ins with address and user agent", async () => {
    const account = await createAccount(server)
    const reply = await api(server).post(
      "/v2/auth/login/",
      { email: account.email, password: PASSWORD },
      { headers: { "user-agent": "SlideScope/1.0" } }
    )
    const events = await activityKinds(reply.body.data.access_token)
    expect(events.find((e) => e.kind === "auth.signed_in")?.detail).toMatchObject({ ip: "127.0.0.1", user_agent: "SlideScope/1.0" })
  })
})

describe("refresh tokens", () => {
  it("rotate: the new pair works and the old refresh token is spent", async () => {
    const session = await createSignedIn(server)
    const rotated = await refresh(session.refresh)
    expect(rotated.status).toBe(200)
    expect(rotated.body.data).toEqual({ access_token: expect.any(String), refresh_token: expect.any(String) })
    expect(rotated.body.data.refresh_token).not.toBe(session.refresh)
    expect((await api(server).get("/v2/auth/user/profile/", { token: rotated.body.data.access_token })).status).toBe(200)
    const next = await refresh(rotated.body.data.refresh_token)
    expect(next.status).toBe(200)
  })

  /** Moves a session's rotations back in time, past the grace for a lost answer. */
  const rotatedLongAgo = (userId: string) =>
    server.withDb((db) =>
      db
        .updateTable("refresh_tokens")
        .set({ rotated_at: new Date(Date.now() - LOST_ANSWER_MS - 1000).toISOString() })
        .where("user_id", "=", userId)
        .where("rotated_at", "is not", null)
        .execute()
    )

  it("reusing a rotated token revokes the whole session with 401", async () => {
    const session = await createSignedIn(server)
    const rotated = await refresh(session.refresh)
    await rotatedLongAgo(session.id)
    const replay = await refresh(session.refresh)
    expect(replay.status).toBe(401)
    expect(replay.body).toMatchObject({ _tag: "Unauthorized", message: "Invalid or expired refresh token." })
    // The thief's replay also ended the legitimate client's newer token of the same session.
    expect((await refresh(rotated.body.data.refresh_token)).status).toBe(401)
  })

  it("a rotated token replayed at once after its successor was used still revokes the session", async () => {
    const session = await createSignedIn(server)
    const rotated = await refresh(session.refresh)
    const next = await refresh(rotated.body.data.refresh_token)
    expect(next.status).toBe(200)
    expect((await refresh(session.refresh)).status).toBe(401)
    expect((await refresh(next.body.data.refresh_token)).status).toBe(401)
  })

  it("a rotated token presented again at once, its answer lost, gets a new pair and spends the lost one", async () => {
    // A tab closed during a refresh: the server rotated the token, the browser never stored the reply.
    const session = await createSignedIn(server)
    const lost = await refresh(session.refresh)
    const again = await refresh(session.refresh)
    expect(again.status).toBe(200)
    expect(again.body.data.refresh_token).not.toBe(lost.body.data.refresh_token)
    expect((await api(server).get("/v2/auth/user/profile/", { token: again.body.data.access_token })).status).toBe(200)
    // Whoever holds the lost token later is caught as a reuse, and the session ends with it.
    await rotatedLongAgo(session.id)
    expect((await refresh(lost.body.data.refresh_token)).status).toBe(401)
    expect((await refresh(again.body.data.refresh_token)).status).toBe(401)
  })

  it("reuse also ends every access token the user holds", async () => {
    const session = await createSignedIn(server)
    const rotated = await refresh(session.refresh)
    await rotatedLongAgo(session.id)
    expect((await refresh(session.refresh)).status).toBe(401)
    expect((await api(server).get("/v2/auth/user/profile/", { token: rotated.body.data.access_token })).status).toBe(401)
  })

  it("reuse revokes only that session, not the user's other sign-ins", async () => {
    const account = await createAccount(server)
    const phone = await signIn(server, account)
    const laptop = await signIn(server, account)
    await refresh(phone.refresh)
    await rotatedLongAgo(phone.id)
    expect((await refresh(phone.refresh)).status).toBe(401)
    expect((await refresh(laptop.refresh)).status).toBe(200)
  })

  it("refuses unknown and expired tokens with 401", async () => {
    expect((await refresh("not-a-token")).status).toBe(401)
    const session = await createSignedIn(server)
    await server.withDb((db) =>
      db
        .updateTable("refresh_tokens")
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where("user_id", "=", session.id)
        .execute()
    )
    expect((await refresh(session.refresh)).status).toBe(401)
  })

  it("a protected endpoint answers 401 without a token or with a forged one", async () => {
    expect((await api(server).get("/v2/auth/user/profile/")).status).toBe(401)
    const session = await createSignedIn(server)
    const [header, , signature] = session.access.split(".")
    const forgedBody = Buffer.from(JSON.stringify({ sub: "someone-else", email: "x@y.z", name: "X", iat: 0, exp: 9999999999 })).toString(
      "base64url"
    )
    expect((await api(server).get("/v2/auth/user/profile/", { token: `${header}.${forgedBody}.${signature}` })).status).toBe(401)
  })
})

describe("logout", () => {
  it("revokes the refresh token, records it, and is idempotent", async () => {
    const session = await createSignedIn(server)
    const first = await api(server).post("/v2/auth/logout/", { refresh: session.refresh })
    expect(first.status).toBe(200)
    expect(first.body.status).toBe("success")
    expect((await refresh(session.refresh)).status).toBe(401)
    expect((await api(server).post("/v2/auth/logout/", { refresh: session.refresh })).status).toBe(200)
    expect((await api(server).post("/v2/auth/logout/", { refresh: "unknown" })).status).toBe(200)
    const again = await signIn(server, session)
    expect((await activityKinds(again.access)).filter((e) => e.kind === "auth.signed_out")).toHaveLength(1)
  })

  it("ends every access token of the user at once, and other sessions refresh theirs", async () => {
    const account = await createAccount(server)
    const leaving = await signIn(server, account)
    const staying = await signIn(server, account)
    const profile = (token: string) => api(server).get("/v2/auth/user/profile/", { token })
    expect((await profile(leaving.access)).status).toBe(200)
    expect((await api(server).post("/v2/auth/logout/", { refresh: leaving.refresh })).status).toBe(200)
    expect((await profile(leaving.access)).status).toBe(401)
    expect((await profile(staying.access)).status).toBe(401)
    const renewed = await refresh(staying.refresh)
    expect(renewed.status).toBe(200)
    expect((await profile(renewed.body.data.access_token)).status).toBe(200)
  })

  it("needs the refresh field", async () => {
    const reply = await api(server).post("/v2/auth/logout/", {})
    expect(reply.status).toBe(400)
    expect(reply.body.refresh).toEqual(["This field is required."])
  })
})

// Password reset through the mailed link, end to end, and changing the password while signed in.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { api, createAccount, createSignedIn, PASSWORD, signIn, uniqueEmail } from "../support/api.ts"
import { type StartedServer, startServer } from "../support/start-server.ts"

let server: StartedServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.stop())

const NEW_PASSWORD = "Fresh-Slides9?"
const login = (email: string, password: string) => api(server).post("/v2/auth/login/", { email, password })
const refresh = (token: string) => api(server).post("/v2/auth/token/refresh/", { refresh: token })

describe("password reset", () => {
  const requestReset = (email: string, locale?: string) =>
    api(server).post("/v2/auth/password/reset/", { email, ...(locale ? { locale } : {}) })
  const linkParts = (link: string) => {
    const [, , uid, token] = new URL(link).pathname.split("/").slice(-4)
    return { uid: decodeURIComponent(uid!), token: decodeURIComponent(token!) }
  }
  const confirm = (body: Record<string, string>) => api(server).post("/v2/auth/password/reset/confirm/", body)

  it("mails a link; the link sets the new password once and ends every session", async () => {
    const session = await createSignedIn(server)
    const before = (await server.latestMail(session.email)).file
    const reply = await requestReset(session.email.toUpperCase())
    expect(reply.status).toBe(200)
    expect(reply.body.status).toBe("success")

    const mail = await server.latestMail(session.email, { after: before })
    expect(mail.subject).toBe("Reset your Preparat password")
    const link = mail.links[0]!
    expect(link).toMatch(new RegExp(`^${server.url}/password-reset-confirm/[^/]+/[^/]+$`))
    const { uid, token } = linkParts(link)
    expect(uid).toBe(session.id)

    const done = await confirm({ uid, token, password: NEW_PASSWORD, password_confirm: NEW_PASSWORD })
    expect(done.status).toBe(200)
    expect((await login(session.email, PASSWORD)).status).toBe(400)
    expect((await login(session.email, NEW_PASSWORD)).status).toBe(200)
    expect((await refresh(session.refresh)).status).toBe(401)
    expect((await api(server).get("/v2/auth/user/profile/", { token: session.access })).status).toBe(401)

    const reuse = await confirm({ uid, token, password: "Another-one1!", password_confirm: "Another-one1!" })
    expect(reuse.status).toBe(400)
    expect(reuse.body).toEqual({ _tag: "BadRequest", token: ["Invalid or expired link."] })
    expect((await login(session.email, NEW_PASSWORD)).status).toBe(200)
  })

  it("links to the Indonesian page for locale id", async () => {
    const account = await createAccount(server)
    const before = (await server.latestMail(account.email)).file
    await requestReset(account.email, "id")
    const mail = await server.latestMail(account.email, { after: before })
    expect(new URL(mail.links[0]!).pathname).toMatch(/^\/id\/password-reset-confirm\//)
    expect(mail.subject).toBe("Atur ulang kata sandi Preparat Anda")
  })

  it("answers an unknown email exactly as a known one, and mails nothing", async () => {
    const account = await createAccount(server)
    const activation = await server.latestMail(account.email)
    const known = await requestReset(account.email)
    await server.latestMail(account.email, { after: activation.file })
    const count = (await server.mails()).length
    const unknown = await requestReset(uniqueEmail("nobody"))
    expect(unknown.status).toBe(200)
    expect(unknown.body).toEqual(known.body)
    await new Promise((r) => setTimeout(r, 200))
    expect((await server.mails()).length).toBe(count)
  })

  it("refuses a bad confirmation, a weak password, a forged or expired token, and changes nothing", async () => {
    const account = await createAccount(server)
    const before = (await server.latestMail(account.email)).file
    await requestReset(account.email)
    const { uid, token } = linkParts((await server.latestMail(account.email, { after: before })).links[0]!)

    const mismatch = await confirm({ uid, token, password: NEW_PASSWORD, password_confirm: "Other-pass1!" })
    expect(mismatch.status).toBe(400)
    expect(mismatch.body.password_confirm).toEqual(["The two password fields didn't match."])

    const weak = await confirm({ uid, token, password: "weakpassword", password_confirm: "weakpassword" })
    expect(weak.status).toBe(400)
    expect(weak.body.password).toEqual(["Password must contain an uppercase letter, a number and one of @$!%*?"])

    const forged = await confirm({ uid, token: `${token}x`, password: NEW_PASSWORD, password_confirm: NEW_PASSWORD })
    expect(forged.body).toEqual({ _tag: "BadRequest", token: ["Invalid or expired link."] })
    const otherUser = await confirm({ uid: "someone-else", token, password: NEW_PASSWORD, password_confirm: NEW_PASSWORD })
    expect(otherUser.body.token).toEqual(["Invalid or expired link."])

    await server.withDb((db) =>
      db
        .updateTable("one_time_tokens")
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where("user_id", "=", uid)
        .execute()
    )
    const expired = await confirm({ uid, token, password: NEW_PASSWORD, password_confirm: NEW_PASSWORD })
    expect(expired.body.token).toEqual(["Invalid or expired link."])

    expect((await login(account.email, PASSWORD)).status).toBe(200)
  })

  it("needs every field", async () => {
    const reply = await confirm({})
    expect(reply.status).toBe(400)
    for (const field of ["uid", "token", "password", "password_confirm"])
      expect(reply.body[field], field).toEqual(["This field is required."])
  })
})

describe("password change", () => {
  const change = (token: string, body: Record<string, string>) => api(server).put("/v2/auth/password/change/", body, { token })

  it("refuses a wrong old password and changes nothing", async () => {
    const session = await createSignedIn(server)
    const reply = await change(session.access, {
      old_password: "Wrong-pass1!",
      new_password: NEW_PASSWORD,
      new_password_confirm: NEW_PASSWORD
    })
    expect(reply.status).toBe(400)
    expect(reply.body).toEqual({ _tag: "BadRequest", old_password: ["Your old password was entered incorrectly."] })
    expect((await login(session.email, PASSWORD)).status).toBe(200)
  })

  it("refuses a confirmation that does not match", async () => {
    const session = await createSignedIn(server)
    const reply = await change(session.access, { old_password: PASSWORD, new_password: NEW_PASSWORD, new_password_confirm: "Other-pass1!" })
    expect(reply.status).toBe(400)
    expect(reply.body.new_password_confirm).toEqual(["The new password does not match."])
    expect((await login(session.email, PASSWORD)).status).toBe(200)
  })

  it("applies the password policy to the new password", async () => {
    const session = await createSignedIn(server)
    const reply = await change(session.access, { old_password: PASSWORD, new_password: "short", new_password_confirm: "short" })
    expect(reply.status).toBe(400)
    expect(reply.body.new_password).toContain("Password must be at least 8 characters.")
  })

  it("changes the password, keeps the caller's session and ends the others", async () => {
    const account = await createAccount(server)
    const mine = await signIn(server, account)
    const other = await signIn(server, account)
    const reply = await change(mine.access, {
      old_password: PASSWORD,
      new_password: NEW_PASSWORD,
      new_password_confirm: NEW_PASSWORD,
      refresh: mine.refresh
    })
    expect(reply.status).toBe(200)
    expect(reply.body.message).toBe("Your password has been changed.")
    expect((await login(account.email, PASSWORD)).status).toBe(400)
    expect((await login(account.email, NEW_PASSWORD)).status).toBe(200)
    // Every access token issued before is over; the caller's session refreshes into a new one.
    expect((await api(server).get("/v2/auth/user/profile/", { token: other.access })).status).toBe(401)
    expect((await api(server).get("/v2/auth/user/profile/", { token: mine.access })).status).toBe(401)
    const renewed = await refresh(mine.refresh)
    expect(renewed.status).toBe(200)
    expect((await api(server).get("/v2/auth/user/profile/", { token: renewed.body.data.access_token })).status).toBe(200)
    expect((await refresh(other.refresh)).status).toBe(401)
  })

  it("needs a signed-in user", async () => {
    const reply = await api(server).put("/v2/auth/password/change/", {
      old_password: PASSWORD,
      new_password: NEW_PASSWORD,
      new_password_confirm: NEW_PASSWORD
    })
    expect(reply.status).toBe(401)
  })
})

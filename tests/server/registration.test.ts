// Registration, the activation link and resending it, over real HTTP against the real server.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { api, createAccount, PASSWORD, uniqueEmail } from "../support/api.ts"
import { type StartedServer, startServer } from "../support/start-server.ts"

let server: StartedServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.stop())

const register = (fields: Record<string, unknown>) =>
  api(server).post("/v2/auth/register/", {
    name: "Ada",
    email: uniqueEmail(),
    password: PASSWORD,
    password_confirm: PASSWORD,
    eula: true,
    ...fields
  })

const userCount = () =>
  server.withDb(async (db) =>
    Number(
      (
        await db
          .selectFrom("users")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n
    )
  )

describe("register", () => {
  it("lists every invalid field with the spec's messages and creates nothing", async () => {
    const before = await userCount()
    const reply = await api(server).post("/v2/auth/register/", {
      name: " ",
      email: "not-an-email",
      password: "short",
      password_confirm: "x",
      eula: false
    })
    expect(reply.status).toBe(400)
    expect(reply.body).toMatchObject({
      name: ["This field is required."],
      email: ["Enter a valid email address."],
      password: ["Password must be at least 8 characters.", "Password must contain an uppercase letter, a number and one of @$!%*?"],
      eula: ["You must accept the privacy policy and EULA."]
    })
    expect(await userCount()).toBe(before)
  })

  it("reports missing fields as required", async () => {
    const reply = await api(server).post("/v2/auth/register/", {})
    expect(reply.status).toBe(400)
    for (const field of ["name", "email", "password", "password_confirm", "eula"]) {
      expect(reply.body[field], field).toEqual(["This field is required."])
    }
  })

  it("refuses a confirmation that does not match", async () => {
    const reply = await register({ password_confirm: "Different1!" })
    expect(reply.status).toBe(400)
    expect(reply.body.password_confirm).toEqual(["The two password fields didn't match."])
  })

  it("refuses a password without an uppercase letter, digit and special character", async () => {
    const reply = await register({ password: "alllowercase", password_confirm: "alllowercase" })
    expect(reply.status).toBe(400)
    expect(reply.body.password).toEqual(["Password must contain an uppercase letter, a number and one of @$!%*?"])
  })

  it("creates an inactive account, answers 201 and mails the activation link", async () => {
    const email = uniqueEmail("Mixed.Case")
    const reply = await register({ email })
    expect(reply.status).toBe(201)
    expect(reply.body).toMatchObject({ status: "success", data: { email: email.toLowerCase() } })
    const mail = await server.latestMail(email)
    expect(mail.subject).toBe("Activate your Preparat account")
    expect(mail.links[0]).toMatch(new RegExp(`^${server.url}/v2/auth/activate/[^/]+/[^/]+/$`))
    expect(mail.html).toContain(mail.links[0])
    const login = await api(server).post("/v2/auth/login/", { email, password: PASSWORD })
    expect(login.status).toBe(403)
    expect(login.body).toMatchObject({ code: "account_inactive" })
  })

  it("writes the activation mail in Indonesian when asked", async () => {
    const email = uniqueEmail()
    expect((await register({ email, locale: "id" })).status).toBe(201)
    const mail = await server.latestMail(email)
    expect(mail.subject).toBe("Aktifkan akun Preparat Anda")
    expect(mail.text).toContain("Tautan ini hanya berlaku sekali")
  })

  it("answers an address that has an account like a new one, and mails its owner instead", async () => {
    const email = uniqueEmail()
    expect((await register({ email })).status).toBe(201)
    const first = await server.latestMail(email)
    // Not activated yet: a fresh activation link.
    const again = await register({ email: email.toUpperCase() })
    expect(again.status).toBe(201)
    // Exactly what a new address gets, but for the address itself.
    const fresh = uniqueEmail()
    const brandNew = await register({ email: fresh })
    expect(brandNew.status).toBe(201)
    expect(again.body).toEqual({ ...brandNew.body, data: { email } })
    expect([...again.headers.keys()].sort()).toEqual([...brandNew.headers.keys()].sort())
    const resent = await server.latestMail(email, { after: first.file })
    expect(resent.subject).toBe("Activate your Preparat account")
    expect((await fetch(resent.links[0]!, { redirect: "manual" })).headers.get("location")).toMatch(/\/verify$/)
    // Active: a note that the account exists, with the way to a new password; nothing changes.
    const third = await register({ email, locale: "en" })
    expect(third.status).toBe(201)
    const note = await server.latestMail(email, { after: resent.file })
    expect(note.subject).toBe("You already have a Preparat account")
    expect(note.links[0]).toBe(`${server.url}/reset-password`)
    expect((await api(server).post("/v2/auth/login/", { email, password: PASSWORD })).status).toBe(200)
  })

  it("lets only the last registrant of an inactive address sign in: a second registration replaces the password and name", async () => {
    const email = uniqueEmail("victim")
    // Someone else registers the address first, with a password of their own.
    expect((await register({ email, name: "Mallory", password: "Attacker1!", password_confirm: "Attacker1!" })).status).toBe(201)
    const squatter = await server.latestMail(email)
    // The owner registers later; their mail's link (or a scanner opening it) activates the account.
    expect((await register({ email, name: "Victoria" })).status).toBe(201)
    const owners = await server.latestMail(email, { after: squatter.file })
    // The first registrant's link no longer works, whoever opens it.
    expect((await fetch(squatter.links[0]!, { redirect: "manual" })).headers.get("location")).toMatch(/\/unverified$/)
    expect((await fetch(owners.links[0]!, { redirect: "manual" })).headers.get("location")).toMatch(/\/verify$/)
    expect((await api(server).post("/v2/auth/login/", { email, password: "Attacker1!" })).status).toBe(400)
    const signedIn = await api(server).post("/v2/auth/login/", { email, password: PASSWORD })
    expect(signedIn.status).toBe(200)
    expect(signedIn.body.data.user.name).toBe("Victoria")
  })

  it("records the language of the registration, and the one each sign-in comes with, for mails to the user", async () => {
    const email = uniqueEmail()
    expect((await register({ email, locale: "id" })).status).toBe(201)
    const localeOf = () =>
      server.withDb(
        async (db) => (await db.selectFrom("users").select("locale").where("email", "=", email).executeTakeFirstOrThrow()).locale
      )
    expect(await localeOf()).toBe("id")
    const link = (await server.latestMail(email)).links[0]!
    await fetch(link, { redirect: "manual" })
    // A sign-in without the language cookie says nothing about the language: it stays.
    expect((await api(server).post("/v2/auth/login/", { email, password: PASSWORD })).status).toBe(200)
    expect(await localeOf()).toBe("id")
    const english = await api(server).post("/v2/auth/login/", { email, password: PASSWORD }, { headers: { cookie: "lang=en" } })
    expect(english.status).toBe(200)
    expect(await localeOf()).toBe("en")
  })

  it("bounds every text field: a huge name or password is a 400 naming it, not a 500", async () => {
    const long = await register({ email: uniqueEmail(), name: "n".repeat(151) })
    expect(long.status).toBe(400)
    expect(long.body.name).toEqual(["This is too long."])
    const password = `Aa1!${"x".repeat(300)}`
    const hashBomb = await register({ email: uniqueEmail(), password, password_confirm: password })
    expect(hashBomb.status).toBe(400)
    expect(hashBomb.body.password).toEqual(["This is too long."])
    // Ten mebibytes of name or password: refused whole, before any of it is read into a field.
    for (const fields of [{ name: "n".repeat(10 * 1024 * 1024) }, { password: "x".repeat(10 * 1024 * 1024) }]) {
      const huge = await register({ email: uniqueEmail(), ...fields })
      expect([400, 413]).toContain(huge.status)
    }
    const login = await api(server).post("/v2/auth/login/", { email: uniqueEmail(), password: "x".repeat(10_000) })
    expect(login.status).toBe(400)
    expect(login.body.password).toEqual(["This is too long."])
  })
})

describe("activation link", () => {
  const activationLink = async (email: string) => {
    expect((await register({ email })).status).toBe(201)
    return (await server.latestMail(email)).links[0]!
  }

  it("activates once, then redirects to /unverified", async () => {
    const email = uniqueEmail()
    const link = await activationLink(email)
    const first = await fetch(link, { redirect: "manual" })
    expect(first.status).toBe(302)
    expect(first.headers.get("location")).toBe(`${server.url}/verify`)
    const login = await api(server).post("/v2/auth/login/", { email, password: PASSWORD })
    expect(login.status).toBe(200)
    const second = await fetch(link, { redirect: "manual" })
    expect(second.headers.get("location")).toBe(`${server.url}/unverified`)
  })

  it("redirects to /unverified for a forged token and keeps the account inactive", async () => {
    const email = uniqueEmail()
    const link = await activationLink(email)
    const forged = link.replace(/\/[^/]+\/$/, "/forged-token/")
    const reply = await fetch(forged, { redirect: "manual" })
    expect(reply.headers.get("location")).toBe(`${server.url}/unverified`)
    expect((await api(server).post("/v2/auth/login/", { email, password: PASSWORD })).status).toBe(403)
  })

  it("redirects to /unverified for an expired link", async () => {
    const email = uniqueEmail()
    const link = await activationLink(email)
    const uid = decodeURIComponent(new URL(link).pathname.split("/")[4]!)
    await server.withDb((db) =>
      db
        .updateTable("one_time_tokens")
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where("user_id", "=", uid)
        .execute()
    )
    const reply = await fetch(link, { redirect: "manual" })
    expect(reply.headers.get("location")).toBe(`${server.url}/unverified`)
  })

  it("carries the page kept through sign-in from registration to /verify, and only a path of this site", async () => {
    const email = uniqueEmail()
    expect((await register({ email, next: "/id/dashboard/labs/lab-7/annotations?zoom=2" })).status).toBe(201)
    const link = (await server.latestMail(email)).links[0]!
    expect(new URL(link).searchParams.get("next")).toBe("/dashboard/labs/lab-7/annotations?zoom=2")
    const reply = await fetch(link, { redirect: "manual", headers: { cookie: "lang=id" } })
    expect(reply.headers.get("location")).toBe(`${server.url}/id/verify?next=%2Fdashboard%2Flabs%2Flab-7%2Fannotations%3Fzoom%3D2`)
    // Another host in the mail's link, or in a link someone edited, never reaches the redirect.
    for (const next of ["//evil.com", "https://evil.com/x", "/\\evil.com"]) {
      const other = uniqueEmail()
      expect((await register({ email: other, next })).status).toBe(201)
      const mailed = (await server.latestMail(other)).links[0]!
      expect(new URL(mailed).search).toBe("")
      const edited = `${mailed}?next=${encodeURIComponent(next)}`
      expect((await fetch(edited, { redirect: "manual" })).headers.get("location")).toBe(`${server.url}/verify`)
    }
  })

  it("lands on the Indonesian pages when the lang cookie says id", async () => {
    const link = await activationLink(uniqueEmail())
    const reply = await fetch(link, { redirect: "manual", headers: { cookie: "lang=id" } })
    expect(reply.headers.get("location")).toBe(`${server.url}/id/verify`)
    const again = await fetch(link, { redirect: "manual", headers: { cookie: "theme=dark; lang=id" } })
    expect(again.headers.get("location")).toBe(`${server.url}/id/unverified`)
  })
})

describe("resend activation", () => {
  const resend = (email: string) => api(server).post("/v2/auth/resend-activation/", { email })

  it("mails a new link that works, and the older link stops working", async () => {
    const email = uniqueEmail()
    expect((await register({ email })).status).toBe(201)
    const first = await server.latestMail(email)
    const reply = await resend(email)
    expect(reply.status).toBe(200)
    const second = await server.latestMail(email, { after: first.file })
    expect(second.links[0]).not.toBe(first.links[0])
    expect((await fetch(first.links[0]!, { redirect: "manual" })).headers.get("location")).toBe(`${server.url}/unverified`)
    expect((await fetch(second.links[0]!, { redirect: "manual" })).headers.get("location")).toBe(`${server.url}/verify`)
  })

  it("answers the same for an unknown and an active account, and mails neither", async () => {
    const active = await createAccount(server)
    const before = (await server.mails()).length
    const unknown = await resend(uniqueEmail("nobody"))
    const known = await resend(active.email)
    expect(unknown.status).toBe(200)
    expect(known.status).toBe(200)
    expect(known.body).toEqual(unknown.body)
    await new Promise((r) => setTimeout(r, 200))
    expect((await server.mails()).length).toBe(before)
  })
})

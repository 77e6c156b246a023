// Rate limits answer 429 with a readable message and retry_after, per account and per address.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { api, createAccount, createSignedIn, PASSWORD, uniqueEmail } from "../support/api.ts"
import { type StartedServer, startServer } from "../support/start-server.ts"

const ATTEMPTS = 3
let server: StartedServer
beforeAll(async () => {
  server = await startServer({ config: { rateLimit: { attempts: ATTEMPTS, windowSeconds: 600 } } })
})
afterAll(() => server.stop())

const login = (email: string, password: string) => api(server).post("/v2/auth/login/", { email, password })

const expectTooMany = (reply: { status: number; body: { _tag: string; message: string; retry_after: number } }) => {
  expect(reply.status).toBe(429)
  expect(reply.body._tag).toBe("TooManyRequests")
  expect(reply.body.message).toMatch(/^Too many attempts\. Try again in \d+ minutes?\.$/)
  expect(reply.body.retry_after).toBeGreaterThan(0)
  expect(reply.body.retry_after).toBeLessThanOrEqual(600)
}

describe("sign-in limits", () => {
  it("blocks an account after too many failures, even with the right password, and not other accounts", async () => {
    const account = await createAccount(server)
    for (let i = 0; i < ATTEMPTS; i++) expect((await login(account.email, "Wrong-pass1!")).status).toBe(400)
    expectTooMany(await login(account.email, PASSWORD))
    expectTooMany(await login(account.email.toUpperCase(), "Wrong-pass1!"))
    const other = await createAccount(server)
    expect((await login(other.email, PASSWORD)).status).toBe(200)
  })

  it("does not count successful sign-ins", async () => {
    const account = await createAccount(server)
    for (let i = 0; i < ATTEMPTS + 2; i++) expect((await login(account.email, PASSWORD)).status).toBe(200)
  })

  it("blocks an address that fails across many accounts", async () => {
    // Its own server: this uses up the loopback address's allowance.
    const sprayed = await startServer({ config: { rateLimit: { attempts: ATTEMPTS, windowSeconds: 600 } } })
    try {
      const spray = () => api(sprayed).post("/v2/auth/login/", { email: uniqueEmail("spray"), password: "Wrong-pass1!" })
      // The per-address allowance is ten times the per-account one (many people share an office address).
      for (let i = 0; i < ATTEMPTS * 10; i++) expect((await spray()).status).toBe(400)
      expectTooMany(await spray())
    } finally {
      await sprayed.stop()
    }
  })
})

describe("mail limits", () => {
  it("limits password reset mails per email", async () => {
    const email = uniqueEmail("reset")
    for (let i = 0; i < ATTEMPTS; i++) expect((await api(server).post("/v2/auth/password/reset/", { email })).status).toBe(200)
    expectTooMany(await api(server).post("/v2/auth/password/reset/", { email }))
  })

  it("limits activation mails per email", async () => {
    const email = uniqueEmail("resend")
    for (let i = 0; i < ATTEMPTS; i++) expect((await api(server).post("/v2/auth/resend-activation/", { email })).status).toBe(200)
    expectTooMany(await api(server).post("/v2/auth/resend-activation/", { email }))
  })

  it("limits 2FA reset mails per email", async () => {
    const email = uniqueEmail("mfa")
    for (let i = 0; i < ATTEMPTS; i++) expect((await api(server).post("/v2/auth/reset-mfa/", { email })).status).toBe(200)
    expectTooMany(await api(server).post("/v2/auth/reset-mfa/", { email }))
  })
})

describe("password change limit", () => {
  it("blocks after too many wrong old passwords", async () => {
    const session = await createSignedIn(server)
    const change = (old_password: string) =>
      api(server).put("/v2/auth/password/change/", { old_password, new_password: "Next-pass1!", new_password_confirm: "Next-pass1!" }, { token: session.access })
    for (let i = 0; i < ATTEMPTS; i++) expect((await change("Wrong-old1!")).status).toBe(400)
    expectTooMany(await change(PASSWORD))
  })
})

describe("the window", () => {
  it("lets attempts through again once the window has passed", async () => {
    const short = await startServer({ config: { rateLimit: { attempts: 2, windowSeconds: 2 } } })
    try {
      const account = await createAccount(short)
      const shortLogin = (password: string) => api(short).post("/v2/auth/login/", { email: account.email, password })
      // Start at the beginning of a window so the attempts below share one.
      await new Promise((r) => setTimeout(r, 2000 - (Date.now() % 2000) + 20))
      await shortLogin("Wrong-pass1!")
      await shortLogin("Wrong-pass1!")
      const blocked = await shortLogin(PASSWORD)
      expect(blocked.status).toBe(429)
      await new Promise((r) => setTimeout(r, blocked.body.retry_after * 1000 + 50))
      expect((await shortLogin(PASSWORD)).status).toBe(200)
    } finally {
      await short.stop()
    }
  })
})

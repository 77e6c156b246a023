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

  it("counts parallel guesses as they arrive: of 150 at once, only the limit of 10 reach the password check", async () => {
    // Its own server, with the default limit: this uses up the loopback address's allowance.
    const guessed = await startServer({ config: { rateLimit: { attempts: 10, windowSeconds: 600 } } })
    try {
      const account = await createAccount(guessed)
      const guess = (password: string) => api(guessed).post("/v2/auth/login/", { email: account.email, password })
      const replies = await Promise.all(Array.from({ length: 150 }, () => guess("Wrong-pass1!")))
      expect(replies.filter((r) => r.status === 400)).toHaveLength(10)
      expect(replies.filter((r) => r.status === 429)).toHaveLength(140)
      // Each checked password leaves a failed sign-in on the account: ten, not one per request.
      const failed = await guessed.withDb((db) =>
        db.selectFrom("events").select("id").where("actor_id", "=", account.id).where("kind", "=", "auth.sign_in_failed").execute()
      )
      expect(failed).toHaveLength(10)
      expectTooMany(await guess(PASSWORD))
    } finally {
      await guessed.stop()
    }
  })

  it("keeps out the right password sent among 59 wrong ones at once", async () => {
    const guessed = await startServer({ config: { rateLimit: { attempts: 10, windowSeconds: 600 } } })
    try {
      const account = await createAccount(guessed)
      const guess = (password: string) => api(guessed).post("/v2/auth/login/", { email: account.email, password })
      // All sixty at once, the right one last: counted before it is checked, it is the sixtieth attempt.
      const wrong = Array.from({ length: 59 }, () => guess("Wrong-pass1!"))
      const right = await guess(PASSWORD)
      expect((await Promise.all(wrong)).filter((r) => r.status === 400)).toHaveLength(10)
      expectTooMany(right)
    } finally {
      await guessed.stop()
    }
  })

  it("lets the owner in from a browser they signed in from before while guesses elsewhere lock the account", async () => {
    const account = await createAccount(server)
    const first = await login(account.email, PASSWORD)
    expect(first.status).toBe(200)
    const device = /preparat_device=([^;]+)/.exec(first.headers.get("set-cookie") ?? "")?.[1]
    expect(device).toBeDefined()
    expect(first.headers.get("set-cookie")).toMatch(/preparat_device=[^;]+;.*HttpOnly/i)
    // An attacker without the cookie spends the account's allowance.
    for (let i = 0; i < ATTEMPTS; i++) expect((await login(account.email, "Wrong-pass1!")).status).toBe(400)
    expectTooMany(await login(account.email, PASSWORD))
    const fromDevice = (password: string, cookie = `preparat_device=${device}`) =>
      api(server).post("/v2/auth/login/", { email: account.email, password }, { headers: { cookie } })
    // A forged or another account's device cookie counts as none.
    expectTooMany(await fromDevice(PASSWORD, `preparat_device=${device!.split(".")[0]}.forged`))
    const other = await createAccount(server)
    const otherDevice = /preparat_device=([^;]+)/.exec((await login(other.email, PASSWORD)).headers.get("set-cookie") ?? "")?.[1]
    expectTooMany(await fromDevice(PASSWORD, `preparat_device=${otherDevice}`))
    expect((await fromDevice(PASSWORD)).status).toBe(200)
    // The device has its own allowance: guesses from it are limited too.
    for (let i = 0; i < ATTEMPTS; i++) expect((await fromDevice("Wrong-pass1!")).status).toBe(400)
    expectTooMany(await fromDevice(PASSWORD))
  })

  it("does not give guessers a fresh allowance when the owner signs in from their browser", async () => {
    const account = await createAccount(server)
    const first = await login(account.email, PASSWORD)
    const device = /preparat_device=([^;]+)/.exec(first.headers.get("set-cookie") ?? "")?.[1]
    expect(device).toBeDefined()
    // A guesser without the cookie spends all but one of the account's shared allowance.
    for (let i = 0; i < ATTEMPTS - 1; i++) expect((await login(account.email, "Wrong-pass1!")).status).toBe(400)
    const fromDevice = await api(server).post(
      "/v2/auth/login/",
      { email: account.email, password: PASSWORD },
      { headers: { cookie: `preparat_device=${device}` } }
    )
    expect(fromDevice.status).toBe(200)
    // The owner's sign-in from their browser leaves the shared count as it was: one guess left.
    expect((await login(account.email, "Wrong-pass1!")).status).toBe(400)
    expectTooMany(await login(account.email, "Wrong-pass1!"))
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

describe("behind a trusted proxy", () => {
  it("limits the address the proxy saw, whatever the client wrote into X-Forwarded-For", async () => {
    const proxied = await startServer({ config: { trustProxy: 1, rateLimit: { attempts: ATTEMPTS, windowSeconds: 600 } } })
    try {
      let n = 0
      const spray = () =>
        api(proxied).post(
          "/v2/auth/login/",
          { email: uniqueEmail("spray"), password: "Wrong-pass1!" },
          { headers: { "x-forwarded-for": `198.51.100.${++n % 250}, 203.0.113.7` } }
        )
      for (let i = 0; i < ATTEMPTS * 10; i++) expect((await spray()).status).toBe(400)
      expectTooMany(await spray())
    } finally {
      await proxied.stop()
    }
  })
})

describe("IPv6 addresses", () => {
  it("limits a whole /64 as one address, and keeps other /64s and IPv4 addresses apart", async () => {
    const proxied = await startServer({ config: { trustProxy: 1, rateLimit: { attempts: ATTEMPTS, windowSeconds: 600 } } })
    try {
      const spray = (from: string) =>
        api(proxied).post(
          "/v2/auth/login/",
          { email: uniqueEmail("spray"), password: "Wrong-pass1!" },
          { headers: { "x-forwarded-for": from } }
        )
      // One host hands itself a new address of its /64 for every attempt: still one address.
      for (let i = 0; i < ATTEMPTS * 10; i++) expect((await spray(`2001:db8:a:b:${(i + 1).toString(16)}::1`)).status).toBe(400)
      expectTooMany(await spray("2001:db8:a:b:ffff:ffff:ffff:fffe"))
      expectTooMany(await spray("2001:DB8:A:B::7"))
      expect((await spray("2001:db8:a:c::1")).status).toBe(400)
      // IPv4 stays per address, written plainly or mapped into IPv6.
      for (let i = 0; i < ATTEMPTS * 10; i++) expect((await spray("198.51.100.20")).status).toBe(400)
      expectTooMany(await spray("::ffff:198.51.100.20"))
      expect((await spray("198.51.100.21")).status).toBe(400)
    } finally {
      await proxied.stop()
    }
  })
})

describe("mail limits", () => {
  it("limits password reset mails per email", async () => {
    const email = uniqueEmail("reset")
    for (let i = 0; i < ATTEMPTS; i++) expect((await api(server).post("/v2/auth/password/reset/", { email })).status).toBe(200)
    expectTooMany(await api(server).post("/v2/auth/password/reset/", { email }))
  })

  it("cannot keep an account from its reset mail with requests from many addresses: past the cap it answers the same and mails nothing", async () => {
    const proxied = await startServer({ config: { trustProxy: 1, rateLimit: { attempts: ATTEMPTS, windowSeconds: 600 } } })
    try {
      const account = await createAccount(proxied)
      const reset = (from: string, email = account.email) =>
        api(proxied).post("/v2/auth/password/reset/", { email }, { headers: { "x-forwarded-for": from } })
      const nobody = await reset("198.51.100.1", uniqueEmail("nobody"))
      expect(nobody.status).toBe(200)
      // Twenty requests from twenty addresses: never a 429 the owner would then meet too.
      for (let i = 2; i < 22; i++) {
        const reply = await reset(`198.51.100.${i}`)
        expect(reply.status).toBe(200)
        expect(reply.body).toEqual(nobody.body)
      }
      // The owner, from their own address, is answered as usual.
      expect((await reset("203.0.113.50")).body).toEqual(nobody.body)
      // But only the cap's worth of reset links was made and mailed.
      const requested = await proxied.withDb((db) =>
        db
          .selectFrom("events")
          .select("id")
          .where("actor_id", "=", account.id)
          .where("kind", "=", "auth.password_reset_requested")
          .execute()
      )
      expect(requested).toHaveLength(ATTEMPTS)
      const resetMails = async () =>
        (await proxied.mails()).filter((m) => m.to.includes(account.email) && m.links.some((l) => l.includes("/password-reset-confirm/")))
      while ((await resetMails()).length < ATTEMPTS) await new Promise((r) => setTimeout(r, 25))
      expect(await resetMails()).toHaveLength(ATTEMPTS)
    } finally {
      await proxied.stop()
    }
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

describe("parallel attempts at every other limited endpoint", () => {
  // Its own server: twenty at once from one address per endpoint would use up the shared one's allowance.
  let burst: StartedServer
  beforeAll(async () => {
    burst = await startServer({ config: { rateLimit: { attempts: ATTEMPTS, windowSeconds: 600 } } })
  })
  afterAll(() => burst.stop())

  const atOnce = async (send: () => Promise<{ status: number }>) => {
    const replies = await Promise.all(Array.from({ length: 20 }, send))
    return { passed: replies.filter((r) => r.status !== 429).length, refused: replies.filter((r) => r.status === 429).length }
  }

  for (const path of ["/v2/auth/password/reset/", "/v2/auth/resend-activation/", "/v2/auth/reset-mfa/"]) {
    it(`lets only the limit through at ${path}`, async () => {
      const email = uniqueEmail("burst")
      expect(await atOnce(() => api(burst).post(path, { email }))).toEqual({ passed: ATTEMPTS, refused: 20 - ATTEMPTS })
    })
  }

  it("lets only the limit of 2FA codes be checked", async () => {
    const session = await createSignedIn(burst)
    expect((await api(burst).post("/v2/auth/setup-mfa/", undefined, { token: session.access })).status).toBe(200)
    const verify = () => api(burst).post("/v2/auth/verify-setup-mfa/", { otp: "000000" }, { token: session.access })
    expect(await atOnce(verify)).toEqual({ passed: ATTEMPTS, refused: 20 - ATTEMPTS })
  })

  it("lets only the limit of old passwords be checked", async () => {
    const session = await createSignedIn(burst)
    const change = () =>
      api(burst).put(
        "/v2/auth/password/change/",
        { old_password: "Wrong-old1!", new_password: "Next-pass1!", new_password_confirm: "Next-pass1!" },
        { token: session.access }
      )
    expect(await atOnce(change)).toEqual({ passed: ATTEMPTS, refused: 20 - ATTEMPTS })
  })
})

describe("password change limit", () => {
  it("blocks after too many wrong old passwords", async () => {
    const session = await createSignedIn(server)
    const change = (old_password: string) =>
      api(server).put(
        "/v2/auth/password/change/",
        { old_password, new_password: "Next-pass1!", new_password_confirm: "Next-pass1!" },
        { token: session.access }
      )
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

// Two-factor authentication: set-up, sign-in with a code or a backup code, replay refusal,
// turning it off, and resetting it through the mailed link plus the password.
import { Secret, TOTP } from "otpauth"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { api, createSignedIn, PASSWORD, type SignedIn } from "../support/api.ts"
import { type StartedServer, startServer } from "../support/start-server.ts"

let server: StartedServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.stop())

const STEP_MS = 30_000
/** The code an authenticator shows `steps` time steps from now. */
const codeAt = (secret: string, steps = 0) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * STEP_MS })

/**
 * The tests use the previous, current and next step (the server accepts one step of drift). Near a
 * step boundary "previous" could slide out of the window mid-test, so start early in a step.
 */
const earlyInStep = async () => {
  const intoStep = Date.now() % STEP_MS
  if (intoStep > STEP_MS - 5_000) await new Promise((r) => setTimeout(r, STEP_MS - intoStep + 50))
}

const setup = (session: SignedIn) => api(server).post("/v2/auth/setup-mfa/", undefined, { token: session.access })

/** Turns 2FA on, using the code of the previous step so that the current and next remain for sign-ins. */
const enable = async (session: SignedIn) => {
  await earlyInStep()
  const { secret } = (await setup(session)).body.data
  const verified = await api(server).post("/v2/auth/verify-setup-mfa/", { otp: codeAt(secret, -1) }, { token: session.access })
  expect(verified.status).toBe(200)
  return { secret: secret as string, backupCodes: verified.body.data.backup_codes as string[] }
}

const login = (session: SignedIn, extra: Record<string, string> = {}) =>
  api(server).post("/v2/auth/login/", { email: session.email, password: PASSWORD, ...extra })

describe("set-up", () => {
  it("answers a secret, an otpauth URI for the account and a PNG QR code, without turning 2FA on", async () => {
    const session = await createSignedIn(server)
    const reply = await setup(session)
    expect(reply.status).toBe(200)
    const { secret, otpauth_uri, qr_code } = reply.body.data
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    const uri = new URL(otpauth_uri)
    expect(uri.protocol).toBe("otpauth:")
    expect(uri.searchParams.get("issuer")).toBe("Preparat")
    expect(uri.searchParams.get("secret")).toBe(secret)
    expect(decodeURIComponent(uri.pathname)).toContain(session.email)
    expect(qr_code).toMatch(/^data:image\/png;base64,/)
    expect(Buffer.from(qr_code.split(",")[1], "base64").subarray(1, 4).toString()).toBe("PNG")
    expect((await login(session)).body.data.mfa_required).toBe(false)
  })

  it("refuses a wrong code and stays off", async () => {
    const session = await createSignedIn(server)
    const { secret } = (await setup(session)).body.data
    const wrong = String((Number(codeAt(secret)) + 1) % 1_000_000).padStart(6, "0")
    const reply = await api(server).post("/v2/auth/verify-setup-mfa/", { otp: wrong }, { token: session.access })
    expect(reply.status).toBe(400)
    expect(reply.body.otp).toEqual(["Invalid or expired code."])
    expect((await api(server).get("/v2/auth/user/profile/", { token: session.access })).body.data.mfa_enabled).toBe(false)
  })

  it("checks the code's format", async () => {
    const session = await createSignedIn(server)
    const reply = await api(server).post("/v2/auth/verify-setup-mfa/", { otp: "12ab" }, { token: session.access })
    expect(reply.status).toBe(400)
    expect(reply.body.otp).toEqual(["Enter the 6-digit code from your authenticator app."])
  })

  it("turns 2FA on with a valid code and answers ten distinct backup codes", async () => {
    const session = await createSignedIn(server)
    const { backupCodes } = await enable(session)
    expect(backupCodes).toHaveLength(10)
    expect(new Set(backupCodes).size).toBe(10)
    for (const code of backupCodes) expect(code).toMatch(/^[0-9a-f]{4}-[0-9a-f]{4}$/)
    expect((await api(server).get("/v2/auth/user/profile/", { token: session.access })).body.data.mfa_enabled).toBe(true)
    expect((await setup(session)).status).toBe(400)
  })
})

describe("sign-in with 2FA", () => {
  it("asks for the code without issuing tokens", async () => {
    const session = await createSignedIn(server)
    await enable(session)
    const reply = await login(session)
    expect(reply.status).toBe(200)
    expect(reply.body.data).toEqual({ mfa_required: true })
  })

  it("still refuses a wrong password first", async () => {
    const session = await createSignedIn(server)
    const { secret } = await enable(session)
    const reply = await api(server).post("/v2/auth/login/", { email: session.email, password: "Wrong-pass1!", otp: codeAt(secret) })
    expect(reply.status).toBe(400)
    expect(reply.body.non_field_errors).toEqual(["Unable to log in with provided credentials."])
  })

  it("signs in with a current code, and never accepts a code twice", async () => {
    const session = await createSignedIn(server)
    const { secret } = await enable(session)
    // The set-up code itself is spent.
    expect((await login(session, { otp: codeAt(secret, -1) })).body.otp).toEqual(["Invalid or expired code."])
    const now = codeAt(secret)
    const ok = await login(session, { otp: now })
    expect(ok.status).toBe(200)
    expect(ok.body.data).toMatchObject({ mfa_required: false, access_token: expect.any(String), user: { mfa_enabled: true } })
    const replay = await login(session, { otp: now })
    expect(replay.status).toBe(400)
    expect(replay.body.otp).toEqual(["Invalid or expired code."])
    // A later step still works.
    expect((await login(session, { otp: codeAt(secret, 1) })).status).toBe(200)
  })

  it("refuses a wrong code with the otp field and records the failure", async () => {
    const session = await createSignedIn(server)
    const { secret } = await enable(session)
    const wrong = String((Number(codeAt(secret)) + 500_000) % 1_000_000).padStart(6, "0")
    const reply = await login(session, { otp: wrong })
    expect(reply.status).toBe(400)
    expect(reply.body).toEqual({ _tag: "BadRequest", otp: ["Invalid or expired code."] })
    const events = (await api(server).get("/v2/auth/activities/", { token: session.access })).body.data.results
    expect(events[0]).toMatchObject({ kind: "auth.sign_in_failed", detail: { reason: "otp" } })
  })

  it("accepts each backup code once", async () => {
    const session = await createSignedIn(server)
    const { backupCodes } = await enable(session)
    const code = backupCodes[3]!
    const first = await login(session, { backup_code: code.toUpperCase() })
    expect(first.status).toBe(200)
    expect(first.body.data.access_token).toEqual(expect.any(String))
    const again = await login(session, { backup_code: code })
    expect(again.status).toBe(400)
    expect(again.body).toEqual({ _tag: "BadRequest", backup_code: ["Invalid or already used backup code."] })
    expect((await login(session, { backup_code: backupCodes[4]! })).status).toBe(200)
  })

  it("refuses a made-up backup code", async () => {
    const session = await createSignedIn(server)
    await enable(session)
    const reply = await login(session, { backup_code: "0000-0000" })
    expect(reply.status).toBe(400)
    expect(reply.body.backup_code).toEqual(["Invalid or already used backup code."])
  })
})

describe("turning 2FA off", () => {
  it("needs the right password", async () => {
    const session = await createSignedIn(server)
    await enable(session)
    const wrong = await api(server).post("/v2/auth/disable-mfa/", { password: "Wrong-pass1!" }, { token: session.access })
    expect(wrong.status).toBe(400)
    expect(wrong.body.password).toEqual(["Your password was entered incorrectly."])
    expect((await login(session)).body.data.mfa_required).toBe(true)
    const ok = await api(server).post("/v2/auth/disable-mfa/", { password: PASSWORD }, { token: session.access })
    expect(ok.status).toBe(200)
    expect((await login(session)).body.data.mfa_required).toBe(false)
    const kinds = (await api(server).get("/v2/auth/activities/", { token: session.access })).body.data.results.map(
      (e: { kind: string }) => e.kind
    )
    expect(kinds).toContain("auth.mfa_disabled")
    expect(kinds).toContain("auth.mfa_enabled")
  })
})

describe("reset through the mailed link", () => {
  const requestReset = (email: string, locale?: string) => api(server).post("/v2/auth/reset-mfa/", { email, ...(locale ? { locale } : {}) })
  const resetLinkOf = async (email: string, after?: string) => {
    const mail = await server.latestMail(email, after ? { after } : {})
    const link = new URL(mail.links[0]!)
    return { mail, link, uid: link.searchParams.get("uid")!, token: link.searchParams.get("token")! }
  }

  it("mails a link, and the link with the password turns 2FA off once", async () => {
    const session = await createSignedIn(server)
    const { backupCodes } = await enable(session)
    const before = (await server.latestMail(session.email)).file
    expect((await requestReset(session.email)).status).toBe(200)
    const { mail, link, uid, token } = await resetLinkOf(session.email, before)
    expect(mail.subject).toBe("Reset two-factor authentication on Preparat")
    expect(`${link.origin}${link.pathname}`).toBe(`${server.url}/reset-mfa`)
    expect(uid).toBe(session.id)

    const noPassword = await api(server).post("/v2/auth/reset-mfa/confirm/", { uid, token, password: "Wrong-pass1!" })
    expect(noPassword.status).toBe(400)
    expect(noPassword.body.password).toEqual(["Your password was entered incorrectly."])
    expect((await login(session)).body.data.mfa_required).toBe(true)

    const ok = await api(server).post("/v2/auth/reset-mfa/confirm/", { uid, token, password: PASSWORD })
    expect(ok.status).toBe(200)
    expect((await login(session)).body.data.mfa_required).toBe(false)
    // Backup codes went with it.
    expect((await login(session, { backup_code: backupCodes[0]! })).body.data.mfa_required).toBe(false)

    const reuse = await api(server).post("/v2/auth/reset-mfa/confirm/", { uid, token, password: PASSWORD })
    expect(reuse.status).toBe(400)
    expect(reuse.body.token).toEqual(["Invalid or expired link."])
  })

  it("links to the Indonesian page for locale id", async () => {
    const session = await createSignedIn(server)
    await enable(session)
    const before = (await server.latestMail(session.email)).file
    await requestReset(session.email, "id")
    const { mail, link } = await resetLinkOf(session.email, before)
    expect(link.pathname).toBe("/id/reset-mfa")
    expect(mail.subject).toBe("Atur ulang autentikasi dua faktor di Preparat")
  })

  it("answers the same for accounts without 2FA and mails nothing", async () => {
    const session = await createSignedIn(server)
    const before = (await server.mails()).length
    const reply = await requestReset(session.email)
    expect(reply.status).toBe(200)
    expect(reply.body).toEqual((await requestReset("nobody@example.com")).body)
    await new Promise((r) => setTimeout(r, 200))
    expect((await server.mails()).length).toBe(before)
  })

  it("refuses a forged token without telling whether the password was right", async () => {
    const session = await createSignedIn(server)
    await enable(session)
    const reply = await api(server).post("/v2/auth/reset-mfa/confirm/", { uid: session.id, token: "forged", password: PASSWORD })
    expect(reply.status).toBe(400)
    expect(reply.body).toEqual({ _tag: "BadRequest", token: ["Invalid or expired link."] })
    expect((await login(session)).body.data.mfa_required).toBe(true)
  })
})

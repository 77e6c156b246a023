// The media cookie: every answer that hands out tokens sets it with the right attributes, logout
// clears it, and the media routes take it exactly like a bearer token: a forged or expired one is
// no credential at all.
import { Secret, TOTP } from "otpauth"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { signAccessToken } from "../../server/domain/tokens.ts"
import { api, createSignedIn, PASSWORD, type SignedIn } from "../support/api.ts"
import { type StartedServer, startServer } from "../support/start-server.ts"
import { createFolder, makePublic } from "./support/labs-api.ts"
import { asCookie, type ReadySlide, rawRequest, readySlide } from "./support/ready-slide.ts"

let server: StartedServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.stop())

interface SetCookie {
  readonly name: string
  readonly value: string
  /** Attribute names in lower case; flags map to "". */
  readonly attributes: Readonly<Record<string, string>>
}

/** The Set-Cookie headers of an answer, read the way a browser does. */
const setCookies = (headers: Headers): SetCookie[] =>
  headers.getSetCookie().map((line) => {
    const [pair = "", ...rest] = line.split(";").map((part) => part.trim())
    const eq = pair.indexOf("=")
    const attributes: Record<string, string> = {}
    for (const attribute of rest) {
      const at = attribute.indexOf("=")
      attributes[(at < 0 ? attribute : attribute.slice(0, at)).toLowerCase()] = at < 0 ? "" : attribute.slice(at + 1)
    }
    return { name: pair.slice(0, eq), value: pair.slice(eq + 1), attributes }
  })

const mediaCookie = (headers: Headers): SetCookie | undefined => {
  const found = setCookies(headers).filter((c) => c.name === "preparat_media")
  expect(found.length).toBeLessThanOrEqual(1)
  return found[0]
}

/** Set to `token`, HttpOnly, SameSite=Strict, on /v2/media only, for the token's remaining life. */
const expectMediaCookie = (headers: Headers, token: string, { secure = false } = {}) => {
  const cookie = mediaCookie(headers)
  expect(cookie?.value).toBe(token)
  expect(cookie?.attributes.path).toBe("/v2/media")
  expect(cookie?.attributes).toHaveProperty("httponly")
  expect(cookie?.attributes.samesite?.toLowerCase()).toBe("strict")
  expect(cookie?.attributes).not.toHaveProperty("domain")
  if (secure) expect(cookie?.attributes).toHaveProperty("secure")
  else expect(cookie?.attributes).not.toHaveProperty("secure")
  const exp = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString()).exp as number
  const remaining = exp - Date.now() / 1000
  const maxAge = Number(cookie?.attributes["max-age"])
  expect(Math.abs(maxAge - remaining)).toBeLessThanOrEqual(2)
  expect(maxAge).toBeGreaterThan(server.config.accessTokenSeconds - 5)
}

const login = (session: Pick<SignedIn, "email">, extra: Record<string, string> = {}, headers: Record<string, string> = {}) =>
  api(server).post("/v2/auth/login/", { email: session.email, password: PASSWORD, ...extra }, { headers })

describe("answers that hand out tokens set the cookie", () => {
  it("sign-in", async () => {
    const session = await createSignedIn(server)
    const reply = await login(session)
    expect(reply.status).toBe(200)
    expectMediaCookie(reply.headers, reply.body.data.access_token)
  })

  it("sign-in with a second factor, and not the answer that asks for it", async () => {
    const session = await createSignedIn(server)
    const { secret } = (await api(server).post("/v2/auth/setup-mfa/", undefined, { token: session.access })).body.data
    const code = (steps: number) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 })
    const verified = await api(server).post("/v2/auth/verify-setup-mfa/", { otp: code(-1) }, { token: session.access })
    expect(verified.status).toBe(200)

    const asked = await login(session)
    expect(asked.body.data).toEqual({ mfa_required: true })
    expect(mediaCookie(asked.headers)).toBeUndefined()

    const withBackup = await login(session, { backup_code: verified.body.data.backup_codes[0] })
    expect(withBackup.status).toBe(200)
    expectMediaCookie(withBackup.headers, withBackup.body.data.access_token)
  })

  it("refresh, with the new token", async () => {
    const session = await createSignedIn(server)
    const reply = await api(server).post("/v2/auth/token/refresh/", { refresh: session.refresh })
    expect(reply.status).toBe(200)
    expect(reply.body.data.refresh_token).not.toBe(session.refresh)
    expectMediaCookie(reply.headers, reply.body.data.access_token)
  })

  it("not a refused sign-in or refresh", async () => {
    const session = await createSignedIn(server)
    const wrong = await api(server).post("/v2/auth/login/", { email: session.email, password: "not the password" })
    expect(wrong.status).toBe(400)
    expect(mediaCookie(wrong.headers)).toBeUndefined()
    const refused = await api(server).post("/v2/auth/token/refresh/", { refresh: "no-such-token" })
    expect(refused.status).toBe(401)
    expect(mediaCookie(refused.headers)).toBeUndefined()
  })

  it("logout clears it on the same path", async () => {
    const session = await createSignedIn(server)
    const reply = await api(server).post("/v2/auth/logout/", { refresh: session.refresh })
    expect(reply.status).toBe(200)
    const cookie = mediaCookie(reply.headers)
    expect(cookie?.value).toBe("")
    expect(cookie?.attributes["max-age"]).toBe("0")
    expect(cookie?.attributes.path).toBe("/v2/media")
  })
})

describe("Secure", () => {
  it("only when a trusted proxy says the browser came over https", async () => {
    const session = await createSignedIn(server)
    // This server does not trust X-Forwarded-Proto (no TRUST_PROXY): anyone could send it.
    const untrusted = await login(session, {}, { "x-forwarded-proto": "https" })
    expectMediaCookie(untrusted.headers, untrusted.body.data.access_token, { secure: false })

    const proxied = await startServer({ config: { trustProxy: 1 } })
    try {
      const behind = await createSignedIn(proxied)
      const post = (proto: string) =>
        api(proxied).post("/v2/auth/login/", { email: behind.email, password: PASSWORD }, { headers: { "x-forwarded-proto": proto } })
      const https = await post("https")
      expectMediaCookie(https.headers, https.body.data.access_token, { secure: true })
      const http = await post("http")
      expectMediaCookie(http.headers, http.body.data.access_token, { secure: false })
    } finally {
      await proxied.stop()
    }
  })
})

describe("the media routes take the cookie like a bearer token", () => {
  let owner: SignedIn
  let hidden: ReadySlide
  let open: ReadySlide
  beforeAll(async () => {
    owner = await createSignedIn(server)
    hidden = await readySlide(server, { ownerId: owner.id })
    const folder = await createFolder(server, owner, "Public")
    await makePublic(server, owner, folder.id)
    open = await readySlide(server, { ownerId: owner.id, parentId: folder.id })
  })

  const tile = (slide: ReadySlide) => `${slide.base}/slide_files/10/0_0.jpeg`
  const user = () => ({ id: owner.id, email: owner.email, name: owner.name })

  it("the cookie the sign-in set opens a private slide", async () => {
    const reply = await login(owner)
    const cookie = mediaCookie(reply.headers)
    expect((await rawRequest(server, tile(hidden), { headers: asCookie(cookie?.value ?? "") })).status).toBe(200)
  })

  it("an expired token in the cookie gets 404 on a private slide, and a public one as a guest", async () => {
    const expired = signAccessToken(
      server.config.secretKey,
      user(),
      server.config.accessTokenSeconds,
      Date.now() - 2 * server.config.accessTokenSeconds * 1000
    )
    expect((await rawRequest(server, tile(hidden), { headers: asCookie(expired) })).status).toBe(404)
    expect((await rawRequest(server, tile(open), { headers: asCookie(expired) })).status).toBe(200)
    // The same token fresh is accepted: the refusal above is the expiry and nothing else.
    const fresh = signAccessToken(server.config.secretKey, user(), server.config.accessTokenSeconds)
    expect((await rawRequest(server, tile(hidden), { headers: asCookie(fresh) })).status).toBe(200)
  })

  it("a token not signed by this server gets 404", async () => {
    const foreign = signAccessToken("another secret", user(), server.config.accessTokenSeconds)
    expect((await rawRequest(server, tile(hidden), { headers: asCookie(foreign) })).status).toBe(404)
    const tampered = signAccessToken(server.config.secretKey, { ...user(), id: "someone-else" }, server.config.accessTokenSeconds)
    const [header, , signature] = tampered.split(".")
    const claims = Buffer.from(JSON.stringify({ sub: owner.id, email: owner.email, name: owner.name, iat: 0, exp: 4e9 })).toString(
      "base64url"
    )
    expect((await rawRequest(server, tile(hidden), { headers: asCookie(`${header}.${claims}.${signature}`) })).status).toBe(404)
  })

  it("after logout the browser holds no cookie, so a private slide is 404 to it", async () => {
    const session = await login(owner)
    const jar = new Map(setCookies(session.headers).map((c) => [c.name, c.value]))
    expect((await rawRequest(server, tile(hidden), { headers: asCookie(jar.get("preparat_media") ?? "") })).status).toBe(200)
    const out = await api(server).post("/v2/auth/logout/", { refresh: session.body.data.refresh_token })
    // What the browser does with the answer: Max-Age=0 removes the cookie.
    for (const c of setCookies(out.headers)) if (c.attributes["max-age"] === "0") jar.delete(c.name)
    expect(jar.has("preparat_media")).toBe(false)
    expect((await rawRequest(server, tile(hidden))).status).toBe(404)
  })

  it("a copy of the cookie kept past logout opens nothing: logout ends the token inside it", async () => {
    const session = await login(owner)
    const kept = mediaCookie(session.headers)?.value ?? ""
    expect((await rawRequest(server, tile(hidden), { headers: asCookie(kept) })).status).toBe(200)
    expect((await api(server).post("/v2/auth/logout/", { refresh: session.body.data.refresh_token })).status).toBe(200)
    expect((await rawRequest(server, tile(hidden), { headers: asCookie(kept) })).status).toBe(404)
  })
})

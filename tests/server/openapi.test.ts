// The OpenAPI document and docs page come from the contract; the dev outbox pages list the mails.
import { networkInterfaces } from "node:os"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { api, PASSWORD, uniqueEmail } from "../support/api.ts"
import { type StartedServer, startServer } from "../support/start-server.ts"

let server: StartedServer
/** The outbox's address on `on`, with the token the server prints at start. */
const outbox = (on: StartedServer, file = "") => `${on.url}/dev/outbox${file && `/${file}`}?token=${on.config.devOutboxToken}`
beforeAll(async () => {
  server = await startServer({ env: { DEV_ROUTES: "1" } })
})
afterAll(() => server.stop())

describe("OpenAPI", () => {
  it("lists every accounts endpoint with its method", async () => {
    const reply = await api(server).get("/v2/openapi.json")
    expect(reply.status).toBe(200)
    expect(reply.body.openapi).toMatch(/^3\.1/)
    expect(reply.body.info.title).toBe("Preparat API")
    const paths = reply.body.paths as Record<string, Record<string, unknown>>
    const expected: Array<[string, string]> = [
      ["post", "/v2/auth/register/"],
      ["post", "/v2/auth/resend-activation/"],
      ["post", "/v2/auth/login/"],
      ["post", "/v2/auth/token/refresh/"],
      ["post", "/v2/auth/logout/"],
      ["post", "/v2/auth/password/reset/"],
      ["post", "/v2/auth/password/reset/confirm/"],
      ["post", "/v2/auth/reset-mfa/"],
      ["post", "/v2/auth/reset-mfa/confirm/"],
      ["get", "/v2/auth/user/profile/"],
      ["put", "/v2/auth/user/profile/{userId}/"],
      ["put", "/v2/auth/password/change/"],
      ["post", "/v2/auth/setup-mfa/"],
      ["post", "/v2/auth/verify-setup-mfa/"],
      ["post", "/v2/auth/disable-mfa/"],
      ["get", "/v2/auth/activities/"]
    ]
    for (const [method, path] of expected) expect(paths[path]?.[method], `${method.toUpperCase()} ${path}`).toBeDefined()
  })

  it("documents the 400 field lists and the locale field", async () => {
    const doc = (await api(server).get("/v2/openapi.json")).body
    const text = JSON.stringify(doc)
    expect(text).toContain("non_field_errors")
    expect(text).toContain("password_confirm")
    const register = doc.paths["/v2/auth/register/"].post
    expect(Object.keys(register.responses)).toEqual(expect.arrayContaining(["201", "400", "429"]))
    expect(JSON.stringify(register.requestBody)).toContain("locale")
  })

  it("serves the interactive docs page", async () => {
    const reply = await fetch(`${server.url}/v2/docs`)
    expect(reply.status).toBe(200)
    expect(reply.headers.get("content-type")).toContain("text/html")
  })
})

describe("dev outbox", () => {
  it("lists mails newest first and shows one with its links clickable", async () => {
    const first = uniqueEmail("first")
    const second = uniqueEmail("second")
    for (const email of [first, second]) {
      await api(server).post("/v2/auth/register/", {
        name: "Outbox <Tester>",
        email,
        password: PASSWORD,
        password_confirm: PASSWORD,
        eula: true
      })
      await server.latestMail(email)
    }
    const list = await fetch(outbox(server))
    expect(list.status).toBe(200)
    expect(list.headers.get("content-type")).toContain("text/html")
    const html = await list.text()
    expect(html).toContain("Activate your Preparat account")
    expect(html.indexOf(second)).toBeGreaterThan(0)
    expect(html.indexOf(second)).toBeLessThan(html.indexOf(first))

    const mail = await server.latestMail(second)
    // The list's links carry the token, so the mails can be opened from it.
    expect(html).toContain(`href="/dev/outbox/${mail.file}?token=${server.config.devOutboxToken}"`)
    const page = await fetch(outbox(server, mail.file))
    expect(page.status).toBe(200)
    const body = await page.text()
    expect(body).toContain(`<a href="${mail.links[0]}">`)
    // The name is the user's input: shown as text, never as markup.
    expect(body).toContain("Outbox &lt;Tester&gt;")
    expect(body).not.toContain("<Tester>")
  })

  it("is off unless DEV_ROUTES=1, even with no SMTP_URL", async () => {
    const plain = await startServer()
    try {
      expect(plain.config.smtpUrl).toBeUndefined()
      // Not mounted: the path falls through to the single-page app, whose answer lists no mail.
      expect(await (await fetch(outbox(plain))).text()).not.toContain("Mails this server would have sent")
    } finally {
      await plain.stop()
    }
  })

  it("asks for the token printed at start, whatever headers a proxy on this host adds", async () => {
    // A same-host proxy that marks the client only with X-Real-IP looks like this machine itself.
    for (const headers of [{}, { "x-real-ip": "203.0.113.9" }] as Array<Record<string, string>>) {
      expect((await fetch(`${server.url}/dev/outbox`, { headers })).status).toBe(404)
      expect((await fetch(`${server.url}/dev/outbox?token=wrong`, { headers })).status).toBe(404)
      const mail = (await server.mails())[0]
      expect(mail).toBeDefined()
      expect((await fetch(`${server.url}/dev/outbox/${mail!.file}`, { headers })).status).toBe(404)
      expect(
        (await fetch(`${server.url}/dev/outbox/${mail!.file}?token=${server.config.devOutboxToken.slice(1)}`, { headers })).status
      ).toBe(404)
    }
    expect((await fetch(outbox(server))).status).toBe(200)
  })

  it("shows the outbox to this machine only: not through a proxy, not to another host", async () => {
    // A proxy on this host connects from loopback on behalf of anyone: a forwarded request is not local.
    expect((await fetch(outbox(server), { headers: { "x-forwarded-for": "203.0.113.9" } })).status).toBe(404)
    // Reached over the machine's own network address, as another host would reach it.
    const address = Object.values(networkInterfaces())
      .flat()
      .find((nic) => nic && nic.family === "IPv4" && !nic.internal)?.address
    expect(address, "this test needs a non-loopback IPv4 address").toBeDefined()
    const open = await startServer({ env: { DEV_ROUTES: "1" }, config: { host: "0.0.0.0" } })
    try {
      const port = new URL(open.url).port
      const token = open.config.devOutboxToken
      expect((await fetch(`http://${address}:${port}/dev/outbox?token=${token}`)).status).toBe(404)
      expect((await fetch(`http://${address}:${port}/dev/outbox/anything.eml?token=${token}`)).status).toBe(404)
      expect((await fetch(outbox(open))).status).toBe(200)
    } finally {
      await open.stop()
    }
  })

  it("answers 404 for an unknown or unsafe mail name", async () => {
    expect((await fetch(outbox(server, "nothing.eml"))).status).toBe(404)
    expect((await fetch(outbox(server, "..%2Fsecret.key"))).status).toBe(404)
  })
})

// Every answer carries the security headers; the SPA's policy allows no inline script and connects
// only to this origin (and the external realtime service when one is configured).
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { api, createSignedIn } from "../support/api.ts"
import { type StartedServer, startServer } from "../support/start-server.ts"

let server: StartedServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.stop())

const directives = (policy: string | null) =>
  new Map(
    (policy ?? "")
      .split(";")
      .map((part) => part.trim().split(/\s+/) as [string, ...string[]])
      .map(([name, ...values]) => [name, values])
  )

const expectBasics = (headers: Headers) => {
  expect(headers.get("x-content-type-options")).toBe("nosniff")
  expect(headers.get("referrer-policy")).toBe("same-origin")
  expect(directives(headers.get("content-security-policy")).get("frame-ancestors")).toEqual(["'none'"])
}

describe("security headers", () => {
  it("sends a strict policy with the SPA, the API, media and errors", async () => {
    const user = await createSignedIn(server)
    for (const reply of [
      await fetch(`${server.url}/login`, { headers: { accept: "text/html" } }),
      await fetch(`${server.url}/v2/auth/user/`, { headers: { authorization: `Bearer ${user.access}` } }),
      await fetch(`${server.url}/v2/auth/user/`),
      await fetch(`${server.url}/v2/media/slides/none/none.dzi`),
      await fetch(`${server.url}/v2/labs/not-a-lab/`, { headers: { authorization: `Bearer ${user.access}` } })
    ]) {
      expectBasics(reply.headers)
      const policy = directives(reply.headers.get("content-security-policy"))
      expect(policy.get("script-src")).toEqual(["'self'"])
      expect(policy.get("connect-src")).toEqual(["'self'"])
      expect(policy.get("object-src")).toEqual(["'none'"])
      expect(reply.headers.get("strict-transport-security")).toBeNull()
    }
  })

  it("sends HSTS only when a trusted proxy says the browser came over TLS", async () => {
    const proxied = await startServer({ config: { trustProxy: 1 } })
    try {
      const secure = await api(proxied).get("/v2/realtime/config/", { headers: { "x-forwarded-proto": "https" } })
      expect(secure.headers.get("strict-transport-security")).toMatch(/^max-age=31536000/)
      const plain = await api(proxied).get("/v2/realtime/config/", { headers: { "x-forwarded-proto": "http" } })
      expect(plain.headers.get("strict-transport-security")).toBeNull()
      // Without a trusted proxy, anyone could send the header.
      const spoofed = await api(server).get("/v2/realtime/config/", { headers: { "x-forwarded-proto": "https" } })
      expect(spoofed.headers.get("strict-transport-security")).toBeNull()
    } finally {
      await proxied.stop()
    }
  })

  it("lets the SPA reach an external realtime service and nothing else", async () => {
    const external = await startServer({
      config: {
        realtime: {
          ...server.config.realtime,
          external: { host: "soketi.example", port: "6001", useTLS: true, wsHost: "ws.example", wsPort: 443 }
        }
      }
    })
    try {
      const reply = await api(external).get("/v2/realtime/config/")
      expect(directives(reply.headers.get("content-security-policy")).get("connect-src")).toEqual(["'self'", "wss://ws.example:443"])
    } finally {
      await external.stop()
    }
  })
})

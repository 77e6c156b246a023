// Input an attacker sends on purpose: out-of-range paging, malformed multipart bodies, oversized JSON.
// Each must be a 4xx that names the problem, never a 5xx.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { request } from "node:http"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import { api, createSignedIn, type SignedIn } from "../support/api.ts"
import { type StartedServer, startServer } from "../support/start-server.ts"
import { fillPath, operationsOf } from "./support/openapi-operations.ts"

let server: StartedServer
let ada: SignedIn
let folder: string
beforeAll(async () => {
  server = await startServer()
  ada = await createSignedIn(server)
  folder = (await api(server).post("/v2/labs/", { name: "Hostile", parent: null }, { token: ada.access })).body.data.data.results[0].id
})
afterAll(() => server.stop())

/** A path parameter that names something real of Ada's: her own id, or her folder. */
const ownId = (name: string) => (name.toLowerCase().startsWith("user") ? ada.id : folder)

describe("paging far out of range", () => {
  it("answers 400 naming page on every list", async () => {
    for (const path of [
      "/v2/labs/?page=1e20",
      `/v2/labs/?parent=${folder}&page=1e20`,
      "/v2/labs/?search=hos&page=1e20",
      "/v2/labs/shareds/?page=1e20",
      "/v2/labs/recents/?page=1e20",
      "/v2/labs/favorites/?page=1e20",
      "/v2/labs/trash/?page=1e20",
      `/v2/members/?lab_id=${folder}&page=1e20`,
      "/v2/notifications/?page=1e20",
      "/v2/auth/activities/?page=1e20"
    ]) {
      const reply = await api(server).get(path, { token: ada.access })
      expect(reply.status, path).toBe(400)
      expect(reply.body.page, path).toBeDefined()
    }
  })

  it("never answers 5xx to a huge page or limit on any paged operation of the OpenAPI document", async () => {
    const paged = (await operationsOf(server)).filter((op) => op.parameters.some((p) => p.in === "query" && p.name === "page"))
    expect(paged.length).toBeGreaterThanOrEqual(9)
    for (const op of paged) {
      const required = op.parameters
        .filter((p) => p.in === "query" && p.required)
        .map((p) => `${p.name}=${p.name === "search" ? "ab" : folder}`)
      for (const hostile of ["page=1e20", "limit=1e20", "page=9007199254740993", "page=-1", "limit=0"]) {
        const path = `${fillPath(op.path, ownId)}?${[...required, hostile].join("&")}`
        const reply = await api(server).get(path, { token: ada.access })
        expect(reply.status, path).toBeLessThan(500)
      }
    }
  })
})

describe("multipart bodies with a boundary past the standard's 70 characters", () => {
  it("never answers 5xx on any multipart operation of the OpenAPI document", async () => {
    const boundary = "b".repeat(100)
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nxx\r\n--${boundary}--\r\n`
    const multipart = (await operationsOf(server)).filter((op) => op.body === "multipart")
    expect(multipart.map((op) => `${op.method} ${op.path}`)).toEqual(
      expect.arrayContaining([
        "POST /v2/slides/upload/{labId}",
        "POST /v2/slides/chunks/",
        "POST /v2/slides/upload/dzi/{labId}",
        "PUT /v2/auth/user/profile/{userId}/",
        "POST /v2/pricing/proofs/"
      ])
    )
    for (const op of multipart) {
      const path = fillPath(op.path, ownId)
      const reply = await fetch(`${server.url}${path}`, {
        method: op.method,
        body,
        headers: { authorization: `Bearer ${ada.access}`, "content-type": `multipart/form-data; boundary=${boundary}` }
      })
      expect(reply.status, `${op.method} ${path}`).toBeLessThan(500)
    }
  })
})

describe("text the database cannot hold", () => {
  it("answers a NUL character in an id or a name below 500 (PostgreSQL refuses to store it)", async () => {
    const nul = "a\u0000b"
    for (const [method, path, body] of [
      ["POST", "/v2/labs/favorites/", { lab_id: nul }],
      ["POST", "/v2/restore/", { lab_id: nul }],
      ["POST", "/v2/members/transfer/", { lab_id: nul, user_id: nul }],
      ["PUT", `/v2/labs/${folder}/`, { name: nul }]
    ] as const) {
      const reply = await fetch(`${server.url}${path}`, {
        method,
        body: JSON.stringify(body),
        headers: { authorization: `Bearer ${ada.access}`, "content-type": "application/json" }
      })
      expect(reply.status, `${method} ${path}`).toBeLessThan(500)
    }
  })

  it("logs such a request as the client's mistake it is: no 'answered 500' and no stack", async () => {
    const logged: string[] = []
    const spies = (["log", "info", "warn", "error"] as const).map((level) =>
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
        logged.push(
          args.map((a) => (a instanceof Error ? (a.stack ?? a.message) : typeof a === "string" ? a : JSON.stringify(a))).join(" ")
        )
      })
    )
    try {
      const reply = await fetch(`${server.url}/v2/labs/favorites/`, {
        method: "POST",
        body: JSON.stringify({ lab_id: "a\u0000b" }),
        headers: { authorization: `Bearer ${ada.access}`, "content-type": "application/json" }
      })
      expect(reply.status).toBeLessThan(500)
    } finally {
      for (const spy of spies) spy.mockRestore()
    }
    expect(logged.filter((line) => /answered 5\d\d|22021|invalid byte sequence/.test(line))).toEqual([])
  })
})

describe("oversized bodies", () => {
  const big = JSON.stringify({ email: "a@example.com", password: "x".repeat(2 * 1024 * 1024) })

  it("refuses a JSON body that declares itself too large with 413, before reading it", async () => {
    const reply = await fetch(`${server.url}/v2/auth/login/`, {
      method: "POST",
      body: big,
      headers: { "content-type": "application/json" }
    })
    expect(reply.status).toBe(413)
    expect(await reply.json()).toMatchObject({ _tag: "PayloadTooLarge" })
  })

  it("cuts off a chunked JSON body at the limit with 413", async () => {
    const bytes = new TextEncoder().encode(big)
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < bytes.length; at += 64 * 1024) controller.enqueue(bytes.slice(at, at + 64 * 1024))
        controller.close()
      }
    })
    const reply = await fetch(`${server.url}/v2/auth/login/`, {
      method: "POST",
      body,
      duplex: "half",
      headers: { "content-type": "application/json" }
    } as RequestInit)
    expect(reply.status).toBe(413)
  })

  /**
   * Sends up to `total` bytes of JSON-ish body (declared, or chunked when `declared` is false) as fast
   * as the socket takes them, or one chunk per `everyMs`; stops when the answer comes or the server
   * closes. Answers the status, how long the answer took and how much was sent by then.
   */
  const flood = (options: { total: number; declared: boolean; everyMs?: number; path?: string }) =>
    new Promise<{ status: number; ms: number; sent: number }>((resolve, reject) => {
      const url = new URL(server.url)
      const chunk = Buffer.alloc(64 * 1024, 0x20)
      const started = Date.now()
      let sent = 0
      let status = 0
      let done = false
      const req = request({
        host: url.hostname,
        port: url.port,
        method: "POST",
        path: options.path ?? "/v2/auth/login/",
        headers: { "content-type": "application/json", ...(options.declared ? { "content-length": String(options.total) } : {}) }
      })
      const finish = () => {
        if (done) return
        done = true
        clearInterval(timer)
        req.destroy()
        status === 0 ? reject(new Error(`no answer after ${sent} bytes`)) : resolve({ status, ms: Date.now() - started, sent })
      }
      const pump = () => {
        while (!done && !req.destroyed && sent < options.total && req.write(chunk)) {
          sent += chunk.length
          if (options.everyMs) return
        }
      }
      const timer = options.everyMs ? setInterval(pump, options.everyMs) : undefined
      req.on("drain", () => options.everyMs || pump())
      req.on("response", (res) => {
        status = res.statusCode ?? 0
        res.resume()
        finish()
      })
      req.on("error", () => setTimeout(finish, 100))
      req.on("close", () => setTimeout(finish, 100))
      req.write('{"email":"a@example.com","password":"')
      pump()
    })

  it("answers 413 to a body that declares 250 MB at once, long before it could be sent", async () => {
    const reply = await flood({ total: 250 * 1024 * 1024, declared: true })
    expect(reply.status).toBe(413)
    expect(reply.ms).toBeLessThan(2_000)
    expect(reply.sent).toBeLessThan(16 * 1024 * 1024)
  })

  it("answers 413 to a slow chunked body once it passes the limit, without waiting for its end", async () => {
    // 64 KB every 50 ms: 250 MB would take over three minutes.
    const reply = await flood({ total: 250 * 1024 * 1024, declared: false, everyMs: 50 })
    expect(reply.status).toBe(413)
    expect(reply.ms).toBeLessThan(3_000)
  })

  it("reads no more than the limit of four parallel 250 MB bodies, so memory does not grow", async () => {
    const memory = () => process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers
    const before = memory()
    const replies = await Promise.all(Array.from({ length: 4 }, () => flood({ total: 250 * 1024 * 1024, declared: false })))
    const grown = memory() - before
    for (const reply of replies) {
      expect(reply.status).toBe(413)
      // The server stops reading shortly after the limit and closes the connection.
      expect(reply.sent).toBeLessThan(64 * 1024 * 1024)
    }
    expect(grown).toBeLessThan(64 * 1024 * 1024)
  })

  it("refuses a multipart text field past 64 KB with 413", async () => {
    // A megabyte: under the framework's own default field limit (10 MiB), over ours.
    const form = new FormData()
    form.append("name", "n".repeat(1024 * 1024))
    const reply = await api(server).putForm(`/v2/auth/user/profile/${ada.id}/`, form, { token: ada.access })
    expect(reply.status).toBe(413)
    expect(reply.body).toMatchObject({ _tag: "PayloadTooLarge" })
  })

  it("still takes an ordinary body", async () => {
    const reply = await api(server).post("/v2/auth/login/", { email: ada.email, password: "Wrong-pass1!" })
    expect(reply.status).toBe(400)
  })
})

describe("the built SPA's files", () => {
  it("serves the app's assets but not Vite's build bookkeeping", async () => {
    const dist = mkdtempSync(join(tmpdir(), "preparat-dist-"))
    mkdirSync(join(dist, ".vite"))
    mkdirSync(join(dist, "assets"))
    writeFileSync(join(dist, "index.html"), "<!doctype html><title>Preparat</title>")
    writeFileSync(join(dist, ".vite", "manifest.json"), "{}")
    writeFileSync(join(dist, "assets", "index-abc.js"), "console.log(1)")
    const built = await startServer({ config: { staticDir: dist } })
    try {
      expect((await fetch(`${built.url}/assets/index-abc.js`)).status).toBe(200)
      expect((await fetch(`${built.url}/.vite/manifest.json`)).status).toBe(404)
      expect((await fetch(`${built.url}/assets/../.vite/manifest.json`)).status).toBe(404)
      // Spelled so that only a decoding server would find the hidden folder.
      for (const path of [
        "/%2Evite/manifest.json",
        "/%2evite/manifest.json",
        "/assets/..%2F.vite/manifest.json",
        "/assets/%2E%2E/.vite/manifest.json"
      ])
        expect((await fetch(`${built.url}${path}`)).status, path).toBe(404)
    } finally {
      await built.stop()
      rmSync(dist, { recursive: true, force: true })
    }
  })
})

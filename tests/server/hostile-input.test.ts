// Input an attacker sends on purpose: out-of-range paging, malformed multipart bodies, oversized JSON.
// Each must be a 4xx that names the problem, never a 5xx.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { api, createSignedIn, type SignedIn } from "../support/api.ts"
import { type StartedServer, startServer } from "../support/start-server.ts"

let server: StartedServer
let ada: SignedIn
let folder: string
beforeAll(async () => {
  server = await startServer()
  ada = await createSignedIn(server)
  folder = (await api(server).post("/v2/labs/", { name: "Hostile", parent: null }, { token: ada.access })).body.data.data.results[0].id
})
afterAll(() => server.stop())

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
})

describe("multipart bodies with a boundary past the standard's 70 characters", () => {
  it("never answers 5xx on a multipart endpoint", async () => {
    const boundary = "b".repeat(100)
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nxx\r\n--${boundary}--\r\n`
    for (const [method, path] of [
      ["POST", `/v2/slides/upload/${folder}`],
      ["POST", "/v2/slides/chunks/"],
      ["POST", `/v2/slides/upload/dzi/${folder}`],
      ["PUT", `/v2/auth/user/profile/${ada.id}/`]
    ] as const) {
      const reply = await fetch(`${server.url}${path}`, {
        method,
        body,
        headers: { authorization: `Bearer ${ada.access}`, "content-type": `multipart/form-data; boundary=${boundary}` }
      })
      expect(reply.status, path).toBeLessThan(500)
    }
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
    } finally {
      await built.stop()
      rmSync(dist, { recursive: true, force: true })
    }
  })
})

// How the built SPA goes out: precompressed copies (brotli, gzip) in the encoding the browser accepts,
// with Vary and the right caching; and the page in the language the visitor chose, decided on the
// server's first answer (an unprefixed page with lang=id redirects to /id; an /id page sets the cookie).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { acceptedEncodings } from "../../server/http/spa.ts"
import { type StartedServer, startServer } from "../support/start-server.ts"
import { rawRequest } from "./support/ready-slide.ts"

const script = `console.log(${JSON.stringify("preparat ".repeat(400))})`
const styles = `body{color:#123}${".a{margin:0}".repeat(200)}`
const page = `<!doctype html><html><head><title>Preparat</title></head><body>${"<div></div>".repeat(200)}</body></html>`

let dist: string
let server: StartedServer

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), "preparat-dist-"))
  mkdirSync(join(dist, "assets"))
  // What the build writes (vite.config.ts): each file, and a brotli and a gzip copy beside it.
  for (const [name, text] of [
    ["assets/index-abc.js", script],
    ["assets/index-abc.css", styles],
    ["index.html", page]
  ] as const) {
    writeFileSync(join(dist, name), text)
    writeFileSync(join(dist, `${name}.br`), brotliCompressSync(text))
    writeFileSync(join(dist, `${name}.gz`), gzipSync(text))
  }
  // A file the build left alone (too small to gain).
  writeFileSync(join(dist, "assets", "tiny-abc.js"), "1")
  server = await startServer({ config: { staticDir: dist } })
})

afterAll(async () => {
  await server.stop()
  rmSync(dist, { recursive: true, force: true })
})

describe("compressed delivery", () => {
  it("sends a hashed script as brotli to a browser that takes it, immutable and varying by encoding", async () => {
    const reply = await rawRequest(server, "/assets/index-abc.js", { headers: { "accept-encoding": "gzip, deflate, br, zstd" } })
    expect(reply.status).toBe(200)
    expect(reply.headers["content-encoding"]).toBe("br")
    expect(reply.headers.vary).toMatch(/accept-encoding/i)
    expect(reply.headers["content-type"]).toMatch(/^text\/javascript/)
    expect(reply.headers["cache-control"]).toBe("public, max-age=31536000, immutable")
    expect(reply.body.length).toBeLessThan(script.length / 5)
    expect(brotliDecompressSync(reply.body).toString()).toBe(script)
  })

  it("sends gzip where brotli is not accepted, and the file itself where nothing is", async () => {
    const gzip = await rawRequest(server, "/assets/index-abc.css", { headers: { "accept-encoding": "gzip" } })
    expect(gzip.headers["content-encoding"]).toBe("gzip")
    expect(gzip.headers["content-type"]).toMatch(/^text\/css/)
    expect(gunzipSync(gzip.body).toString()).toBe(styles)

    const refusedBrotli = await rawRequest(server, "/assets/index-abc.js", { headers: { "accept-encoding": "br;q=0, gzip;q=0.8" } })
    expect(refusedBrotli.headers["content-encoding"]).toBe("gzip")

    for (const headers of [{}, { "accept-encoding": "identity" }, { "accept-encoding": "*;q=0" }] as Array<Record<string, string>>) {
      const plain = await rawRequest(server, "/assets/index-abc.js", { headers })
      expect(plain.status).toBe(200)
      expect(plain.headers["content-encoding"]).toBeUndefined()
      // A cache in between must not hand this plain copy to a browser that asked for brotli.
      expect(plain.headers.vary).toMatch(/accept-encoding/i)
      expect(plain.body.toString()).toBe(script)
    }
  })

  it("answers a file without a compressed copy as it is, and a missing one with 404", async () => {
    const tiny = await rawRequest(server, "/assets/tiny-abc.js", { headers: { "accept-encoding": "br, gzip" } })
    expect(tiny.status).toBe(200)
    expect(tiny.headers["content-encoding"]).toBeUndefined()
    expect((await rawRequest(server, "/assets/missing-abc.js", { headers: { "accept-encoding": "br" } })).status).toBe(404)
    // The copies are not addresses of their own to guess at with another name.
    expect((await rawRequest(server, "/assets/index-abc.js.br/x.js", { headers: { "accept-encoding": "br" } })).status).toBe(404)
  })

  it("sends index.html compressed too, never cached without asking", async () => {
    const reply = await rawRequest(server, "/login", { headers: { "accept-encoding": "gzip, br" } })
    expect(reply.status).toBe(200)
    expect(reply.headers["cache-control"]).toBe("no-cache")
    expect(reply.headers["content-encoding"]).toBe("br")
    expect(reply.headers.vary).toMatch(/accept-encoding/i)
    expect(reply.headers["content-type"]).toMatch(/^text\/html/)
    expect(brotliDecompressSync(reply.body).toString()).toBe(page)
    const unknown = await rawRequest(server, "/no-such-page", { headers: { "accept-encoding": "gzip" } })
    expect(unknown.status).toBe(404)
    expect(gunzipSync(unknown.body).toString()).toBe(page)
  })

  it("reads Accept-Encoding's weights", () => {
    expect([...acceptedEncodings("gzip, deflate, br")].sort()).toEqual(["br", "deflate", "gzip"])
    expect([...acceptedEncodings("br;q=0, gzip;q=0.5")]).toEqual(["gzip"])
    expect([...acceptedEncodings("*")].sort()).toEqual(["br", "gzip"])
    expect([...acceptedEncodings("*, br;q=0")]).toEqual(["gzip"])
    expect([...acceptedEncodings(undefined)]).toEqual([])
    expect([...acceptedEncodings("gzip;q=abc")]).toEqual([])
  })
})

describe("the language on the first answer", () => {
  it("opens the /id form of an unprefixed page when the cookie says Indonesian, keeping the query", async () => {
    for (const path of [
      "/dashboard/labs",
      "/dashboard/labs/abc/annotations",
      "/dashboard/setting/activities",
      "/login?next=%2Fdashboard%2Ftrash",
      "/"
    ]) {
      const reply = await rawRequest(server, path, { headers: { cookie: "theme=dark; lang=id" } })
      expect(reply.status, path).toBe(302)
      expect(reply.headers.location, path).toBe(path === "/" ? "/id" : `/id${path}`)
      expect(reply.headers["cache-control"]).toBe("no-store")
    }
  })

  it("leaves an English visitor, a file and the API alone", async () => {
    expect((await rawRequest(server, "/dashboard/labs")).status).toBe(200)
    expect((await rawRequest(server, "/dashboard/labs", { headers: { cookie: "lang=en" } })).status).toBe(200)
    expect((await rawRequest(server, "/assets/index-abc.js", { headers: { cookie: "lang=id" } })).status).toBe(200)
    expect((await rawRequest(server, "/v2/auth/user/profile/", { headers: { cookie: "lang=id" } })).status).toBe(401)
  })

  it("an /id page is Indonesian whatever the cookie says, and remembers it", async () => {
    const reply = await rawRequest(server, "/id/dashboard/labs", { headers: { cookie: "lang=en" } })
    expect(reply.status).toBe(200)
    expect(reply.headers["set-cookie"]?.[0]).toMatch(/^lang=id; Max-Age=31536000; Path=\/; SameSite=Lax/)
    const already = await rawRequest(server, "/id/dashboard/labs", { headers: { cookie: "lang=id" } })
    expect(already.headers["set-cookie"]).toBeUndefined()
  })
})

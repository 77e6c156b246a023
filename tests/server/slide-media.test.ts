// The slide media route: a ready slide's descriptor, tiles and thumbnails reach exactly those who
// may see the lab (owner, admin, reviewer; anyone when public), by bearer token or media cookie,
// with year-long cache headers; everyone and everything else gets one and the same 404.
import { randomBytes } from "node:crypto"
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { GRANT_TTL_MS } from "../../server/http/slide-media.ts"
import type { SignedIn } from "../support/api.ts"
import { type StartedServer, startServer } from "../support/start-server.ts"
import { client, createFolder, makePublic, person, share } from "./support/labs-api.ts"
import { asBearer, asCookie, type RawReply, type ReadySlide, rawRequest, readySlide } from "./support/ready-slide.ts"

let server: StartedServer
let ada: SignedIn // owner
let bob: SignedIn // admin
let cara: SignedIn // reviewer
let eve: SignedIn // stranger
let privateSlide: ReadySlide
let publicSlide: ReadySlide

beforeAll(async () => {
  server = await startServer()
  ;[ada, bob, cara, eve] = (await Promise.all(["Ada", "Bob", "Cara", "Eve"].map((name) => person(server, name)))) as [
    SignedIn,
    SignedIn,
    SignedIn,
    SignedIn
  ]
  const cases = await createFolder(server, ada, "Cases")
  await share(server, ada, cases.id, bob, "admin")
  await share(server, ada, cases.id, cara, "reviewer")
  privateSlide = await readySlide(server, { ownerId: ada.id, parentId: cases.id })
  // Public through its folder: what the lab's own flag does, a public folder does for what it holds.
  const teaching = await createFolder(server, ada, "Teaching")
  await makePublic(server, ada, teaching.id)
  publicSlide = await readySlide(server, { ownerId: ada.id, parentId: teaching.id })
})
afterAll(() => server.stop())

const get = (path: string, headers: Record<string, string> = {}) => rawRequest(server, path, { headers })

/** The files a viewer loads: descriptor, a tile of the deepest level, a tile of level 0, thumbnails. */
const files = [
  { name: "slide.dzi", type: "application/xml" },
  { name: "slide_files/10/2_1.jpeg", type: "image/jpeg" },
  { name: "slide_files/0/0_0.jpeg", type: "image/jpeg" },
  { name: "slide_thumb_77x77.jpg", type: "image/jpeg" },
  { name: "slide_thumb_312x281.jpg", type: "image/jpeg" }
]

const expectServed = (reply: RawReply, slide: ReadySlide, file: { name: string; type: string }, cache: "public" | "private") => {
  expect(reply.status, file.name).toBe(200)
  expect(reply.headers["content-type"]).toBe(file.type)
  expect(reply.headers["x-content-type-options"]).toBe("nosniff")
  expect(reply.headers["cache-control"]).toBe(`${cache}, max-age=31536000, immutable`)
  expect(reply.headers.etag).toMatch(/^(W\/)?"[^"]+"$/)
  expect(reply.body.equals(readFileSync(join(slide.dir, ...file.name.split("/"))))).toBe(true)
}

let notFoundBody: Buffer
const expectNotFound = (reply: RawReply, what: string) => {
  expect(reply.status, what).toBe(404)
  expect(reply.headers["cache-control"], what).toBe("no-store")
  expect(reply.body.equals(notFoundBody), what).toBe(true)
}

describe("who sees a private slide", () => {
  beforeAll(async () => {
    notFoundBody = (await get(`/v2/media/slides/${privateSlide.labId}/${"0".repeat(32)}/slide.dzi`)).body
  })

  it("the owner, an admin and a reviewer, by bearer token or by the media cookie, cached privately", async () => {
    for (const who of [ada, bob, cara]) {
      for (const file of files) {
        expectServed(await get(`${privateSlide.base}/${file.name}`, asBearer(who.access)), privateSlide, file, "private")
        expectServed(await get(`${privateSlide.base}/${file.name}`, asCookie(who.access)), privateSlide, file, "private")
      }
    }
    // The descriptor is the one OpenSeadragon needs: the size of the built image.
    const dzi = (await get(`${privateSlide.base}/slide.dzi`, asCookie(ada.access))).body.toString()
    expect(dzi).toContain('Width="600"')
    expect(dzi).toContain('Height="400"')
  })

  it("not a stranger, not a guest, and not a forged token: the same 404 as a lab that does not exist", async () => {
    const forged = `${ada.access.slice(0, -4)}AAAA`
    for (const file of files) {
      const path = `${privateSlide.base}/${file.name}`
      expectNotFound(await get(path, asBearer(eve.access)), `stranger bearer ${file.name}`)
      expectNotFound(await get(path, asCookie(eve.access)), `stranger cookie ${file.name}`)
      expectNotFound(await get(path), `guest ${file.name}`)
      expectNotFound(await get(path, asCookie(forged)), `forged ${file.name}`)
    }
    const unknownLab = await get(`/v2/media/slides/${crypto.randomUUID()}/${privateSlide.slideKey}/slide.dzi`, asBearer(ada.access))
    expectNotFound(unknownLab, "unknown lab")
    expect(notFoundBody.toString()).toBe("Not found")
  })

  it("the bearer header wins over the cookie, as an API client means it to", async () => {
    const both = { ...asBearer(eve.access), ...asCookie(ada.access) }
    expectNotFound(await get(`${privateSlide.base}/slide.dzi`, both), "stranger's bearer beside owner's cookie")
    const reversed = { ...asBearer(ada.access), ...asCookie(eve.access) }
    expect((await get(`${privateSlide.base}/slide.dzi`, reversed)).status).toBe(200)
  })
})

describe("a public slide", () => {
  it("is served to anyone, guests and strangers too, and may be kept by shared caches", async () => {
    for (const file of files) {
      expectServed(await get(`${publicSlide.base}/${file.name}`), publicSlide, file, "public")
      expectServed(await get(`${publicSlide.base}/${file.name}`, asBearer(eve.access)), publicSlide, file, "public")
      expectServed(await get(`${publicSlide.base}/${file.name}`, asCookie(ada.access)), publicSlide, file, "public")
      // A token that does not verify is no token: the guest's view.
      expectServed(await get(`${publicSlide.base}/${file.name}`, asCookie("not.a.token")), publicSlide, file, "public")
    }
  })
})

describe("what is not served", () => {
  it("a build key that is not the lab's current one (an old build), whoever asks", async () => {
    const oldKey = randomBytes(16).toString("hex")
    for (const headers of [asBearer(ada.access), {}]) {
      expectNotFound(await get(`/v2/media/slides/${privateSlide.labId}/${oldKey}/slide.dzi`, headers), "old key, private")
      expectNotFound(await get(`/v2/media/slides/${publicSlide.labId}/${oldKey}/slide.dzi`, headers), "old key, public")
    }
    // The key of another lab's build does not open this lab either.
    expectNotFound(await get(`/v2/media/slides/${privateSlide.labId}/${publicSlide.slideKey}/slide.dzi`), "another lab's key")
  })

  it("names outside the pattern: traversal, unknown levels and tiles, other files, odd spellings", async () => {
    const paths = [
      "slide_files/..%2f..%2fsecret.key",
      "slide_files/%2e%2e/%2e%2e/secret.key",
      "slide_files/../../../secret.key",
      "..%2f..%2fsecret.key",
      "%2e%2e%2f%2e%2e%2fsecret.key",
      "slide_files/10/..%2f..%2f..%2fslide.dzi",
      "slide_files/10/2_1.jpeg/../../../slide.dzi",
      "slide_files%2f10%2f2_1.jpeg",
      "slide_files/99/0_0.jpeg", // a level the pyramid does not have
      "slide_files/10/9_9.jpeg", // a tile outside the image
      "slide_files/10/02_1.jpeg",
      "slide_files/10/2_1.gif",
      "slide_files/10/2_1.jpeg.bak",
      "slide_files/vips-properties.xml",
      "slide_files/10",
      "slide_files/",
      "slide.DZI",
      "slide.dzi/",
      "other.dzi",
      "slide_thumb_1x1.jpg",
      ""
    ]
    for (const rest of paths) expectNotFound(await get(`${publicSlide.base}/${rest}`, asBearer(ada.access)), rest)
    const upper = `/v2/media/slides/${publicSlide.labId}/${publicSlide.slideKey.toUpperCase()}/slide.dzi`
    expectNotFound(await get(upper), "upper-case key")
    expectNotFound(await get(`/v2/media/slides/..%2f..%2f/${publicSlide.slideKey}/slide.dzi`), "traversal in the lab id")
    // The same requests, spelt right, are served: the refusals above are about the names alone.
    expect((await get(`${publicSlide.base}/slide_files/10/2_1.jpeg`)).status).toBe(200)
  })

  it("a deleted lab, even to its owner", async () => {
    const folder = await createFolder(server, ada, "Old")
    const slide = await readySlide(server, { ownerId: ada.id, parentId: folder.id })
    const trashed = await client(server).del(`/v2/labs/${slide.labId}/`, undefined, { token: ada.access })
    expect(trashed.status).toBe(200)
    expectNotFound(await get(`${slide.base}/slide.dzi`, asBearer(ada.access)), "deleted, owner")
    expectNotFound(await get(`${slide.base}/slide_files/10/0_0.jpeg`, asCookie(ada.access)), "deleted, owner cookie")
  })

  it("a missing file of a lab one may see", async () => {
    const slide = await readySlide(server, { ownerId: ada.id })
    const { rmSync } = await import("node:fs")
    rmSync(join(slide.dir, "slide_thumb_77x77.jpg"))
    expectNotFound(await get(`${slide.base}/slide_thumb_77x77.jpg`, asBearer(ada.access)), "missing thumbnail")
    expect((await get(`${slide.base}/slide_thumb_312x281.jpg`, asBearer(ada.access))).status).toBe(200)
  })
})

describe("HEAD and revalidation", () => {
  it("HEAD answers the headers of GET without a body, and 404 to whoever GET refuses", async () => {
    const tile = `${privateSlide.base}/slide_files/10/2_1.jpeg`
    const head = await rawRequest(server, tile, { method: "HEAD", headers: asCookie(cara.access) })
    expect(head.status).toBe(200)
    expect(head.body.length).toBe(0)
    expect(head.headers["content-type"]).toBe("image/jpeg")
    expect(head.headers["cache-control"]).toBe("private, max-age=31536000, immutable")
    expect(Number(head.headers["content-length"])).toBe(readFileSync(join(privateSlide.dir, "slide_files", "10", "2_1.jpeg")).length)
    const refused = await rawRequest(server, tile, { method: "HEAD", headers: asCookie(eve.access) })
    expect(refused.status).toBe(404)
    expect(refused.body.length).toBe(0)
  })

  it("a matching If-None-Match gets 304 with no body; a stale one gets the file", async () => {
    const tile = `${privateSlide.base}/slide_files/10/0_0.jpeg`
    const first = await get(tile, asBearer(ada.access))
    const etag = String(first.headers.etag)
    const again = await get(tile, { ...asBearer(ada.access), "if-none-match": etag })
    expect(again.status).toBe(304)
    expect(again.body.length).toBe(0)
    expect(again.headers.etag).toBe(etag)
    expect(again.headers["cache-control"]).toBe("private, max-age=31536000, immutable")
    expect((await get(tile, { ...asBearer(ada.access), "if-none-match": '"other"' })).status).toBe(200)
    // Revalidation is no way around the permission check.
    expectNotFound(await get(tile, { ...asBearer(eve.access), "if-none-match": etag }), "stranger revalidating")
  })
})

describe("remembered grants", () => {
  it("outlive a withdrawal by at most a few seconds", async () => {
    const folder = await createFolder(server, ada, "Brief")
    const slide = await readySlide(server, { ownerId: ada.id, parentId: folder.id })
    const member = await share(server, ada, folder.id, cara, "reviewer")
    const tile = `${slide.base}/slide_files/10/1_1.jpeg`
    expect((await get(tile, asCookie(cara.access))).status).toBe(200)
    const removed = await client(server).del(`/v2/members/${member}/`, undefined, { token: ada.access })
    expect(removed.status, JSON.stringify(removed.body)).toBeLessThan(300)
    // The API knows at once...
    expect((await client(server).get(`/v2/labs/${slide.labId}/`, { token: cara.access })).status).toBe(404)
    // ...the tiles within the grant's life.
    await new Promise((r) => setTimeout(r, GRANT_TTL_MS + 100))
    expectNotFound(await get(tile, asCookie(cara.access)), "after the grant expired")
    // A refusal is never remembered: shared again, served again at once.
    await share(server, ada, folder.id, cara, "reviewer")
    expect((await get(tile, asCookie(cara.access))).status).toBe(200)
  })
})

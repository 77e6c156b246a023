// A slide's whole annotation set is expensive to read (review item 4): a guest reads it a bounded
// page at a time, a member still reads it whole in one answer, and the compact read is built once
// per revision of the slide's annotations and served from memory until the next write.
import { randomUUID } from "node:crypto"
import { Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { ANNOTATION_LIMITS, Annotation } from "../../src/contract/annotations.ts"
import { Ok, Page } from "../../src/contract/envelope.ts"
import type { SignedIn } from "../support/api.ts"
import { LARGE_READ_RETRY_SECONDS, LARGE_READS_PER_ADDRESS } from "../../server/http/large-reads.ts"
import { type StartedServer, startServer } from "../support/start-server.ts"
import { createLabel, createSlide, newAnnotation, polygon, postAnnotations, readCompact, rect } from "./support/annotations-api.ts"
import { client, createFolder, makePublic, person } from "./support/labs-api.ts"

let server: StartedServer
let owner: SignedIn
let stranger: SignedIn

beforeAll(async () => {
  server = await startServer()
  owner = await person(server, "Owner")
  stranger = await person(server, "Stranger")
})
afterAll(() => server.stop())

const decodePage = Schema.decodeUnknownSync(Ok(Page(Annotation)))

const list = async (who: SignedIn | undefined, s: string, query = "") => {
  const reply = await client(server).get(`/v2/labs/${s}/v2/annotations/${query}`, { token: who?.access })
  expect(reply.status, JSON.stringify(reply.body)).toBe(200)
  return decodePage(reply.body).data
}

describe("a guest's page is bounded", () => {
  it("a guest and a stranger get at most guestPageLimit with next_page; members the whole list", async () => {
    const bound = ANNOTATION_LIMITS.guestPageLimit
    const open = await createFolder(server, owner, `Open ${randomUUID().slice(0, 8)}`)
    const s = await createSlide(server, owner, open.id)
    const label = await createLabel(server, owner, s, "Cell")
    const items = Array.from({ length: bound + 1 }, (_, i) => newAnnotation(label.id, rect(i, 0, 1, 1)))
    expect((await postAnnotations(server, owner, s, items)).status).toBe(201)
    await makePublic(server, owner, open.id)

    const whole = await list(owner, s)
    expect(whole.results.map((a) => a.id)).toEqual(items.map((a) => a.id))
    expect(whole.meta).toMatchObject({ count: bound + 1, current_page: 1, next_page: null })

    for (const outsider of [undefined, stranger]) {
      for (const query of ["", "?limit=999999"]) {
        const first = await list(outsider, s, query)
        expect(first.results).toHaveLength(bound)
        expect(first.meta).toMatchObject({ count: bound + 1, current_page: 1, next_page: 2 })
        const second = await list(outsider, s, `${query === "" ? "?" : `${query}&`}page=${first.meta.next_page}`)
        expect(second.meta).toMatchObject({ count: bound + 1, current_page: 2, next_page: null })
        // The pages together are the list, in the same order.
        expect([...first.results, ...second.results].map((a) => a.id)).toEqual(whole.results.map((a) => a.id))
      }
    }
  })
})

describe("the compact read is cached per revision of the slide", () => {
  it("is served from memory until a write through the API, then changes", async () => {
    const s = await createSlide(server, owner, null)
    const label = await createLabel(server, owner, s, "Tumor")
    const items = [newAnnotation(label.id), newAnnotation(label.id, rect(5, 5, 5, 5))]
    expect((await postAnnotations(server, owner, s, items)).status).toBe(201)
    const visible = async () => [...(await readCompact(server, owner, s)).compact!.visible]
    expect(await visible()).toEqual([1, 1])
    // Changed behind the server's back (no write through it): the cached answer does not see it.
    await server.withDb((db) => db.updateTable("annotations").set({ visible: 0 }).where("id", "=", items[0]!.id).execute())
    expect(await visible()).toEqual([1, 1])
    // A write through the API raises the slide's revision: the next read is built afresh.
    const put = await client(server).put(
      `/v2/labs/${s}/annotations/${items[1]!.id}/`,
      { visible: false, version: 1 },
      { token: owner.access }
    )
    expect(put.status).toBe(200)
    expect(await visible()).toEqual([0, 0])
    // A label's change is a write to the slide's annotations too (the compact read names its labels).
    const renamed = await client(server).put(`/v2/labs/label-slide/${label.id}/`, { name: "Tumour" }, { token: owner.access })
    expect(renamed.status).toBe(200)
    expect((await readCompact(server, owner, s)).compact!.labels.map((l) => l.name)).toEqual(["Tumour"])
  })
})

describe("a member's large list", () => {
  it("comes back whole, as the pages it is made of, written out as it is read", async () => {
    const s = await createSlide(server, owner, null)
    const label = await createLabel(server, owner, s, "Cell")
    const items = Array.from({ length: 1500 }, (_, i) => newAnnotation(label.id, rect(i, i, 2, 3)))
    expect((await postAnnotations(server, owner, s, items)).status).toBe(201)
    const response = await fetch(`${server.url}/v2/labs/${s}/v2/annotations/?limit=999999`, {
      headers: { authorization: `Bearer ${owner.access}` }
    })
    expect(response.status).toBe(200)
    // Streamed: no length known before the last annotation is read.
    expect(response.headers.get("content-length")).toBeNull()
    expect(response.headers.get("transfer-encoding")).toBe("chunked")
    const whole = decodePage(await response.json()).data
    expect(whole.meta).toEqual({ count: 1500, current_page: 1, next_page: null })
    const pages = []
    for (let p = 1; p <= 15; p++) pages.push(...(await list(owner, s, `?limit=100&page=${p}`)).results)
    expect(whole.results).toEqual(pages)
    expect(whole.results.map((a) => a.id)).toEqual(items.map((a) => a.id))
  })
})

describe("large reads from one address at once", () => {
  it("beyond the limit are a 429 with Retry-After, until one of them is done", async () => {
    // A slide whose compact read is 32 MB: far more than a socket buffers, so an answer the client
    // does not read stays under way.
    const s = await createSlide(server, owner, null)
    const label = await createLabel(server, owner, s, "Big")
    const big = newAnnotation(label.id, polygon(Array.from({ length: 10_000 }, (_, i) => [i, i % 7] as const)))
    expect((await postAnnotations(server, owner, s, [big])).status).toBe(201)
    await server.withDb(async (db) => {
      const row = await db.selectFrom("annotations").selectAll().where("id", "=", big.id).executeTakeFirstOrThrow()
      const copies = Array.from({ length: 199 }, (_, i) => ({ ...row, id: randomUUID(), ordinal: i + 1 }))
      for (let i = 0; i < copies.length; i += 20)
        await db
          .insertInto("annotations")
          .values(copies.slice(i, i + 20))
          .execute()
    })
    const open = () => fetch(`${server.url}/v2/labs/${s}/annotations/compact/`, { headers: { authorization: `Bearer ${owner.access}` } })
    const held: Response[] = []
    try {
      for (let i = 0; i < LARGE_READS_PER_ADDRESS; i++) {
        const response = await open()
        expect(response.status).toBe(200)
        held.push(response)
      }
      const refused = await open()
      expect(refused.status).toBe(429)
      expect(refused.headers.get("retry-after")).toBe(String(LARGE_READ_RETRY_SECONDS))
      expect(await refused.json()).toMatchObject({ _tag: "TooManyRequests", retry_after: LARGE_READ_RETRY_SECONDS })
      // One read finishes: its slot is free again.
      expect((await held.shift()!.arrayBuffer()).byteLength).toBeGreaterThan(32_000_000)
      const again = await readCompact(server, owner, s)
      expect(again.status).toBe(200)
      expect(again.compact!.count).toBe(200)
    } finally {
      for (const response of held) await response.body?.cancel()
    }
  })
})

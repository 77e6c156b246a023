// A bulk upload of annotations (review item 8): one large one at a time per user (another while
// it is under way is a clear 429), and checked in slices outside the transaction, so that the
// server keeps answering other requests while an 8 MB upload is parsed.
import { randomUUID } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { SignedIn } from "../support/api.ts"
import { type StartedServer, startServer } from "../support/start-server.ts"
import { annotationCount, createLabel, createSlide, newAnnotation, ngon, postAnnotations } from "./support/annotations-api.ts"
import { client, person } from "./support/labs-api.ts"

let server: StartedServer
let owner: SignedIn

beforeAll(async () => {
  server = await startServer()
  owner = await person(server, "Owner")
})
afterAll(() => server.stop())

describe("a bulk write under way", () => {
  it("refuses the same user's second one with a 429, and other requests are answered before it ends", async () => {
    const s = await createSlide(server, owner, null)
    const label = await createLabel(server, owner, s, "Cell")
    // About 5.5 MB of polygons: seconds of parsing on this machine.
    const items = Array.from({ length: 3000 }, () => newAnnotation(label.id, ngon(50)))
    const order: string[] = []
    const big = postAnnotations(server, owner, s, items).then((reply) => {
      order.push("bulk")
      return reply
    })
    // Small uploads (each idempotent: the same id again; too small to hold the slot themselves)
    // until one meets the big one under way.
    const small = newAnnotation(label.id, undefined, randomUUID())
    let refused: Awaited<ReturnType<typeof postAnnotations>> | undefined
    while (refused === undefined && !order.includes("bulk")) {
      const reply = await postAnnotations(server, owner, s, [small])
      if (reply.status === 429) refused = reply
      else expect(reply.status).toBe(201)
    }
    expect(refused, "no second upload was refused while the first was under way").toBeDefined()
    expect(refused!.body).toMatchObject({ _tag: "TooManyRequests", message: expect.stringMatching(/still under way/) })
    expect(refused!.headers.get("retry-after")).toMatch(/^\d+$/)
    // The bulk write is still under way (it held the slot a moment ago): a plain read made now is
    // answered before it.
    const plain = await client(server).get(`/v2/labs/label-slide/?lab_id=${s}`, { token: owner.access })
    order.push("plain")
    expect(plain.status).toBe(200)
    const done = await big
    expect(done.status, JSON.stringify(done.body).slice(0, 300)).toBe(201)
    expect(order).toEqual(["plain", "bulk"])
    expect(await annotationCount(server, owner, s)).toBe(3001)
    // Once it is answered, the next bulk write is accepted.
    expect((await postAnnotations(server, owner, s, [newAnnotation(label.id)])).status).toBe(201)
  })
})

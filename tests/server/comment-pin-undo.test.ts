// Undoing the deletion of a comment pin brings its conversation back: the replies (ids, authors,
// times, words) and the thread's resolution wait beside the pin's tombstone (migration 0034) and the
// deleter's restore puts them back, after a single deletion as after a bulk one. Nobody else can
// restore them, and a pin deleted again keeps its latest conversation.
import { randomUUID } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { SignedIn } from "../support/api.ts"
import type { StartedServer } from "../support/start-server.ts"
import { createLabel, createSlide, postAnnotations, rect, webAnnotation } from "./support/annotations-api.ts"
import type { client } from "./support/labs-api.ts"
import { roleWorld } from "./support/role-world.ts"

let server: StartedServer
let c: ReturnType<typeof client>
let owner: SignedIn
let admin: SignedIn
let reviewer: SignedIn
let folder: string

beforeAll(async () => {
  ;({ server, c, owner, admin, reviewer, folder } = await roleWorld("Undo"))
})
afterAll(() => server.stop())

/** A slide with `count` comment pins by the owner, each with two replies (reviewer, admin) and resolved. */
const conversations = async (count: number) => {
  const slide = await createSlide(server, owner, folder)
  const label = await createLabel(server, owner, slide, "Comments")
  const pins = Array.from({ length: count }, () => randomUUID())
  const made = await postAnnotations(
    server,
    owner,
    slide,
    pins.map((id, i) => ({ id, data: webAnnotation(label.id, rect(100 + i * 50, 100, 1, 1), `Mitosis here? (${i})`) }))
  )
  expect(made.status, JSON.stringify(made.body)).toBeLessThan(300)
  for (const pin of pins) {
    expect((await c.post(`/v2/comment/threads/${pin}/replies/`, { message: "Yes, atypical." }, { token: reviewer.access })).status).toBe(
      200
    )
    expect((await c.post(`/v2/comment/threads/${pin}/replies/`, { message: "Agreed, count it." }, { token: admin.access })).status).toBe(
      200
    )
    expect((await c.put(`/v2/comment/threads/${pin}/resolved/`, { resolved: true }, { token: owner.access })).status).toBe(200)
  }
  return { slide, pins }
}

/** What a thread shows of itself and its replies, as the owner reads it. */
const threadOf = async (pin: string) => {
  const read = await c.get(`/v2/comment/threads/${pin}/`, { token: owner.access })
  if (read.status !== 200) return { status: read.status }
  const { thread, replies } = read.body.data
  return {
    status: 200,
    resolved: thread.resolved,
    replies: (replies.results ?? replies).map((r: { id: string; author: { id: string }; message: string; created_at: string }) => ({
      id: r.id,
      author: r.author.id,
      message: r.message,
      created_at: r.created_at
    }))
  }
}

const restore = (who: SignedIn, slide: string, ids: string[]) =>
  c.post(`/v2/labs/${slide}/annotations/restore/`, { ids }, { token: who.access })

describe("undoing a comment pin's deletion", () => {
  it("after a single deletion by an admin: the owner's pin, its two replies as they were and its resolution come back", async () => {
    const { slide, pins } = await conversations(1)
    const pin = pins[0]!
    const before = await threadOf(pin)
    expect(before).toMatchObject({ status: 200, resolved: true })
    expect(before.replies).toHaveLength(2)
    const shapeOf = async () =>
      (await c.get(`/v2/labs/${slide}/v2/annotations/`, { token: owner.access })).body.data.results.find(
        (a: { id: string }) => a.id === pin
      )
    const made = await shapeOf()

    expect((await c.delete(`/v2/labs/${slide}/annotations/${pin}/`, { token: admin.access })).status).toBeLessThan(300)
    expect((await threadOf(pin)).status).toBe(404)

    const restored = await restore(admin, slide, [pin])
    expect(restored.status, JSON.stringify(restored.body)).toBe(201)
    expect(await threadOf(pin)).toEqual(before)
    // The pin keeps its author and creation time: the owner's, not the admin's who undid the deletion.
    expect(await shapeOf()).toMatchObject({ user: { id: owner.id }, created_at: made.created_at, version: made.version + 1 })
  })

  it("after a bulk deletion of two pins: both conversations come back", async () => {
    const { slide, pins } = await conversations(2)
    const before = await Promise.all(pins.map(threadOf))
    expect((await c.post(`/v2/labs/${slide}/annotations/bulk-delete/`, { ids: pins }, { token: owner.access })).status).toBe(200)
    for (const pin of pins) expect((await threadOf(pin)).status).toBe(404)
    expect((await restore(owner, slide, pins)).status).toBe(201)
    expect(await Promise.all(pins.map(threadOf))).toEqual(before)
  })

  it("nobody but the deleter restores it: a reviewer's restore is a 400 and the thread stays gone", async () => {
    const { slide, pins } = await conversations(1)
    expect((await c.delete(`/v2/labs/${slide}/annotations/${pins[0]}/`, { token: owner.access })).status).toBeLessThan(300)
    const refused = await restore(reviewer, slide, pins)
    expect(refused.status).toBe(400)
    expect((await threadOf(pins[0]!)).status).toBe(404)
  })

  it("a pin deleted, restored, answered again and deleted again comes back with its latest conversation", async () => {
    const { slide, pins } = await conversations(1)
    const pin = pins[0]!
    await c.delete(`/v2/labs/${slide}/annotations/${pin}/`, { token: owner.access })
    expect((await restore(owner, slide, pins)).status).toBe(201)
    expect((await c.post(`/v2/comment/threads/${pin}/replies/`, { message: "Third opinion." }, { token: admin.access })).status).toBe(200)
    const before = await threadOf(pin)
    expect(before.replies).toHaveLength(3)
    await c.delete(`/v2/labs/${slide}/annotations/${pin}/`, { token: owner.access })
    expect((await restore(owner, slide, pins)).status).toBe(201)
    expect(await threadOf(pin)).toEqual(before)
  })
})

// The bulk POST's `existing=update` over real HTTP (issue 29, re-import by id): an upload naming
// this slide's annotations with other content updates them in place (version up by one, author and
// creation time kept) and creates the rest, in one transaction; without it the same upload is a
// 409, as before. Refused (a reviewer naming a colleague's shape, a locked shape reshaped, an id of
// another slide, a bad `existing`), it changes nothing. The other viewers hear one bulk message
// that makes them read the slide again.
import { Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Annotation } from "../../src/contract/annotations.ts"
import { Ok, Page } from "../../src/contract/envelope.ts"
import { AnnotationsBulkChanged, labChannel, realtimeEvents } from "../../src/contract/realtime.ts"
import type { SignedIn } from "../support/api.ts"
import { connectPusher, subscribed } from "../support/pusher.ts"
import { type StartedServer, startServer } from "../support/start-server.ts"
import { createLabel, createSlide, listAnnotations, newAnnotation, rect, rowOfListed } from "./support/annotations-api.ts"
import { client, createFolder, person, share } from "./support/labs-api.ts"

let server: StartedServer
let owner: SignedIn
let admin: SignedIn
let reviewer: SignedIn
let folder: string

beforeAll(async () => {
  server = await startServer()
  owner = await person(server, "Owner")
  admin = await person(server, "Admin")
  reviewer = await person(server, "Reviewer")
  folder = (await createFolder(server, owner, "Cases")).id
  await share(server, owner, folder, admin, "admin")
  await share(server, owner, folder, reviewer, "reviewer")
})
afterAll(() => server.stop())

const decodePage = Schema.decodeUnknownSync(Ok(Page(Annotation)))
const decodeCreated = Schema.decodeUnknownSync(Ok(Schema.Struct({ results: Schema.Array(Annotation) })))
const listed = async (labId: string) => decodePage((await listAnnotations(server, owner, labId)).body).data.results
const snapshot = async (labId: string) => JSON.stringify((await listed(labId)).map(rowOfListed))

const post = (who: SignedIn, labId: string, data: ReadonlyArray<unknown>, existing?: string) =>
  client(server).post(
    `/v2/labs/${labId}/v2/annotations/${existing === undefined ? "" : `?existing=${existing}`}`,
    { data },
    { token: who.access }
  )

const slideWith = async (who: SignedIn = owner) => {
  const s = await createSlide(server, owner, folder)
  const label = await createLabel(server, owner, s, "Tumor", "#ff0000")
  const other = await createLabel(server, owner, s, "Stroma", "#00ff00")
  const items = [newAnnotation(label.id, rect(10, 20, 30, 40)), newAnnotation(label.id, rect(100, 20, 30, 40))]
  expect((await post(who, s, items)).status).toBe(201)
  return { s, label, other, items }
}

describe("existing=update", () => {
  it("updates the slide's annotations it names and creates the others, keeping ids, authors and creation times", async () => {
    const { s, other, items } = await slideWith(admin)
    const before = await listed(s)
    const changed = { ...newAnnotation(other.id, rect(50, 60, 70, 80), items[0]!.id) }
    const fresh = newAnnotation(other.id, rect(300, 300, 10, 10))
    // The second is sent as it is stored: unchanged, not updated.
    const reply = await post(owner, s, [changed, items[1]!, fresh], "update")
    expect(reply.status, JSON.stringify(reply.body)).toBe(201)
    const answered = decodeCreated(reply.body).data.results
    expect(answered.map((a) => [a.id, a.version])).toEqual([
      [items[0]!.id, 2],
      [items[1]!.id, 1],
      [fresh.id, 1]
    ])
    const after = await listed(s)
    expect(after).toHaveLength(3)
    const updated = after.find((a) => a.id === items[0]!.id)!
    const was = before.find((a) => a.id === items[0]!.id)!
    expect(updated).toMatchObject({ version: 2, user: { id: admin.id }, created_at: was.created_at })
    expect(updated.data.target.selector.value).toBe("xywh=pixel:50,60,70,80")
    expect(updated.data.body[0].label).toMatchObject({ id: other.id, name: "Stroma" })
    expect(answered[0]).toEqual(updated)
  })

  it("is a 409 without it, as a retried upload with other content always was", async () => {
    const { s, other, items } = await slideWith()
    const before = await snapshot(s)
    const reply = await post(owner, s, [newAnnotation(other.id, rect(1, 2, 3, 4), items[0]!.id)])
    expect(reply.status).toBe(409)
    expect((await post(owner, s, [newAnnotation(other.id, rect(1, 2, 3, 4), items[0]!.id)], "conflict")).status).toBe(409)
    expect(await snapshot(s)).toBe(before)
  })

  it("refuses, changing nothing: a reviewer naming a colleague's shape, a locked shape reshaped, another slide's id, an unknown mode", async () => {
    const { s, label, items } = await slideWith()
    const before = await snapshot(s)
    const fresh = newAnnotation(label.id, rect(500, 500, 5, 5))
    const reshaped = newAnnotation(label.id, rect(1, 1, 9, 9), items[0]!.id)
    const byReviewer = await post(reviewer, s, [fresh, reshaped], "update")
    expect(byReviewer.status).toBe(403)
    expect(byReviewer.body.message).toContain(items[0]!.id)
    expect(await snapshot(s)).toBe(before)
    // A locked shape keeps its selector.
    const lockedItem = {
      ...newAnnotation(label.id, rect(5, 5, 5, 5)),
      data: { ...newAnnotation(label.id, rect(5, 5, 5, 5)).data, locked: true }
    }
    expect((await post(owner, s, [lockedItem])).status).toBe(201)
    const lockedBefore = await snapshot(s)
    const moveLocked = { ...lockedItem, data: { ...newAnnotation(label.id, rect(6, 6, 5, 5)).data, locked: true } }
    const locked = await post(owner, s, [fresh, moveLocked], "update")
    expect(locked.status).toBe(409)
    expect(locked.body.message).toContain("locked")
    expect(await snapshot(s)).toBe(lockedBefore)
    // Renaming a locked shape is an edit its lock allows.
    const renamed = { ...lockedItem, data: { ...lockedItem.data, name: "Kept in place" } }
    expect((await post(owner, s, [renamed], "update")).status).toBe(201)
    // An id of another slide's annotation is never taken over.
    const elsewhere = await slideWith()
    const other = await post(owner, elsewhere.s, [newAnnotation(elsewhere.label.id, rect(1, 1, 1, 1), items[1]!.id)], "update")
    expect(other.status).toBe(409)
    expect((await post(owner, s, [fresh], "overwrite")).status).toBe(400)
    expect((await listed(s)).map((a) => a.id)).not.toContain(fresh.id)
  })

  it("a reviewer updates their own shapes", async () => {
    const { s, label, items } = await slideWith(reviewer)
    const reply = await post(reviewer, s, [newAnnotation(label.id, rect(7, 7, 7, 7), items[0]!.id)], "update")
    expect(reply.status, JSON.stringify(reply.body)).toBe(201)
    expect(decodeCreated(reply.body).data.results[0]!.version).toBe(2)
  })

  it("tells the slide's other viewers in one message that makes them read the slide again", async () => {
    const { s, label, items } = await slideWith()
    const listener = connectPusher(server, admin.access)
    try {
      const channel = listener.subscribe(labChannel(s))
      await subscribed(channel)
      const heard: Array<{ event: string; data: unknown }> = []
      channel.bind_global((event: string, data: unknown) => !event.startsWith("pusher") && heard.push({ event, data }))
      await new Promise((resolve) => setTimeout(resolve, 600))
      heard.length = 0
      const reply = await post(owner, s, [newAnnotation(label.id, rect(8, 8, 8, 8), items[0]!.id)], "update")
      expect(reply.status).toBe(201)
      await expect.poll(() => heard.length, { timeout: 5_000 }).toBeGreaterThan(0)
      await new Promise((resolve) => setTimeout(resolve, 600))
      expect(heard.map((h) => h.event)).toEqual([realtimeEvents.bulkAnnotation(s)])
      const message = Schema.decodeUnknownSync(AnnotationsBulkChanged)(heard[0]!.data)
      // Fewer ids than the count: re-read (src/effects/annotations/remote.ts).
      expect(message).toMatchObject({ action: "updated", count: 1, ids: [] })
    } finally {
      listener.disconnect()
    }
  })

  it("ids are compared case-insensitively, as the bulk create stores them", async () => {
    const { s, label, items } = await slideWith()
    const upper = newAnnotation(label.id, rect(9, 9, 9, 9), items[0]!.id.toUpperCase())
    expect((await post(owner, s, [upper], "update")).status).toBe(201)
    expect((await listed(s)).find((a) => a.id === items[0]!.id)?.version).toBe(2)
  })
})

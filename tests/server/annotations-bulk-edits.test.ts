// Bulk edits of a selection over real HTTP (issue 29, "At 100,000"): relabel, move and visibility
// of many annotations in one call, the deletion of a selection or of a label's annotations, and the
// restore that undoes it with the original ids, authors and creation times. All or nothing: a refused
// call (a stranger, a guest, a reviewer naming a colleague's shape, unknown, repeated or too many ids)
// changes nothing; each accepted one is announced in one realtime message.
import { randomUUID } from "node:crypto"
import { Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Annotation, ANNOTATION_LIMITS, BulkResult } from "../../src/contract/annotations.ts"
import { Ok, Page } from "../../src/contract/envelope.ts"
import { AnnotationsBulkChanged, AnnotationsCreated, labChannel, realtimeEvents } from "../../src/contract/realtime.ts"
import type { SignedIn } from "../support/api.ts"
import { connectPusher, subscribed } from "../support/pusher.ts"
import type { StartedServer } from "../support/start-server.ts"
import {
  createLabel,
  createSlide,
  listAnnotations,
  newAnnotation,
  polygon,
  postAnnotations,
  readCompact,
  rect,
  rowOfListed,
  rowsOfCompact
} from "./support/annotations-api.ts"
import { type client, makePublic } from "./support/labs-api.ts"
import { roleWorld } from "./support/role-world.ts"

let server: StartedServer
let c: ReturnType<typeof client>
let owner: SignedIn
let admin: SignedIn
let reviewer: SignedIn
let stranger: SignedIn
let folder: string

beforeAll(async () => {
  ;({ server, c, owner, admin, reviewer, stranger, folder } = await roleWorld())
})
afterAll(() => server.stop())

const decodePage = Schema.decodeUnknownSync(Ok(Page(Annotation)))
const decodeResult = Schema.decodeUnknownSync(Ok(BulkResult))

const listed = async (labId: string) => {
  const reply = await listAnnotations(server, owner, labId)
  expect(reply.status).toBe(200)
  return decodePage(reply.body).data.results
}

/** A slide with a label and `n` rectangles by `who` (the owner unless said). */
const slideWith = async (n: number, who: SignedIn = owner) => {
  const s = await createSlide(server, owner, folder)
  const label = await createLabel(server, owner, s, "Tumor", "#ff0000")
  const other = await createLabel(server, owner, s, "Stroma", "#00ff00")
  const items = Array.from({ length: n }, (_, i) => newAnnotation(label.id, rect(10 * i, 20, 5, 5)))
  const reply = await postAnnotations(server, who, s, items)
  expect(reply.status, JSON.stringify(reply.body).slice(0, 300)).toBe(201)
  return { s, label, other, ids: items.map((item) => item.id) }
}

const update = (who: SignedIn | undefined, labId: string, body: unknown) =>
  c.post(`/v2/labs/${labId}/annotations/bulk-update/`, body, { token: who?.access })
const remove = (who: SignedIn | undefined, labId: string, body: unknown) =>
  c.post(`/v2/labs/${labId}/annotations/bulk-delete/`, body, { token: who?.access })
const restore = (who: SignedIn | undefined, labId: string, ids: ReadonlyArray<string>) =>
  c.post(`/v2/labs/${labId}/annotations/restore/`, { ids }, { token: who?.access })

/** Everything the list says of the slide's annotations, to compare before and after a refused call. */
const snapshot = async (labId: string) => JSON.stringify((await listed(labId)).map(rowOfListed))

/** Every message on the slide's channel while `act` runs, and for a moment after. */
const heardDuring = async (labId: string, act: () => Promise<void>, settle = 600) => {
  const listener = connectPusher(server, admin.access)
  try {
    const channel = listener.subscribe(labChannel(labId))
    await subscribed(channel)
    const heard: Array<{ event: string; data: unknown }> = []
    channel.bind_global((event: string, data: unknown) => !event.startsWith("pusher") && heard.push({ event, data }))
    // The message of the setup's own writes (the shapes created just before) may still be on its
    // way: let it arrive, and count only what the act sends.
    await new Promise((resolve) => setTimeout(resolve, settle))
    heard.length = 0
    await act()
    await expect.poll(() => heard.length, { timeout: 5_000 }).toBeGreaterThan(0)
    await new Promise((resolve) => setTimeout(resolve, settle))
    return heard
  } finally {
    listener.disconnect()
  }
}

describe("bulk update", () => {
  it("relabels a selection in one call: versions up by one, the list and the compact read agree, one message", async () => {
    const { s, other, ids } = await slideWith(5)
    const chosen = ids.slice(0, 3)
    const heard = await heardDuring(s, async () => {
      const reply = await update(owner, s, { ids: chosen, label_id: other.id })
      expect(reply.status, JSON.stringify(reply.body)).toBe(200)
      expect(decodeResult(reply.body).data).toEqual({ count: 3, ids: chosen })
    })
    expect(heard).toHaveLength(1)
    expect(heard[0]!.event).toBe(realtimeEvents.bulkAnnotation(s))
    const message = Schema.decodeUnknownSync(AnnotationsBulkChanged)(heard[0]!.data)
    expect(message).toMatchObject({ action: "updated", count: 3, ids: chosen, change: { label_id: other.id, color: "#00FF00" } })
    const after = await listed(s)
    for (const a of after) {
      const moved = chosen.includes(a.id)
      expect(a.data.body[0].label.id).toBe(moved ? other.id : a.data.body[0].label.id)
      expect(a.version).toBe(moved ? 2 : 1)
    }
    expect(
      after
        .filter((a) => a.data.body[0].label.id === other.id)
        .map((a) => a.id)
        .sort()
    ).toEqual([...chosen].sort())
    const compact = await readCompact(server, owner, s)
    expect(rowsOfCompact(compact.compact!)).toEqual(after.map(rowOfListed))
  })

  it("moves shapes by (dx, dy) with their selectors, boxes and vertices rebuilt, and sets visibility", async () => {
    const s = await createSlide(server, owner, folder)
    const label = await createLabel(server, owner, s, "Cell")
    const items = [
      newAnnotation(label.id, rect(10, 20, 30, 40)),
      newAnnotation(
        label.id,
        polygon([
          [0, 0],
          [100, 0],
          [50, 80]
        ])
      )
    ]
    expect((await postAnnotations(server, owner, s, items)).status).toBe(201)
    const reply = await update(owner, s, { ids: items.map((i) => i.id), dx: 5, dy: -10, visible: false })
    expect(reply.status, JSON.stringify(reply.body)).toBe(200)
    const after = new Map((await listed(s)).map((a) => [a.id, a]))
    expect(after.get(items[0]!.id)!.data.target.selector.value).toBe("xywh=pixel:15,10,30,40")
    expect(after.get(items[1]!.id)!.data.target.selector.value).toBe("<svg><polygon points='5,-10 105,-10 55,70'/></svg>")
    expect([...after.values()].every((a) => !a.visible && a.version === 2)).toBe(true)
    const compact = await readCompact(server, owner, s)
    expect(rowsOfCompact(compact.compact!)).toEqual((await listed(s)).map(rowOfListed))
  })

  it("refuses bad input whole and changes nothing: unknown, repeated, malformed or too many ids, no change, a foreign label, a move off the range", async () => {
    const { s, other, ids } = await slideWith(3)
    const foreign = await slideWith(1)
    const before = await snapshot(s)
    const unknown = randomUUID()
    const cases: Array<[unknown, RegExp, string]> = [
      [{ ids: [...ids, unknown], label_id: other.id }, new RegExp(`not annotations of this slide: ${unknown}`), "ids"],
      [{ ids: [ids[0], foreign.ids[0]], label_id: other.id }, new RegExp(foreign.ids[0]!), "ids"],
      [{ ids: [ids[0], ids[1], ids[0]], label_id: other.id }, new RegExp(`more than once: ${ids[0]}`), "ids"],
      [{ ids: [], label_id: other.id }, /at least one/, "ids"],
      [{ ids }, /Give label_id/, "non_field_errors"],
      [{ ids, label_id: foreign.label.id }, /not a label of this slide/, "label_id"],
      [{ ids, dx: ANNOTATION_LIMITS.coordinate }, /beyond/, "dx"],
      [{ ids: ["not-an-id"], label_id: other.id }, /^ids\.0: Enter a valid value\.$/, "ids"]
    ]
    for (const [body, message, field] of cases) {
      const reply = await update(owner, s, body)
      expect(reply.status, JSON.stringify(body).slice(0, 200)).toBe(400)
      expect(reply.body[field]?.join(" "), JSON.stringify(reply.body)).toMatch(message)
    }
    const tooMany = Array.from({ length: ANNOTATION_LIMITS.perBulkEdit + 1 }, () => randomUUID())
    const refused = await update(owner, s, { ids: tooMany, label_id: other.id })
    expect(refused.status).toBe(400)
    expect(refused.body.ids.join(" ")).toMatch(/at most 100000 annotations at once; this list has 100001/)
    expect(await snapshot(s)).toBe(before)
  })

  it("checks every annotation against the rules: a reviewer changes their own only, strangers and guests nothing", async () => {
    const { s, other, ids } = await slideWith(2)
    const own = await postAnnotations(server, reviewer, s, [newAnnotation(other.id), newAnnotation(other.id)])
    const theirs = own.body.data.results.map((a: { id: string }) => a.id) as string[]
    const before = await snapshot(s)
    const mixed = await update(reviewer, s, { ids: [...theirs, ...ids], dx: 1 })
    expect(mixed.status).toBe(403)
    expect(mixed.body.message).toContain(ids[0])
    expect(mixed.body.message).toContain(ids[1])
    expect(mixed.body.message).not.toContain(theirs[0])
    expect((await remove(reviewer, s, { ids: [...theirs, ids[0]] })).status).toBe(403)
    expect((await update(stranger, s, { ids, dx: 1 })).status).toBe(404)
    expect((await remove(stranger, s, { ids })).status).toBe(404)
    expect((await update(undefined, s, { ids, dx: 1 })).status).toBe(401)
    expect((await remove(undefined, s, { ids })).status).toBe(401)
    expect(await snapshot(s)).toBe(before)
    // A stranger on a public slide reads it, and changes nothing.
    const pub = await slideWith(1)
    await makePublic(server, owner, pub.s)
    expect((await update(stranger, pub.s, { ids: pub.ids, dx: 1 })).status).toBe(403)
    expect((await remove(stranger, pub.s, { label_id: pub.label.id })).status).toBe(403)
    expect(await listed(pub.s)).toHaveLength(1)
    // Their own, the reviewer may.
    expect((await update(reviewer, s, { ids: theirs, visible: false })).status).toBe(200)
    expect((await remove(reviewer, s, { ids: theirs })).status).toBe(200)
    expect((await listed(s)).map((a) => a.id).sort()).toEqual([...ids].sort())
  })
})

describe("bulk delete and restore", () => {
  it("deletes a selection in one call and one message; its deleter restores it with the same ids, authors and creation times", async () => {
    const { s, ids } = await slideWith(4, admin)
    const before = await listed(s)
    const chosen = ids.slice(1)
    const heard = await heardDuring(s, async () => {
      const reply = await remove(owner, s, { ids: chosen })
      expect(reply.status, JSON.stringify(reply.body)).toBe(200)
      expect(decodeResult(reply.body).data.count).toBe(3)
    })
    expect(heard).toHaveLength(1)
    expect(Schema.decodeUnknownSync(AnnotationsBulkChanged)(heard[0]!.data)).toMatchObject({ action: "deleted", count: 3, ids: chosen })
    expect((await listed(s)).map((a) => a.id)).toEqual([ids[0]])

    // Only whoever deleted them may restore them, and only what they deleted.
    expect((await restore(admin, s, chosen)).status).toBe(400)
    const never = await restore(owner, s, [ids[0]!])
    expect(never.status).toBe(400)
    expect(never.body.ids.join(" ")).toContain(ids[0])
    expect((await restore(stranger, s, chosen)).status).toBe(404)
    expect((await listed(s)).map((a) => a.id)).toEqual([ids[0]])

    const restored = await heardDuring(s, async () => {
      const reply = await restore(owner, s, chosen)
      expect(reply.status, JSON.stringify(reply.body)).toBe(201)
      expect(decodeResult(reply.body).data).toEqual({ count: 3, ids: chosen })
    })
    expect(restored).toHaveLength(1)
    // Announced as a create with nothing inline: the other screens re-read, authors and all.
    expect(Schema.decodeUnknownSync(AnnotationsCreated)(restored[0]!.data)).toMatchObject({ count: 3, annotations: [] })
    const after = await listed(s)
    expect(after.map((a) => ({ ...a, version: a.version - (chosen.includes(a.id) ? 1 : 0), updated_at: "" }))).toEqual(
      before.map((a) => ({ ...a, updated_at: "" }))
    )
    expect(after.every((a) => a.user.id === admin.id)).toBe(true)
    // A restore is spent: the same call again restores nothing.
    expect((await restore(owner, s, chosen)).status).toBe(400)
    expect(await listed(s)).toHaveLength(4)
  })

  it("deletes every annotation of a label (the label stays), and refuses a reviewer when some are a colleague's", async () => {
    const { s, label, other, ids } = await slideWith(3)
    expect((await postAnnotations(server, owner, s, [newAnnotation(other.id)])).status).toBe(201)
    const byReviewer = await postAnnotations(server, reviewer, s, [newAnnotation(label.id)])
    const reviewers = byReviewer.body.data.results[0].id as string
    const before = await snapshot(s)
    expect((await remove(reviewer, s, { label_id: label.id })).status).toBe(403)
    expect((await remove(owner, s, { label_id: label.id, ids })).status).toBe(400)
    expect((await remove(owner, s, {})).status).toBe(400)
    expect(await snapshot(s)).toBe(before)
    const reply = await remove(owner, s, { label_id: label.id })
    expect(reply.status).toBe(200)
    expect([...decodeResult(reply.body).data.ids].sort()).toEqual([...ids, reviewers].sort())
    const left = await listed(s)
    expect(left.map((a) => a.data.body[0].label.id)).toEqual([other.id])
    const labels = await c.get(`/v2/labs/label-slide/?lab_id=${s}`, { token: owner.access })
    expect(labels.body.data.results.map((l: { id: string }) => l.id)).toContain(label.id)
    // The reviewer's own shape went with the owner's deletion: the owner restores it, still the reviewer's.
    expect((await restore(owner, s, [reviewers])).status).toBe(201)
    expect((await listed(s)).find((a) => a.id === reviewers)?.user.id).toBe(reviewer.id)
  })

  it("keeps a large deletion's message under Pusher's 10 KB: some ids inline, the count of all", async () => {
    const { s, ids } = await slideWith(600)
    const heard = await heardDuring(s, async () => {
      expect((await remove(owner, s, { ids })).status).toBe(200)
    })
    expect(heard).toHaveLength(1)
    expect(JSON.stringify(heard[0]!.data).length).toBeLessThan(10_000)
    const message = Schema.decodeUnknownSync(AnnotationsBulkChanged)(heard[0]!.data)
    expect(message.count).toBe(600)
    expect(message.ids.length).toBeGreaterThan(0)
    expect(message.ids.length).toBeLessThan(600)
    expect(await listed(s)).toHaveLength(0)
  })

  it("deletes and restores 70,000 shapes in one call each: more ids than PostgreSQL binds parameters", async () => {
    const s = await createSlide(server, owner, folder)
    const label = await createLabel(server, owner, s, "Cells", "#ff0000")
    const items = Array.from({ length: 70_000 }, (_, i) => newAnnotation(label.id, rect((i % 400) * 6, Math.floor(i / 400) * 6, 4, 4)))
    for (let i = 0; i < items.length; i += ANNOTATION_LIMITS.perPost)
      expect((await postAnnotations(server, owner, s, items.slice(i, i + ANNOTATION_LIMITS.perPost))).status).toBe(201)
    const ids = items.map((item) => item.id)
    const removed = await remove(owner, s, { ids })
    expect(removed.status, JSON.stringify(removed.body).slice(0, 300)).toBe(200)
    expect(removed.body.data.count).toBe(70_000)
    const restored = await restore(owner, s, ids)
    expect(restored.status, JSON.stringify(restored.body).slice(0, 300)).toBe(201)
    expect(restored.body.data.count).toBe(70_000)
  }, 180_000)
})

// Slide annotations over real HTTP: the bulk create (idempotent by client ids, with its limits),
// edits with a version and the 409 that shows the current annotation, who may edit what, what
// guests and strangers see, refusals that change nothing, the events on the slide's channel, and
// who has the slide open.
import { randomUUID } from "node:crypto"
import { Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Annotation, ANNOTATION_LIMITS } from "../../src/contract/annotations.ts"
import { Ok, Page } from "../../src/contract/envelope.ts"
import { AnnotationsCreated, AnnotationDeleted, AnnotationUpdated, labChannel, realtimeEvents } from "../../src/contract/realtime.ts"
import type { SignedIn } from "../support/api.ts"
import { connectPusher, subscribed } from "../support/pusher.ts"
import { type StartedServer, startServer } from "../support/start-server.ts"
import {
  annotationCount,
  createLabel,
  createSlide,
  listAnnotations,
  newAnnotation,
  ngon,
  polygon,
  postAnnotations,
  rect,
  webAnnotation
} from "./support/annotations-api.ts"
import { client, createFolder, makePublic, person, share } from "./support/labs-api.ts"

let server: StartedServer
let c: ReturnType<typeof client>
let owner: SignedIn
let admin: SignedIn
let reviewer: SignedIn
let stranger: SignedIn
let folder: string
let slide: string
let tumor: { id: string; name: string; color: string }

beforeAll(async () => {
  server = await startServer()
  c = client(server)
  owner = await person(server, "Owner")
  admin = await person(server, "Admin")
  reviewer = await person(server, "Reviewer")
  stranger = await person(server, "Stranger")
  folder = (await createFolder(server, owner, "Cases")).id
  await share(server, owner, folder, admin, "admin")
  await share(server, owner, folder, reviewer, "reviewer")
  slide = await createSlide(server, owner, folder)
  tumor = await createLabel(server, owner, slide, "Tumor", "#ff0000")
})
afterAll(() => server.stop())

const decodePage = Schema.decodeUnknownSync(Ok(Page(Annotation)))

describe("bulk create", () => {
  it("creates every shape, answers them filled in from their label, and lists them", async () => {
    const s = await createSlide(server, owner, folder)
    const label = await createLabel(server, owner, s, "Stroma", "#00ff00")
    const items = [
      newAnnotation(label.id, rect(10, 20, 30, 40)),
      newAnnotation(
        label.id,
        polygon([
          [0, 0],
          [100, 0],
          [50, 80]
        ])
      ),
      newAnnotation(label.id, { type: "SvgSelector", value: "<svg><polyline points='1,1 5,5 9,2'/></svg>" }),
      newAnnotation(label.id, { type: "SvgSelector", value: "<svg><circle cx='7' cy='8' r='0'/></svg>" }),
      {
        id: randomUUID(),
        data: webAnnotation(label.id, { type: "SvgSelector", value: "<svg><circle cx='3' cy='4' r='0'/></svg>" }, "Look here")
      }
    ]
    const reply = await postAnnotations(server, reviewer, s, items)
    expect(reply.status, JSON.stringify(reply.body)).toBe(201)
    expect(reply.body.data.results.map((a: { id: string }) => a.id)).toEqual(items.map((i) => i.id))
    const first = reply.body.data.results[0]
    expect(first).toMatchObject({
      lab_id: s,
      version: 1,
      visible: true,
      user: { id: reviewer.id, email: reviewer.email, name: "Reviewer" }
    })
    expect(first.data.id).toBe(items[0]!.id)
    expect(first.data.body[0]).toEqual({
      type: "TextualBody",
      purpose: "tagging",
      value: "Stroma",
      label: { id: label.id, name: "Stroma", color: "#00FF00" }
    })
    expect(reply.body.data.results[4].data.body[1]).toEqual({ type: "TextualBody", purpose: "commenting", value: "Look here" })
    const listed = await listAnnotations(server, admin, s)
    expect(listed.status).toBe(200)
    const page = decodePage(listed.body)
    expect(page.data.meta).toMatchObject({ count: 5, current_page: 1, next_page: null })
    expect(page.data.results.map((a) => a.id)).toEqual(items.map((i) => i.id))
    expect(page.data.results[1]!.data.target.selector).toEqual(items[1]!.data.target.selector)
  })

  it("answers a retried upload as created and creates nothing twice", async () => {
    const s = await createSlide(server, owner, folder)
    const label = await createLabel(server, owner, s, "Necrosis")
    const items = [newAnnotation(label.id), newAnnotation(label.id, rect(1, 2, 3, 4))]
    const first = await postAnnotations(server, owner, s, items)
    expect(first.status).toBe(201)
    const again = await postAnnotations(server, owner, s, [...items, newAnnotation(label.id, rect(5, 5, 5, 5))])
    expect(again.status, JSON.stringify(again.body)).toBe(201)
    expect(again.body.data.results.slice(0, 2)).toEqual(first.body.data.results)
    expect(await annotationCount(server, owner, s)).toBe(3)
    const events = await server.withDb((db) =>
      // In the order they were written: PostgreSQL promises no order without one.
      db.selectFrom("events").select("payload").where("kind", "=", "annotation.created").where("lab_id", "=", s).orderBy("seq").execute()
    )
    expect(events.map((e) => JSON.parse(e.payload).count)).toEqual([2, 1])
  })

  it("refuses an existing id with other content (409 with the annotation as it is)", async () => {
    const [item] = [newAnnotation(tumor.id, rect(1, 1, 10, 10))]
    expect((await postAnnotations(server, owner, slide, [item])).status).toBe(201)
    const before = await annotationCount(server, owner, slide)
    const reply = await postAnnotations(server, owner, slide, [
      newAnnotation(tumor.id),
      { ...item!, data: webAnnotation(tumor.id, rect(2, 2, 10, 10)) }
    ])
    expect(reply.status).toBe(409)
    expect(reply.body._tag).toBe("AnnotationConflict")
    expect(reply.body.current.data.target.selector.value).toBe("xywh=pixel:1,1,10,10")
    expect(await annotationCount(server, owner, slide)).toBe(before)
  })

  it("takes 5,000 shapes in one request (a body far above 64 KB)", async () => {
    const s = await createSlide(server, owner, folder)
    const label = await createLabel(server, owner, s, "Cell")
    const items = Array.from({ length: ANNOTATION_LIMITS.perPost }, (_, i) => newAnnotation(label.id, rect(i, i, 5, 5)))
    const reply = await postAnnotations(server, owner, s, items)
    expect(reply.status, JSON.stringify(reply.body).slice(0, 500)).toBe(201)
    expect(reply.body.data.results).toHaveLength(ANNOTATION_LIMITS.perPost)
    expect(await annotationCount(server, owner, s)).toBe(ANNOTATION_LIMITS.perPost)
  }, 60_000)
})

describe("refusals change nothing", () => {
  const refused = async (items: ReadonlyArray<unknown>, field: string, pattern: RegExp, labId = slide) => {
    const before = await annotationCount(server, owner, labId)
    const reply = await postAnnotations(server, owner, labId, items)
    expect(reply.status, JSON.stringify(reply.body).slice(0, 500)).toBe(400)
    expect(reply.body[field].join(" ")).toMatch(pattern)
    expect(await annotationCount(server, owner, labId)).toBe(before)
  }

  it("a selector that is not one of the shapes", async () => {
    const good = newAnnotation(tumor.id)
    await refused(
      [good, newAnnotation(tumor.id, { type: "SvgSelector", value: "<svg><rect x='1'/></svg>" })],
      "data",
      /Annotation 1 .*selector/
    )
    await refused([newAnnotation(tumor.id, { type: "FragmentSelector", value: "xywh=percent:1,2,3,4" })], "data", /xywh=pixel/)
    await refused([newAnnotation(tumor.id, rect(1, 2, 0, 4))], "data", /width or height/)
    await refused(
      [newAnnotation(tumor.id, { type: "SvgSelector", value: "<svg><polygon points='1,1 2,NaN 3,3'/></svg>" })],
      "data",
      /not a number/
    )
    await refused([newAnnotation(tumor.id, rect(1e9, 2, 3, 4))], "data", /beyond 16777216/)
  })

  it("a shape with too many vertices", async () => {
    await refused([newAnnotation(tumor.id, ngon(ANNOTATION_LIMITS.vertices + 1))], "data", /10001 vertices; at most 10000/)
  })

  it("too long a list", async () => {
    const items = Array.from({ length: ANNOTATION_LIMITS.perPost + 1 }, () => newAnnotation(tumor.id, rect(1, 1, 1, 1)))
    await refused(items, "data", /at most 5000 annotations/)
  })

  it("an unknown label, and a label of another slide", async () => {
    await refused([newAnnotation(randomUUID())], "data", /not a label of this slide/)
    const other = await createSlide(server, owner, folder)
    const foreign = await createLabel(server, owner, other, "Elsewhere")
    await refused([newAnnotation(foreign.id)], "data", /not a label of this slide/)
  })

  it("a malformed body or id (the contract's 400), naming the nested field that is wrong", async () => {
    await refused([{ id: "not-a-uuid", data: webAnnotation(tumor.id, rect(1, 1, 1, 1)) }], "data", /^data\.0\.id: Enter a valid value\.$/)
    const noSource = webAnnotation(tumor.id, rect(1, 1, 1, 1)) as { target: { source?: string } }
    delete noSource.target.source
    await refused(
      [newAnnotation(tumor.id), { id: randomUUID(), data: noSource }],
      "data",
      /^data\.1\.data\.target\.source: This field is required\.$/
    )
    await refused(
      [{ id: randomUUID(), data: { type: "Annotation", body: [], target: { source: "s", selector: rect(1, 1, 1, 1) } } }],
      "data",
      /./
    )
  })

  it("a folder: folders have no annotations (400 naming lab_id)", async () => {
    const reply = await postAnnotations(server, owner, folder, [newAnnotation(tumor.id)])
    expect(reply.status).toBe(400)
    expect(reply.body.lab_id[0]).toMatch(/Folders have no annotations/)
    expect((await listAnnotations(server, owner, folder)).status).toBe(400)
  })

  it("a body above the bulk limit is 413 before it is read", async () => {
    const big = "x".repeat(ANNOTATION_LIMITS.bulkBodyBytes)
    const reply = await c.post(`/v2/labs/${slide}/v2/annotations/`, { data: [], pad: big }, { token: owner.access })
    expect(reply.status).toBe(413)
  })
})

describe("edits and versions", () => {
  const one = async (who: SignedIn, selector = rect(5, 5, 5, 5)) => {
    const reply = await postAnnotations(server, who, slide, [newAnnotation(tumor.id, selector)])
    expect(reply.status).toBe(201)
    return reply.body.data.results[0]
  }
  const put = (who: SignedIn | undefined, id: string, body: unknown) =>
    c.put(`/v2/labs/${slide}/annotations/${id}/`, body, { token: who?.access })

  it("raises the version by one per write and answers data.annotations", async () => {
    const a = await one(owner)
    const moved = await put(owner, a.id, { data: webAnnotation(tumor.id, rect(6, 6, 5, 5)), version: 1 })
    expect(moved.status, JSON.stringify(moved.body)).toBe(200)
    expect(moved.body.data.annotations).toMatchObject({ id: a.id, version: 2 })
    expect(moved.body.data.annotations.data.target.selector.value).toBe("xywh=pixel:6,6,5,5")
    const hidden = await put(owner, a.id, { visible: false, version: 2 })
    expect(hidden.body.data.annotations).toMatchObject({ version: 3, visible: false })
  })

  it("answers a stale version with 409 and the annotation as it is now, and changes nothing", async () => {
    const a = await one(owner)
    expect((await put(admin, a.id, { data: webAnnotation(tumor.id, rect(7, 7, 7, 7)), version: 1 })).status).toBe(200)
    const stale = await put(owner, a.id, { data: webAnnotation(tumor.id, rect(8, 8, 8, 8)), version: 1 })
    expect(stale.status).toBe(409)
    expect(stale.body._tag).toBe("AnnotationConflict")
    expect(stale.body.current).toMatchObject({ id: a.id, version: 2 })
    expect(stale.body.current.data.target.selector.value).toBe("xywh=pixel:7,7,7,7")
  })

  it("lets a reviewer edit and delete their own shapes only; owner and admin edit any", async () => {
    const owners = await one(owner)
    const own = await one(reviewer)
    const refused = await put(reviewer, owners.id, { visible: false, version: 1 })
    expect(refused.status).toBe(403)
    expect((await c.del(`/v2/labs/${slide}/annotations/${owners.id}/`, undefined, { token: reviewer.access })).status).toBe(403)
    const list = (await listAnnotations(server, owner, slide)).body.data.results
    expect(list.find((a: { id: string }) => a.id === owners.id)).toMatchObject({ version: 1, visible: true })
    expect((await put(reviewer, own.id, { visible: false, version: 1 })).status).toBe(200)
    expect((await put(admin, own.id, { visible: true, version: 2 })).status).toBe(200)
    expect((await c.del(`/v2/labs/${slide}/annotations/${own.id}/`, undefined, { token: reviewer.access })).status).toBe(200)
    expect((await c.del(`/v2/labs/${slide}/annotations/${own.id}/`, undefined, { token: owner.access })).status).toBe(404)
  })

  it("a DELETE naming a stale version is a 409 with the annotation as it is now, and deletes nothing", async () => {
    const a = await one(owner)
    expect((await put(admin, a.id, { data: webAnnotation(tumor.id, rect(9, 9, 9, 9)), version: 1 })).status).toBe(200)
    const stale = await c.del(`/v2/labs/${slide}/annotations/${a.id}/?version=1`, undefined, { token: owner.access })
    expect(stale.status).toBe(409)
    expect(stale.body._tag).toBe("AnnotationConflict")
    expect(stale.body.current).toMatchObject({ id: a.id, version: 2 })
    const list = (await listAnnotations(server, owner, slide)).body.data.results
    expect(list.find((x: { id: string }) => x.id === a.id)).toMatchObject({ version: 2 })
    expect((await c.del(`/v2/labs/${slide}/annotations/${a.id}/?version=0`, undefined, { token: owner.access })).status).toBe(400)
    expect((await c.del(`/v2/labs/${slide}/annotations/${a.id}/?version=2`, undefined, { token: owner.access })).status).toBe(200)
    expect((await listAnnotations(server, owner, slide)).body.data.results.some((x: { id: string }) => x.id === a.id)).toBe(false)
  })

  it("refuses a bad edit with 400 and keeps the shape", async () => {
    const a = await one(owner)
    const bad = await put(owner, a.id, { data: webAnnotation(tumor.id, ngon(ANNOTATION_LIMITS.vertices + 1)), version: 1 })
    expect(bad.status).toBe(400)
    expect(bad.body.data[0]).toMatch(/vertices/)
    const empty = await put(owner, a.id, { version: 1 })
    expect(empty.status).toBe(400)
    const unknown = await put(owner, a.id, { data: webAnnotation(randomUUID(), rect(1, 1, 1, 1)), version: 1 })
    expect(unknown.status).toBe(400)
    const list = (await listAnnotations(server, owner, slide)).body.data.results
    expect(list.find((x: { id: string }) => x.id === a.id).version).toBe(1)
  })
})

describe("who sees a slide's annotations", () => {
  it("a stranger gets 404 on a private slide; a guest 401", async () => {
    expect((await listAnnotations(server, stranger, slide)).status).toBe(404)
    expect((await postAnnotations(server, stranger, slide, [newAnnotation(tumor.id)])).status).toBe(404)
    expect((await listAnnotations(server, undefined, slide)).status).toBe(401)
  })

  it("a guest reads a public slide's annotations and labels, and may change nothing", async () => {
    const open = await createFolder(server, owner, "Open")
    const s = await createSlide(server, owner, open.id)
    const label = await createLabel(server, owner, s, "Public")
    expect((await postAnnotations(server, owner, s, [newAnnotation(label.id)])).status).toBe(201)
    await makePublic(server, owner, open.id)
    const read = await listAnnotations(server, undefined, s)
    expect(read.status).toBe(200)
    expect(read.body.data.results).toHaveLength(1)
    expect((await c.get(`/v2/labs/label-slide/?lab_id=${s}`)).body.data.results.map((l: { name: string }) => l.name)).toEqual(["Public"])
    expect((await postAnnotations(server, undefined, s, [newAnnotation(label.id)])).status).toBe(401)
    expect((await postAnnotations(server, stranger, s, [newAnnotation(label.id)])).status).toBe(403)
    const id = read.body.data.results[0].id
    expect((await c.put(`/v2/labs/${s}/annotations/${id}/`, { visible: false, version: 1 }, { token: stranger.access })).status).toBe(403)
    expect(await annotationCount(server, owner, s)).toBe(1)
  })
})

describe("events on the slide's channel", () => {
  it("tells members of creates, edits, deletes and label changes, with payloads that decode", async () => {
    const s = await createSlide(server, owner, folder)
    const label = await createLabel(server, owner, s, "Mitosis", "#123456")
    const listener = connectPusher(server, reviewer.access)
    try {
      const channel = listener.subscribe(labChannel(s))
      await subscribed(channel)
      const heard: Array<{ event: string; data: unknown }> = []
      channel.bind_global((event: string, data: unknown) => !event.startsWith("pusher") && heard.push({ event, data }))
      const created = await postAnnotations(server, owner, s, [newAnnotation(label.id)])
      const id = created.body.data.results[0].id
      await expect.poll(() => heard.length, { timeout: 5_000 }).toBe(1)
      const create = Schema.decodeUnknownSync(AnnotationsCreated)(heard[0]!.data)
      expect(heard[0]!.event).toBe(realtimeEvents.createAnnotation(s))
      // The author's name comes with it, so the other screens credit the shape to a person, not an address.
      expect(create).toMatchObject({ lab_id: s, user_id: owner.id, user_email: owner.email, user_name: owner.name, count: 1 })
      expect(create.annotations[0]).toMatchObject({ id, version: 1, label_id: label.id, color: "#123456" })
      expect(create.annotations[0]!.data?.target.selector).toEqual(rect(10, 20, 30, 40))

      await c.put(`/v2/labs/${s}/annotations/${id}/`, { visible: false, version: 1 }, { token: owner.access })
      await expect.poll(() => heard.length, { timeout: 5_000 }).toBe(2)
      expect(heard[1]!.event).toBe(realtimeEvents.updateAnnotation(s))
      expect(Schema.decodeUnknownSync(AnnotationUpdated)(heard[1]!.data).annotation).toMatchObject({ id, version: 2, visible: false })

      await c.del(`/v2/labs/${s}/annotations/${id}/`, undefined, { token: owner.access })
      await expect.poll(() => heard.length, { timeout: 5_000 }).toBe(3)
      expect(heard[2]!.event).toBe(realtimeEvents.deleteAnnotation(s))
      expect(Schema.decodeUnknownSync(AnnotationDeleted)(heard[2]!.data)).toMatchObject({
        id,
        label_id: label.id,
        user_email: owner.email,
        user_name: owner.name
      })

      await c.put(`/v2/labs/label-slide/${label.id}/`, { color: "#654321" }, { token: owner.access })
      await expect.poll(() => heard.length, { timeout: 5_000 }).toBe(4)
      expect(heard[3]).toMatchObject({
        event: realtimeEvents.label(s),
        data: { action: "updated", label: { id: label.id, color: "#654321" } }
      })
    } finally {
      listener.disconnect()
    }
  })

  it("keeps a big upload's message under Pusher's 10 KB: some shapes inline, the count of all", async () => {
    const s = await createSlide(server, owner, folder)
    const label = await createLabel(server, owner, s, "Nucleus")
    const listener = connectPusher(server, admin.access)
    try {
      const channel = listener.subscribe(labChannel(s))
      await subscribed(channel)
      const heard: unknown[] = []
      channel.bind(realtimeEvents.createAnnotation(s), (data: unknown) => heard.push(data))
      const items = [
        newAnnotation(label.id, ngon(2000)),
        ...Array.from({ length: 300 }, (_, i) => newAnnotation(label.id, rect(i, 0, 1, 1)))
      ]
      expect((await postAnnotations(server, owner, s, items)).status).toBe(201)
      await expect.poll(() => heard.length, { timeout: 5_000 }).toBe(1)
      const message = Schema.decodeUnknownSync(AnnotationsCreated)(heard[0])
      expect(JSON.stringify(heard[0]).length).toBeLessThan(10_000)
      expect(message.count).toBe(301)
      expect(message.annotations.length).toBeLessThan(301)
      expect(message.annotations.length).toBeGreaterThan(0)
      // The 2,000-vertex polygon does not fit: it is named, its shape left to a fetch.
      expect(message.annotations[0]).toMatchObject({ id: items[0]!.id, data: null })
    } finally {
      listener.disconnect()
    }
  })
})

describe("slide viewers", () => {
  const viewers = (reply: { body: { data: { results: Array<{ email: string }> } } }) => reply.body.data.results.map((v) => v.email).sort()

  it("lists the members who called in, until they leave", async () => {
    const s = await createSlide(server, owner, folder)
    const join = (who: SignedIn) => c.post(`/v2/labs/${s}/viewers/`, undefined, { token: who.access })
    expect(viewers(await join(owner))).toEqual([owner.email])
    expect(viewers(await join(reviewer))).toEqual([owner.email, reviewer.email].sort())
    const left = await c.del(`/v2/labs/${s}/viewers/`, undefined, { token: owner.access })
    expect(viewers(left)).toEqual([reviewer.email])
    expect(viewers(await c.get(`/v2/labs/${s}/viewers/`, { token: admin.access }))).toEqual([reviewer.email])
    expect((await join(stranger)).status).toBe(404)
    expect((await c.get(`/v2/labs/${s}/viewers/`)).status).toBe(401)
  })

  it("forgets a viewer who stopped calling in", async () => {
    const s = await createSlide(server, owner, folder)
    await c.post(`/v2/labs/${s}/viewers/`, undefined, { token: admin.access })
    const old = new Date(Date.now() - (ANNOTATION_LIMITS.viewerSeconds + 5) * 1000).toISOString()
    await server.withDb((db) => db.updateTable("lab_viewers").set({ seen_at: old }).where("lab_id", "=", s).execute())
    expect(viewers(await c.get(`/v2/labs/${s}/viewers/`, { token: owner.access }))).toEqual([])
  })
})

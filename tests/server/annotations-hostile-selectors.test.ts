// Selectors made to hurt, over real HTTP: a token that takes the number pattern long to refuse (it
// held every request of the process while it ran), and SVG carrying script (an event handler, a
// javascript: link) that must never come back out of the server. On SQLite, or PostgreSQL with
// DATABASE_URL.
import { Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { AnnotationsCreated, AnnotationUpdated, labChannel } from "../../src/contract/realtime.ts"
import type { SignedIn } from "../support/api.ts"
import { connectPusher, subscribed } from "../support/pusher.ts"
import { type StartedServer, startServer } from "../support/start-server.ts"
import {
  createLabel,
  createSlide,
  hex,
  listAnnotations,
  newAnnotation,
  postAnnotations,
  readCompact,
  type Selector,
  webAnnotation
} from "./support/annotations-api.ts"
import { client, createFolder, person, share } from "./support/labs-api.ts"
import { fastestAsync, plainPoints } from "../support/timing.ts"

let server: StartedServer
let owner: SignedIn
let reviewer: SignedIn
let folder: string
let slide: string
let label: { id: string }

beforeAll(async () => {
  server = await startServer()
  owner = await person(server, "Owner")
  reviewer = await person(server, "Reviewer")
  folder = (await createFolder(server, owner, "Cases")).id
  await share(server, owner, folder, reviewer, "reviewer")
  slide = await createSlide(server, owner, folder)
  label = await createLabel(server, owner, slide, "Tumor")
})
afterAll(() => server.stop())

const svg = (value: string): Selector => ({ type: "SvgSelector", value })

describe("a selector made to be slow to refuse", () => {
  // 25,000 digits and a letter took over a second before (quadratic in the token); the process answered
  // nothing else meanwhile. Compared with a plain polygon of the same size in the same run.
  it("is refused about as fast as a plain polygon of the same size is stored", async () => {
    const digits = 25_000
    const hostile = svg(`<svg><polygon points='0,0 1,1 2,2 ${"1".repeat(digits)}x,0'/></svg>`)
    const plain = svg(`<svg><polygon points='${plainPoints(digits)}'/></svg>`)
    const refused = await postAnnotations(server, owner, slide, [newAnnotation(label.id, hostile)])
    expect(refused.status).toBe(400)
    expect(JSON.stringify(refused.body)).toMatch(/longer than 64 characters/)
    const stored = await postAnnotations(server, owner, slide, [newAnnotation(label.id, plain)])
    expect(stored.status, JSON.stringify(stored.body).slice(0, 300)).toBe(201)

    const plainTime = await fastestAsync(async () => {
      expect((await postAnnotations(server, owner, slide, [newAnnotation(label.id, plain)])).status).toBe(201)
    })
    const hostileTime = await fastestAsync(async () => {
      expect((await postAnnotations(server, owner, slide, [newAnnotation(label.id, hostile)])).status).toBe(400)
    })
    expect(hostileTime / plainTime, `${hostileTime.toFixed(1)} ms against ${plainTime.toFixed(1)} ms`).toBeLessThan(5)
  })
})

describe("an SVG selector carrying script", () => {
  // Parsed, the shape is a fine triangle; the attributes around it are what a page that put the
  // selector's text into its DOM would run.
  const handlers = svg(
    `<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><polygon onmouseover='alert(2)' points="0,0 10.5,0 5,8.25"></polygon></svg>`
  )
  const triangle = { type: "SvgSelector", value: "<svg><polygon points='0,0 10.5,0 5,8.25'/></svg>" }
  const link = svg(`<svg xmlns:xlink="http://www.w3.org/1999/xlink"><circle xlink:href="javascript:alert(3)" cx="1e2" cy="7" r="0"/></svg>`)
  const point = { type: "SvgSelector", value: "<svg><circle cx='100' cy='7' r='0'/></svg>" }

  it("is stored as written from its shape: the create, a retry, the list, the compact read, an edit and the events", async () => {
    const s = await createSlide(server, owner, folder)
    const tag = await createLabel(server, owner, s, "Tumor")
    const listener = connectPusher(server, reviewer.access)
    try {
      const channel = listener.subscribe(labChannel(s))
      await subscribed(channel)
      const heard: Array<unknown> = []
      channel.bind_global((event: string, data: unknown) => !event.startsWith("pusher") && heard.push(data))

      const item = newAnnotation(tag.id, handlers)
      const created = await postAnnotations(server, owner, s, [item])
      expect(created.status, JSON.stringify(created.body)).toBe(201)
      expect(created.body.data.results[0].data.target.selector).toEqual(triangle)
      // The same upload again is the same content: answered as created, nothing new.
      const again = await postAnnotations(server, owner, s, [item])
      expect(again.status, JSON.stringify(again.body)).toBe(201)
      expect(again.body.data.results).toEqual(created.body.data.results)

      const listed = await listAnnotations(server, owner, s)
      expect(listed.body.data.results.map((a: { data: { target: { selector: unknown } } }) => a.data.target.selector)).toEqual([triangle])
      const compact = await readCompact(server, owner, s)
      expect(Array.from(compact.compact!.kinds)).toEqual([1])
      expect(hex(compact.compact!.coords)).toBe(hex(Float64Array.of(0, 0, 10.5, 0, 5, 8.25)))

      const id = item.id
      const edited = await client(server).put(
        `/v2/labs/${s}/annotations/${id}/`,
        { data: webAnnotation(tag.id, link), version: 1 },
        { token: owner.access }
      )
      expect(edited.status, JSON.stringify(edited.body)).toBe(200)
      expect(edited.body.data.annotations.data.target.selector).toEqual(point)
      const relisted = await listAnnotations(server, owner, s)
      expect(relisted.body.data.results[0].data.target.selector).toEqual(point)

      await expect.poll(() => heard.length, { timeout: 5_000 }).toBe(2)
      expect(Schema.decodeUnknownSync(AnnotationsCreated)(heard[0]).annotations[0]!.data?.target.selector).toEqual(triangle)
      expect(Schema.decodeUnknownSync(AnnotationUpdated)(heard[1]).annotation.data?.target.selector).toEqual(point)
      expect(JSON.stringify([created.body, listed.body, edited.body, relisted.body, heard])).not.toMatch(/alert|javascript|onload|xmlns/)
    } finally {
      listener.disconnect()
    }
  })
})

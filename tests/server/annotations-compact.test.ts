// The viewer's compact read over real HTTP (GET /v2/labs/{labId}/annotations/compact/): it says what
// the W3C list says, annotation for annotation: ids, versions, kinds, labels, authors, visibility,
// comments, creation times, and bit for bit the same coordinates as the list's selectors parse to,
// for every kind of shape; after edits, a label's rename and deletes; and to the same readers.
import { randomUUID } from "node:crypto"
import { Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { decodeCompact, decodeCompactHeader } from "../../src/annotation/compact.ts"
import { Annotation } from "../../src/contract/annotations.ts"
import { Ok, Page } from "../../src/contract/envelope.ts"
import type { SignedIn } from "../support/api.ts"
import { type StartedServer, startServer } from "../support/start-server.ts"
import {
  createLabel,
  createSlide,
  hex,
  listAnnotations,
  newAnnotation,
  ngon,
  polygon,
  postAnnotations,
  readCompact,
  rect,
  rowOfListed,
  rowsOfCompact,
  webAnnotation
} from "./support/annotations-api.ts"
import { client, createFolder, makePublic, person, share } from "./support/labs-api.ts"

let server: StartedServer
let c: ReturnType<typeof client>
let owner: SignedIn
let reviewer: SignedIn
let stranger: SignedIn
let folder: string

beforeAll(async () => {
  server = await startServer()
  c = client(server)
  owner = await person(server, "Owner")
  reviewer = await person(server, "Reviewer")
  stranger = await person(server, "Stranger")
  folder = (await createFolder(server, owner, "Cases")).id
  await share(server, owner, folder, reviewer, "reviewer")
})
afterAll(() => server.stop())

const decodePage = Schema.decodeUnknownSync(Ok(Page(Annotation)))

/** Reads both as `who` and expects them to agree, in the same order; answers the compact rows. */
const expectSame = async (who: SignedIn | undefined, labId: string) => {
  const listed = await listAnnotations(server, who, labId)
  expect(listed.status).toBe(200)
  const list = decodePage(listed.body).data.results
  const read = await readCompact(server, who, labId)
  expect(read.status, JSON.stringify(read.error)).toBe(200)
  expect(read.type).toBe("application/octet-stream")
  expect(read.cacheControl).toBe("no-store")
  const compact = read.compact!
  expect(compact.count).toBe(list.length)
  expect(rowsOfCompact(compact)).toEqual(list.map(rowOfListed))
  return rowsOfCompact(compact)
}

/** Numbers that a decimal round trip or a float32 would change. */
const awkward = polygon([
  [0.1, 0.2],
  [0.30000000000000004, 1e-7],
  [16_777_216, 123_456.789_012_345_67],
  [-5.5, 2 / 3],
  [1234.5, 7]
])

describe("the compact read says what the W3C list says", () => {
  it("for every kind of shape, two labels and two authors", async () => {
    const s = await createSlide(server, owner, folder)
    const tumor = await createLabel(server, owner, s, "Tumor", "#ff0000")
    const stroma = await createLabel(server, owner, s, "Stroma")
    const items = [
      newAnnotation(tumor.id, rect(10.5, 20.25, 30.1, 40.7)),
      newAnnotation(stroma.id, awkward),
      newAnnotation(tumor.id, { type: "SvgSelector", value: "<svg><polyline points='1,1 5.25,5 9,-2'/></svg>" }),
      newAnnotation(stroma.id, { type: "SvgSelector", value: "<svg><circle cx='7' cy='8' r='0'/><circle cx='.5' cy='1e3' r='0'/></svg>" }),
      {
        id: randomUUID(),
        data: webAnnotation(tumor.id, { type: "SvgSelector", value: "<svg><circle cx='3' cy='4' r='0'/></svg>" }, "Look here")
      },
      newAnnotation(tumor.id, ngon(2000)),
      // Not what the SPA writes, but valid: double quotes, spaces and commas in any mix.
      newAnnotation(stroma.id, { type: "SvgSelector", value: '<svg> <polygon points=" 1 2, 3 4  5,6 "></polygon> </svg>' }),
      // A region with a hole and an island: one annotation, its path's extra attributes not kept.
      newAnnotation(tumor.id, {
        type: "SvgSelector",
        value: '<svg><path onload="alert(1)" d="M0,0 H100 V100 H0 Z M40,40 L40,60 L60,60 L60,40 Z M200,0 l10,0 0,10 -10,0 z"/></svg>'
      })
    ]
    expect((await postAnnotations(server, owner, s, items.slice(0, 4))).status).toBe(201)
    expect((await postAnnotations(server, reviewer, s, items.slice(4))).status).toBe(201)
    const hidden = await c.put(`/v2/labs/${s}/annotations/${items[1]!.id}/`, { visible: false, version: 1 }, { token: owner.access })
    expect(hidden.status).toBe(200)
    const rows = await expectSame(reviewer, s)
    expect(rows.map((r) => r.kind)).toEqual(["rectangle", "polygon", "polyline", "points", "points", "polygon", "polygon", "area"])
    const listed = decodePage((await listAnnotations(server, owner, s)).body).data.results
    expect(listed[7]!.data.target.selector.value).toBe(
      "<svg><path fill-rule='evenodd' d='M0,0 L100,0 100,100 0,100 Z M40,40 L40,60 60,60 60,40 Z M200,0 L210,0 210,10 200,10 Z'/></svg>"
    )
    expect(rows[4]!.comments).toEqual(["Look here"])
    expect(rows[1]).toMatchObject({ visible: false, version: 2 })
    expect(rows.map((r) => r.author.name)).toEqual(["Owner", "Owner", "Owner", "Owner", "Reviewer", "Reviewer", "Reviewer", "Reviewer"])
  })

  it("after edits of shape, label and comments, a label's rename, and deletes", async () => {
    const s = await createSlide(server, owner, folder)
    const tumor = await createLabel(server, owner, s, "Tumor", "#ff0000")
    const stroma = await createLabel(server, owner, s, "Stroma", "#00ff00")
    const items = [newAnnotation(tumor.id, rect(1, 2, 3, 4)), newAnnotation(tumor.id, ngon(5)), newAnnotation(stroma.id, awkward)]
    expect((await postAnnotations(server, owner, s, items)).status).toBe(201)
    const put = (id: string, body: unknown) => c.put(`/v2/labs/${s}/annotations/${id}/`, body, { token: owner.access })
    // A rectangle becomes a polyline of another label with two comments; then only hidden.
    const moved = await put(items[0]!.id, {
      data: {
        ...webAnnotation(stroma.id, { type: "SvgSelector", value: "<svg><polyline points='0.5,0.5 99.75,3'/></svg>" }, "first"),
        body: [
          { type: "TextualBody", purpose: "tagging", value: "Stroma", label: { id: stroma.id } },
          { type: "TextualBody", purpose: "commenting", value: "first" },
          { type: "TextualBody", purpose: "commenting", value: "second" }
        ]
      },
      version: 1
    })
    expect(moved.status, JSON.stringify(moved.body)).toBe(200)
    expect((await expectSame(owner, s))[0]).toMatchObject({ kind: "polyline", version: 2, comments: ["first", "second"] })
    expect((await put(items[0]!.id, { visible: false, version: 2 })).status).toBe(200)
    // The comment goes again with the next edit of its shape.
    expect((await put(items[0]!.id, { data: webAnnotation(stroma.id, rect(5, 5, 5, 5)), version: 3 })).status).toBe(200)
    expect((await c.del(`/v2/labs/${s}/annotations/${items[1]!.id}/`, undefined, { token: owner.access })).status).toBe(200)
    expect(
      (await c.put(`/v2/labs/label-slide/${stroma.id}/`, { name: "Stroma (reviewed)", color: "#0000ff" }, { token: owner.access })).status
    ).toBe(200)
    const rows = await expectSame(owner, s)
    expect(rows.map((r) => [r.id, r.kind, r.version, r.visible, r.comments, r.label.name])).toEqual([
      [items[0]!.id, "rectangle", 4, false, [], "Stroma (reviewed)"],
      [items[2]!.id, "polygon", 1, true, [], "Stroma (reviewed)"]
    ])
    // Deleting a label deletes its annotations: none left.
    expect((await c.del(`/v2/labs/label-slide/${stroma.id}/`, undefined, { token: owner.access })).status).toBe(200)
    expect(await expectSame(owner, s)).toEqual([])
  })

  it("answers an empty slide with no rows and no coordinates", async () => {
    const s = await createSlide(server, owner, folder)
    const read = await readCompact(server, owner, s)
    expect(read.status).toBe(200)
    expect(read.compact).toMatchObject({ count: 0, ids: [], labels: [], authors: [] })
    expect(read.compact!.coords).toHaveLength(0)
  })
})

describe("the header alone (parts=header)", () => {
  const header = (who: SignedIn | undefined, labId: string, parts = "header") =>
    fetch(`${server.url}/v2/labs/${labId}/annotations/compact/?parts=${parts}`, {
      headers: who ? { authorization: `Bearer ${who.access}` } : {}
    })

  it("is the whole answer's header, with no vertices, after a relabel; the same readers; a bad part is a 400", async () => {
    const s = await createSlide(server, owner, folder)
    const tumour = await createLabel(server, owner, s, "Tumour")
    const stroma = await createLabel(server, owner, s, "Stroma")
    const items = [newAnnotation(tumour.id, ngon(40)), newAnnotation(tumour.id, rect(5, 5, 50, 50))]
    expect((await postAnnotations(server, owner, s, items)).status).toBe(201)
    const relabel = await c.post(
      `/v2/labs/${s}/annotations/bulk-update/`,
      { ids: items.map((a) => a.id), label_id: stroma.id },
      { token: owner.access }
    )
    expect(relabel.status).toBe(200)
    const reply = await header(reviewer, s)
    expect(reply.status).toBe(200)
    const bytes = new Uint8Array(await reply.arrayBuffer())
    const whole = (await readCompact(server, owner, s)).compact!
    const { coords: _, ...wholeHeader } = whole
    expect(decodeCompactHeader(bytes)).toEqual(wholeHeader)
    expect(Array.from(wholeHeader.label, (i) => wholeHeader.labels[i]!.name)).toEqual(["Stroma", "Stroma"])
    expect(Array.from(wholeHeader.versions)).toEqual([2, 2])
    // No vertices: the header ends where the coordinates would start.
    expect(bytes.byteLength).toBe(new DataView(bytes.buffer).getUint32(4, true))
    expect(bytes.byteLength).toBeLessThan(8 + 8 * (40 + 4) * 2)
    expect((await header(stranger, s)).status).toBe(404)
    expect((await header(undefined, s)).status).toBe(401)
    const bad = await header(owner, s, "coords")
    expect(bad.status).toBe(400)
    expect(JSON.stringify(await bad.json())).toMatch(/parts/)
  })
})

describe("the shapes created since a time (created_since)", () => {
  it("are the later upload's alone, as the whole read has them; a bad time is a 400", async () => {
    const s = await createSlide(server, owner, folder)
    const label = await createLabel(server, owner, s, "Cell")
    expect((await postAnnotations(server, owner, s, [newAnnotation(label.id, rect(1, 1, 5, 5))])).status).toBe(201)
    const later = [newAnnotation(label.id, ngon(12)), newAnnotation(label.id, rect(9, 9, 5, 5))]
    expect((await postAnnotations(server, owner, s, later)).status).toBe(201)
    const listed = (await listAnnotations(server, owner, s)).body.data.results as Array<{ id: string; created_at: string }>
    const since = listed.find((a) => a.id === later[0]!.id)!.created_at
    const reply = await fetch(`${server.url}/v2/labs/${s}/annotations/compact/?created_since=${encodeURIComponent(since)}`, {
      headers: { authorization: `Bearer ${reviewer.access}` }
    })
    expect(reply.status).toBe(200)
    const part = decodeCompact(new Uint8Array(await reply.arrayBuffer()))
    expect(part.ids).toEqual(later.map((a) => a.id))
    const whole = (await readCompact(server, owner, s)).compact!
    expect(hex(part.coords)).toBe(hex(whole.coords.subarray(whole.vertices[0]! * 2)))
    const bad = await fetch(`${server.url}/v2/labs/${s}/annotations/compact/?created_since=yesterday`, {
      headers: { authorization: `Bearer ${owner.access}` }
    })
    expect(bad.status).toBe(400)
    expect(JSON.stringify(await bad.json())).toMatch(/created_since/)
  })
})

describe("who may read it: whoever may read the list", () => {
  it("members 200; a stranger 404 and a guest 401 on a private slide; a folder 400", async () => {
    const s = await createSlide(server, owner, folder)
    const label = await createLabel(server, owner, s, "Tumor")
    expect((await postAnnotations(server, owner, s, [newAnnotation(label.id)])).status).toBe(201)
    expect((await readCompact(server, reviewer, s)).status).toBe(200)
    const strangers = await readCompact(server, stranger, s)
    expect(strangers.status).toBe(404)
    expect(strangers.status).toBe((await listAnnotations(server, stranger, s)).status)
    expect((await readCompact(server, undefined, s)).status).toBe(401)
    const onFolder = await readCompact(server, owner, folder)
    expect(onFolder.status).toBe(400)
    expect(onFolder.error.lab_id[0]).toMatch(/Folders have no annotations/)
    expect((await readCompact(server, owner, randomUUID())).status).toBe(404)
  })

  it("a guest and a stranger read a public slide's, the same as its list", async () => {
    const open = await createFolder(server, owner, "Open")
    const s = await createSlide(server, owner, open.id)
    const label = await createLabel(server, owner, s, "Public")
    expect((await postAnnotations(server, owner, s, [newAnnotation(label.id, awkward)])).status).toBe(201)
    await makePublic(server, owner, open.id)
    expect(await expectSame(undefined, s)).toHaveLength(1)
    expect(await expectSame(stranger, s)).toHaveLength(1)
  })
})

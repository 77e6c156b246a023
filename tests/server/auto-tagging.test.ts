// Auto tagging over HTTP: a paid owner's upload becomes ready with its stain family, tissue share and
// magnification (read off its pyramid's one-tile overview), sent with its ready status; its
// `lab.tagged` event is recorded for the slide's and folder's channels, and the labs search finds it
// by a tag's name, for its owner and for a member it is shared with, at the root and inside a folder.
// A free owner's upload gets no tags. GET /v2/slides/list-tags/ lists the organ tags, then auto
// tagging's. An imported pyramid is tagged, calibrating moves the magnification tag, and with the
// slides in a bucket the overview is read there.
import sharp from "sharp"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { RgbTile } from "../../server/ai/raster.ts"
import { api, type SignedIn } from "../support/api.ts"
import { families } from "../support/planted-stains.ts"
import { type StartedServer, startServer } from "../support/start-server.ts"
import { paidUser } from "./support/analysis-api.ts"
import { createFolder, names, person, share } from "./support/labs-api.ts"
import { pyramidEntries, uploadDzi, uploadWhole, waitForStatus } from "./support/slides-api.ts"
import { zip } from "./support/zip.ts"

let server: StartedServer
let paid: SignedIn
let free: SignedIn
let member: SignedIn
let folderId = ""
const ids: Record<string, string> = {}

const family = (stain: string) => families.find((f) => f.stain === stain)!

/** A TIFF of `tile` whose resolution tags say `mpp` microns per pixel (sharp writes pixels per mm as per cm). */
const tiffOf = (tile: RgbTile, mpp: number) =>
  sharp(Buffer.from(tile.data), { raw: { width: tile.width, height: tile.height, channels: 3 } })
    .tiff({ xres: 1000 / mpp, yres: 1000 / mpp, resolutionUnit: "cm" })
    .toBuffer()

const upload = async (who: SignedIn, target: string, name: string, bytes: Buffer) => {
  const reply = await uploadWhole(server, who, target, name, new Uint8Array(bytes))
  expect(reply.status, JSON.stringify(reply.body)).toBe(201)
  const labId = reply.body.data.lab.id as string
  await waitForStatus(server, who, labId, ["ready"], 60_000)
  return labId
}

/** The slide as its owner's list shows it, once tagging had its moment after ready. */
const labOf = async (who: SignedIn, labId: string, tagged = true) => {
  const deadline = Date.now() + 15_000
  for (;;) {
    const reply = await api(server).get(`/v2/labs/${labId}/`, { token: who.access })
    expect(reply.status).toBe(200)
    if (!tagged || reply.body.data.auto_tags !== undefined || Date.now() > deadline) return reply.body.data
    await new Promise((r) => setTimeout(r, 100))
  }
}

const search = (who: SignedIn, words: string, parent?: string) =>
  api(server).get(`/v2/labs/?search=${encodeURIComponent(words)}${parent ? `&parent=${parent}` : ""}`, { token: who.access })

beforeAll(async () => {
  server = await startServer()
  paid = await paidUser(server, "Tagging Owner")
  free = await person(server, "Free Owner")
  member = await person(server, "Tagging Member")
  folderId = (await createFolder(server, paid, "Cases")).id
  await share(server, paid, folderId, member, "reviewer")
  // 1200 px across: the overview is the pyramid's 300 px level, cells of 24 px become 6.
  const canvas = { size: 1200, grain: 24 }
  ids.he = await upload(paid, folderId, "biopsy-a.tif", await tiffOf(family("he").tile(0.45, canvas), 0.5))
  ids.dab = await upload(paid, "root", "case-7.tif", await tiffOf(family("ihc-dab").tile(0.3, canvas), 0.25))
  ids.fluo = await upload(paid, "root", "cells.tif", await tiffOf(family("fluorescence").tile(0.6, canvas), 1))
  ids.free = await upload(free, "root", "free-biopsy.tif", await tiffOf(family("he").tile(0.45, canvas), 0.5))
}, 180_000)
afterAll(() => server.stop())

describe("auto tagging", () => {
  it("tags a paid owner's slide with its stain family, tissue share and magnification", async () => {
    const he = await labOf(paid, ids.he!)
    expect(he.auto_tags.tags).toEqual(["stain-he", "mag-20x"])
    expect(Math.abs(he.auto_tags.tissue_percent - 45)).toBeLessThanOrEqual(3)
    expect((await labOf(paid, ids.dab!)).auto_tags.tags).toEqual(["stain-ihc-dab", "mag-40x"])
    const fluo = await labOf(paid, ids.fluo!)
    expect(fluo.auto_tags.tags).toEqual(["stain-fluorescence", "mag-10x"])
    expect(Math.abs(fluo.auto_tags.tissue_percent - 60)).toBeLessThanOrEqual(3)
  })

  it("sends the tags with the slide's ready status, and records the tagging for its channel and its folder's", async () => {
    const statuses = await server.withDb((db) =>
      db.selectFrom("events").select("payload").where("lab_id", "=", ids.he!).where("kind", "=", "upload.status").execute()
    )
    const ready = statuses.map((e) => JSON.parse(e.payload as string)).find((p) => p.status === "ready")
    expect(ready.auto_tags.tags).toEqual(["stain-he", "mag-20x"])
    const events = await server.withDb((db) =>
      db
        .selectFrom("events")
        .select(["kind", "actor_id", "payload"])
        .where("lab_id", "=", ids.he!)
        .where("kind", "=", "lab.tagged")
        .execute()
    )
    expect(events).toHaveLength(1)
    expect(events[0]!.actor_id).toBeNull()
    expect(JSON.parse(events[0]!.payload as string)).toMatchObject({ tags: ["stain-he", "mag-20x"], parent_id: folderId })
  })

  it("gives a free owner's slide no tags", async () => {
    // The paid slides were tagged after this one's peers; give it the same moment.
    await labOf(paid, ids.fluo!)
    const lab = await labOf(free, ids.free!, false)
    expect(lab.status).toBe("ready")
    expect(lab.auto_tags).toBeUndefined()
    const rows = await server.withDb((db) => db.selectFrom("lab_tags").select("tag").where("lab_id", "=", ids.free!).execute())
    expect(rows).toEqual([])
  })

  it("finds slides by a tag's name in search, beside names that hold the words", async () => {
    for (const id of [ids.he, ids.dab, ids.fluo]) await labOf(paid, id!)
    expect(names(await search(paid, "H&E"))).toEqual(["biopsy-a.tif"])
    expect(names(await search(paid, "ihc-dab"))).toEqual(["case-7.tif"])
    expect(names(await search(paid, "Fluoresens"))).toEqual(["cells.tif"])
    expect(names(await search(paid, "40X"))).toEqual(["case-7.tif"])
    // Words that name no tag search names only; the free owner's H&E slide is theirs alone.
    expect(names(await search(paid, "biopsy"))).toEqual(["biopsy-a.tif"])
    expect(names(await search(free, "H&E"))).toEqual([])
  })

  it("finds a shared slide by its tag for a member, and inside a folder", async () => {
    expect(names(await search(member, "h&e"))).toEqual(["biopsy-a.tif"])
    expect(names(await search(member, "ihc-dab"))).toEqual([])
    expect(names(await search(paid, "20x", folderId))).toEqual(["biopsy-a.tif"])
    expect(names(await search(paid, "40x", folderId))).toEqual([])
  })

  it("sets the magnification tag again when the owner calibrates the slide", async () => {
    const reply = await api(server).put(`/v2/labs/${ids.fluo}/resolution/`, { mpp: 0.26 }, { token: paid.access })
    expect(reply.status, JSON.stringify(reply.body)).toBe(200)
    expect(reply.body.data.auto_tags.tags).toEqual(["stain-fluorescence", "mag-40x"])
    expect(names(await search(paid, "40x"))).toEqual(["case-7.tif", "cells.tif"])
    expect(names(await search(paid, "10x"))).toEqual([])
  })

  it("tags a Deep Zoom pyramid imported as a zip, which is ready at once", async () => {
    const ttc = family("ttc").tile(0.5, { size: 1200, grain: 24 })
    const png = await sharp(Buffer.from(ttc.data), { raw: { width: 1200, height: 1200, channels: 3 } })
      .png()
      .toBuffer()
    const reply = await uploadDzi(server, paid, "root", "slice.zip", zip(await pyramidEntries("slice", 1200, 1200, 256, png)))
    expect(reply.status, JSON.stringify(reply.body)).toBe(201)
    // No resolution in a pyramid's descriptor: no magnification tag.
    expect(reply.body.data.lab.auto_tags.tags).toEqual(["stain-ttc"])
    expect(Math.abs(reply.body.data.lab.auto_tags.tissue_percent - 50)).toBeLessThanOrEqual(3)
  })

  it("lists the organ tags, then auto tagging's, named in the asked language", async () => {
    const en = (await api(server).get("/v2/slides/list-tags/?locale=en")).body.data as Array<{ id: string; name: string }>
    expect(en[0]).toEqual({ id: "breast", name: "Breast" })
    expect(en.map((t) => t.id)).toEqual(expect.arrayContaining(["stain-he", "stain-ihc-dab", "stain-ttc", "mag-20x", "mag-low"]))
    expect(en.find((t) => t.id === "stain-he")!.name).toBe("H&E")
    const id = (await api(server).get("/v2/slides/list-tags/?locale=id")).body.data as Array<{ id: string; name: string }>
    expect(id.find((t) => t.id === "stain-grayscale")!.name).toBe("Skala abu-abu")
  })
})

describe("auto tagging with the slides in a bucket", () => {
  it("reads the overview from the bucket", async () => {
    const inBucket = await startServer({ s3: true })
    try {
      const owner = await paidUser(inBucket, "Bucket Owner")
      const tiff = await tiffOf(family("ihc-dab").tile(0.4, { size: 1200, grain: 24 }), 0.5)
      const reply = await uploadWhole(inBucket, owner, "root", "bucket.tif", new Uint8Array(tiff))
      expect(reply.status, JSON.stringify(reply.body)).toBe(201)
      const labId = reply.body.data.lab.id as string
      await waitForStatus(inBucket, owner, labId, ["ready"], 60_000)
      const deadline = Date.now() + 15_000
      let lab = (await api(inBucket).get(`/v2/labs/${labId}/`, { token: owner.access })).body.data
      while (lab.auto_tags === undefined && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100))
        lab = (await api(inBucket).get(`/v2/labs/${labId}/`, { token: owner.access })).body.data
      }
      expect(lab.auto_tags.tags).toEqual(["stain-ihc-dab", "mag-20x"])
      expect(Math.abs(lab.auto_tags.tissue_percent - 40)).toBeLessThanOrEqual(3)
    } finally {
      await inBucket.stop()
    }
  }, 120_000)
})

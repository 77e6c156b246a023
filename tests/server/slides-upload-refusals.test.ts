// Who may upload where, and what is not a slide. A reviewer of the folder is refused with the
// spec's message, a stranger does not learn a private folder exists, a guest must sign in; bytes
// that are not a slide image (a PDF, a text file named .tif) are refused with the catalogue's
// message and leave nothing: no lab, no upload, no file.
import { readdirSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Reply, SignedIn } from "../support/api.ts"
import { type StartedServer, startServer } from "../support/start-server.ts"
import { client, createFolder, makePublic, person, share } from "./support/labs-api.ts"
import { blobOf, sendChunk, smallImage, uploadDzi, uploadWhole } from "./support/slides-api.ts"

const NOT_ALLOWED = "You are not allowed to upload in this laboratory"
const BAD_FORMAT = "File Upload Failed. Make sure the file format you choose is appropriate"

let server: StartedServer
let owner: SignedIn
let png: Uint8Array
beforeAll(async () => {
  server = await startServer()
  owner = await person(server, "Owner")
  png = await smallImage("png", 64, 64)
})
afterAll(() => server.stop())

const childCount = async (folder: string) =>
  (await client(server).get(`/v2/labs/?parent=${folder}`, { token: owner.access })).body.data.meta.count
const uploadRows = () => server.withDb((db) => db.selectFrom("uploads").select("id").execute())
const partialFiles = () => readdirSync(join(server.config.dataDir, "uploads"))

/** The three ways in, each with the same PNG into `target`. */
const everyWayIn = (session: SignedIn | undefined, target: string): Promise<Reply[]> =>
  Promise.all([
    uploadWhole(server, session, target, "a.png", png),
    sendChunk(server, session, { labId: target, filename: "a.png", file: png, start: 0, end: png.length - 1 }),
    session ? uploadDzi(server, session, target, "a.zip", png) : uploadWhole(server, session, target, "a.png", png)
  ])

describe("who may upload", () => {
  it("refuses a reviewer with the spec's message, by every way in", async () => {
    const reviewer = await person(server, "Reviewer")
    const folder = await createFolder(server, owner, "Shared")
    await share(server, owner, folder.id, reviewer, "reviewer")
    for (const reply of await everyWayIn(reviewer, folder.id)) {
      expect(reply.status, JSON.stringify(reply.body)).toBe(403)
      expect(reply.body.message).toBe(NOT_ALLOWED)
    }
    expect(await childCount(folder.id)).toBe(0)
  })

  it("lets an admin upload into the owner's folder, counted against the owner", async () => {
    const admin = await person(server, "Admin")
    const folder = await createFolder(server, owner, "Team")
    await share(server, owner, folder.id, admin, "admin")
    const reply = await uploadWhole(server, admin, folder.id, "a.png", png)
    expect(reply.status, JSON.stringify(reply.body)).toBe(201)
    expect(reply.body.data.lab.user.id).toBe(owner.id)
  })

  it("answers a stranger 404 for a private folder and 403 for a public one, and a guest 401", async () => {
    const stranger = await person(server, "Stranger")
    const folder = await createFolder(server, owner, "Private")
    for (const reply of await everyWayIn(stranger, folder.id)) expect(reply.status, JSON.stringify(reply.body)).toBe(404)
    await makePublic(server, owner, folder.id)
    for (const reply of await everyWayIn(stranger, folder.id)) {
      expect(reply.status).toBe(403)
      expect(reply.body.message).toBe(NOT_ALLOWED)
    }
    for (const reply of await everyWayIn(undefined, folder.id)) expect(reply.status).toBe(401)
    expect(await childCount(folder.id)).toBe(0)
  })
})

describe("what is a slide", () => {
  const pdf = new TextEncoder().encode("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n")
  const text = new TextEncoder().encode("just some notes, not an image at all\n".repeat(100))

  it("refuses a PDF and a text file named .tif, whole or chunked, and leaves nothing", async () => {
    const folder = await createFolder(server, owner, "Formats")
    const before = (await uploadRows()).length
    for (const [name, bytes] of [
      ["scan.pdf", pdf],
      ["scan.tif", text]
    ] as const) {
      const whole = await uploadWhole(server, owner, folder.id, name, bytes)
      const chunked = await sendChunk(server, owner, { labId: folder.id, filename: name, file: bytes, start: 0, end: bytes.length - 1 })
      for (const reply of [whole, chunked]) {
        expect(reply.status, JSON.stringify(reply.body)).toBe(400)
        expect(reply.body.message).toBe(BAD_FORMAT)
        // The cause, for the client to word: not an image the server reads (judged by its bytes).
        expect(reply.body.code).toBe("unsupported_format")
      }
    }
    expect(await childCount(folder.id)).toBe(0)
    expect((await uploadRows()).length).toBe(before)
    expect(partialFiles()).toEqual([])
  })

  it("refuses an upload into a file, and a first chunk that does not start at byte 0", async () => {
    const folder = await createFolder(server, owner, "Targets")
    const file = (await uploadWhole(server, owner, folder.id, "a.png", png)).body.data.lab
    const intoFile = await uploadWhole(server, owner, file.id, "b.png", png)
    expect(intoFile.status).toBe(400)
    const late = await sendChunk(server, owner, { labId: folder.id, filename: "c.png", file: png, start: 10, end: png.length - 1 })
    expect(late.status).toBe(400)
    expect(late.body).toMatchObject({ _tag: "UploadOffsetMismatch", offset: 0, upload_id: null })
    const noRange = await fetch(`${server.url}/v2/slides/chunks/`, {
      method: "POST",
      headers: { authorization: `Bearer ${owner.access}` },
      body: (() => {
        const form = new FormData()
        form.append("file", blobOf(png), "d.png")
        return form
      })()
    })
    expect(noRange.status).toBe(400)
    expect(await childCount(folder.id)).toBe(1)
  })
})

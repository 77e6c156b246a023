// A scanner's label (issue 22's privacy rules), through the real server: a Philips TIFF whose label
// names a patient is uploaded; its owner and an admin see the label, a reviewer does not until the
// owner shows it (and not after the owner hides it again), only the owner may show it, and neither
// a stranger on the public slide nor a guest through the public link ever reaches it. No media URL
// names it either.
import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import sharp from "sharp"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { api, type SignedIn } from "../support/api.ts"
import { philipsTiff } from "../support/scanner-vendors.ts"
import { type StartedServer, startServer } from "../support/start-server.ts"
import { createFolder, makePublic, person, share } from "./support/labs-api.ts"
import { uploadWhole, waitForStatus } from "./support/slides-api.ts"

let server: StartedServer
let dir: string
let owner: SignedIn
let admin: SignedIn
let reviewer: SignedIn
let stranger: SignedIn
let labId: string
let slideKey: string

beforeAll(async () => {
  server = await startServer()
  dir = mkdtempSync(join(tmpdir(), "associated-"))
  const path = await philipsTiff(dir, "labelled.tiff", { width: 800, height: 600, mpp: 0.25, model: "UFS", acquired: "20261128" })
  owner = await person(server, "Label Owner")
  admin = await person(server, "Label Admin")
  reviewer = await person(server, "Label Reviewer")
  stranger = await person(server, "Label Stranger")
  const folder = await createFolder(server, owner, "Labelled")
  const sent = await uploadWhole(server, owner, folder.id, "labelled.tiff", readFileSync(path))
  expect(sent.status, JSON.stringify(sent.body)).toBe(201)
  const lab = await waitForStatus(server, owner, sent.body.data.lab.id, ["ready", "failed"], 60_000)
  expect(lab.status).toBe("ready")
  labId = lab.id
  slideKey = /\/([0-9a-f]{32})\//.exec(lab.thumbnail_url ?? "")?.[1] ?? ""
  expect(slideKey).not.toBe("")
  await share(server, owner, folder.id, admin, "admin")
  await share(server, owner, folder.id, reviewer, "reviewer")
  await makePublic(server, owner, labId)
}, 120_000)
afterAll(async () => {
  await server.stop()
  rmSync(dir, { recursive: true, force: true })
})

const list = (who?: SignedIn) => api(server).get(`/v2/labs/${labId}/associated-images/`, who ? { token: who.access } : {})
const picture = (who?: SignedIn) =>
  fetch(`${server.url}/v2/labs/${labId}/associated-images/label/`, who ? { headers: { authorization: `Bearer ${who.access}` } } : {})
const show = (who: SignedIn, shown: boolean) => api(server).put(`/v2/labs/${labId}/associated-images/`, { shown }, { token: who.access })

const seesLabel = async (who: SignedIn) => {
  const reply = await picture(who)
  expect(reply.status).toBe(200)
  expect(reply.headers.get("content-type")).toBe("image/jpeg")
  expect(reply.headers.get("cache-control")).toContain("no-store")
  const meta = await sharp(Buffer.from(await reply.arrayBuffer())).metadata()
  expect([meta.width, meta.height]).toEqual([240, 120])
}

describe("a slide's label", () => {
  it("is the owner's and the admins' to see; only the owner may show it", async () => {
    expect((await list(owner)).body.data).toEqual({ images: ["label"], shown: false, can_show: true })
    await seesLabel(owner)
    expect((await list(admin)).body.data).toEqual({ images: ["label"], shown: false, can_show: false })
    await seesLabel(admin)
    expect((await show(admin, true)).status).toBe(403)
    expect((await show(reviewer, true)).status).toBe(403)
  })

  it("is hidden from a reviewer, a stranger on the public slide and a guest of the public link", async () => {
    expect((await list(reviewer)).body.data).toEqual({ images: [], shown: false, can_show: false })
    expect((await picture(reviewer)).status).toBe(404)
    expect((await list(stranger)).body.data).toEqual({ images: [], shown: false, can_show: false })
    expect((await picture(stranger)).status).toBe(404)
    expect((await list()).status).toBe(401)
    expect((await picture()).status).toBe(401)
  })

  it("is shown to a reviewer once the owner shows it, and to no one through the public link", async () => {
    expect((await show(owner, true)).body.data).toEqual({ images: ["label"], shown: true, can_show: true })
    expect((await list(reviewer)).body.data).toEqual({ images: ["label"], shown: true, can_show: false })
    await seesLabel(reviewer)
    expect((await picture(stranger)).status).toBe(404)
    expect((await picture()).status).toBe(401)
    expect((await show(owner, false)).body.data.shown).toBe(false)
    expect((await picture(reviewer)).status).toBe(404)
  })

  it("is named by no media URL, whoever asks", async () => {
    for (const file of ["associated/label.jpg", "associated%2flabel.jpg", "label.jpg"]) {
      const reply = await fetch(`${server.url}/v2/media/slides/${labId}/${slideKey}/${file}`, {
        headers: { authorization: `Bearer ${owner.access}` }
      })
      expect(reply.status, file).toBe(404)
    }
    // The tiles themselves are served, so the 404s above are the pattern's, not a broken URL.
    expect(
      (
        await fetch(`${server.url}/v2/media/slides/${labId}/${slideKey}/slide.dzi`, {
          headers: { authorization: `Bearer ${owner.access}` }
        })
      ).status
    ).toBe(200)
  })

  it("refuses a picture name that is not label or macro", async () => {
    const bad = await fetch(`${server.url}/v2/labs/${labId}/associated-images/thumbnail/`, {
      headers: { authorization: `Bearer ${owner.access}` }
    })
    expect(bad.status).toBe(400)
  })
})

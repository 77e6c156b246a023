// The browser's download link for a slide's original (GET /v2/media/originals/{id}/, server/http/
// original-media.ts): the media cookie is enough, it answers what the API's original endpoint
// answers (a scanner's label left out unless ?associated=keep), and only to who may download
// (owner and admins): a reviewer, a stranger, a guest, a folder and a malformed id all get one 404.
import { readFileSync, rmSync } from "node:fs"
import { mkdtemp } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { SignedIn } from "../support/api.ts"
import { aperioSvs } from "../support/scanner-files.ts"
import { addAperioLabel } from "../support/scanner-vendors.ts"
import { type StartedServer, startServer } from "../support/start-server.ts"
import { asCookie } from "./support/ready-slide.ts"
import { createFolder, type Folder, person, share } from "./support/labs-api.ts"
import { smallImage, uploadWhole, waitForStatus } from "./support/slides-api.ts"

let dir: string
let server: StartedServer
let owner: SignedIn
let admin: SignedIn
let reviewer: SignedIn
let stranger: SignedIn
let folder: Folder
const files = { png: { id: "", bytes: Buffer.alloc(0) }, svs: { id: "", bytes: Buffer.alloc(0) } }

const upload = async (name: string, bytes: Buffer) => {
  const sent = await uploadWhole(server, owner, folder.id, name, bytes)
  expect(sent.status, JSON.stringify(sent.body)).toBe(201)
  const lab = await waitForStatus(server, owner, sent.body.data.lab.id, ["ready", "failed"], 60_000)
  expect(lab.status).toBe("ready")
  return lab.id as string
}

const viaCookie = (id: string, who: SignedIn | undefined, query = "") =>
  fetch(`${server.url}/v2/media/originals/${id}/${query}`, { headers: who ? asCookie(who.access) : {} })

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "original-media-"))
  server = await startServer()
  owner = await person(server, "Download Owner")
  admin = await person(server, "Download Admin")
  reviewer = await person(server, "Download Reviewer")
  stranger = await person(server, "Download Stranger")
  folder = await createFolder(server, owner, "Scans")
  await share(server, owner, folder.id, admin, "admin")
  await share(server, owner, folder.id, reviewer, "reviewer")
  files.png.bytes = Buffer.from(await smallImage("png", 300, 200))
  files.png.id = await upload("Tonsil H&E.png", files.png.bytes)
  const svs = await aperioSvs(dir, "aperio.svs", {
    width: 900,
    height: 700,
    tiles: "jpeg",
    mpp: 0.25,
    appMag: 40,
    scanner: "SS1",
    date: "11/28/26"
  })
  await addAperioLabel(svs, "Doe^Jane")
  files.svs.bytes = readFileSync(svs)
  files.svs.id = await upload("case-42.svs", files.svs.bytes)
}, 180_000)

afterAll(async () => {
  await server.stop()
  rmSync(dir, { recursive: true, force: true })
})

describe("the original's download link", () => {
  it("answers the owner and an admin with the file as uploaded, named as uploaded, on the cookie alone", async () => {
    for (const who of [owner, admin]) {
      const reply = await viaCookie(files.png.id, who)
      expect(reply.status).toBe(200)
      expect(reply.headers.get("content-type")).toBe("image/png")
      expect(reply.headers.get("content-disposition")).toContain("Tonsil%20H%26E.png")
      expect(Buffer.from(await reply.arrayBuffer()).equals(files.png.bytes)).toBe(true)
    }
  })

  it("leaves a scanner's label out, as the API does, and keeps it when asked", async () => {
    const api = await fetch(`${server.url}/v2/slides/${files.svs.id}/original/`, { headers: { authorization: `Bearer ${owner.access}` } })
    const fromApi = Buffer.from(await api.arrayBuffer())
    const reply = await viaCookie(files.svs.id, owner)
    expect(reply.headers.get("x-associated-removed")).toBe("label")
    const body = Buffer.from(await reply.arrayBuffer())
    expect(body.equals(fromApi)).toBe(true)
    expect(body.equals(files.svs.bytes)).toBe(false)
    const kept = await viaCookie(files.svs.id, owner, "?associated=keep")
    expect(kept.headers.get("x-associated-removed")).toBe("none")
    expect(Buffer.from(await kept.arrayBuffer()).equals(files.svs.bytes)).toBe(true)
  })

  it("is one 404 to a reviewer, a stranger, a guest, a folder, an unknown or malformed id", async () => {
    const refused = [
      await viaCookie(files.png.id, reviewer),
      await viaCookie(files.png.id, stranger),
      await viaCookie(files.png.id, undefined),
      await viaCookie(folder.id, owner),
      await viaCookie("00000000-0000-4000-8000-000000000000", owner),
      await viaCookie("..%2f..%2fsecret.key", owner),
      await fetch(`${server.url}/v2/media/originals/${files.png.id}/`, { headers: asCookie("forged.token.value") })
    ]
    expect(refused.map((r) => r.status)).toEqual(Array(refused.length).fill(404))
    expect(refused.map((r) => r.headers.get("cache-control"))).toEqual(Array(refused.length).fill("no-store"))
  })
})

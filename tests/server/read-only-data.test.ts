// A data folder the server may not write to (a read-only mount, as after a disk error or a wrong
// volume setting): every upload path answers 503 naming the cause instead of an empty 500, a
// registration whose activation mail cannot be written says so and keeps the account, and once the
// folder is writable again the same requests succeed without a restart. Mounting needs root, as on
// this project's machines and CI; elsewhere the test says why it skips.
import { execFileSync } from "node:child_process"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { api, createSignedIn, PASSWORD, type SignedIn, uniqueEmail } from "../support/api.ts"
import { type StartedServer, startServer } from "../support/start-server.ts"
import { blobOf, noiseTiff, pyramidEntries, sendChunk, smallImage, uploadDzi, uploadWhole } from "./support/slides-api.ts"
import { zip } from "./support/zip.ts"

const READ_ONLY = /read-only/
const FOLDERS = ["uploads", "avatars", "outbox"]

let server: StartedServer
let ada: SignedIn
let tiff: Uint8Array
let mounted: string[] = []

/** Makes DATA_DIR/<folder> read-only by bind-mounting it over itself; false without the right to mount. */
const makeReadOnly = (folder: string): boolean => {
  const path = join(server.dataDir, folder)
  try {
    execFileSync("mount", ["--bind", path, path], { stdio: "ignore" })
    mounted.push(path)
    execFileSync("mount", ["-o", "remount,bind,ro", path], { stdio: "ignore" })
    return true
  } catch {
    return false
  }
}
const makeWritable = () => {
  for (const path of mounted) execFileSync("umount", [path])
  mounted = []
}

let canMount = false
beforeAll(async () => {
  server = await startServer()
  ada = await createSignedIn(server)
  tiff = await noiseTiff(300, 300)
  canMount = FOLDERS.every(makeReadOnly)
  if (!canMount) makeWritable()
})
afterAll(async () => {
  makeWritable()
  await server.stop()
})

const avatarForm = async () => {
  const form = new FormData()
  form.append("avatar", blobOf(await smallImage("png", 64, 64), "image/png"), "me.png")
  return form
}

describe("a read-only data folder (needs root to mount)", () => {
  it("answers every upload path with 503 naming the cause, and registration says its mail could not be sent", async (context) => {
    if (!canMount) return context.skip("mounting needs root")
    const replies = {
      whole: await uploadWhole(server, ada, "root", "scan.tif", tiff),
      chunk: await sendChunk(server, ada, { labId: null, filename: "scan.tif", file: tiff, start: 0, end: 9_999 }),
      dzi: await uploadDzi(server, ada, "root", "scan.zip", zip(await pyramidEntries("scan", 300, 200))),
      avatar: await api(server).putForm(`/v2/auth/user/profile/${ada.id}/`, await avatarForm(), { token: ada.access })
    }
    for (const [path, reply] of Object.entries(replies)) {
      expect(reply.status, `${path}: ${JSON.stringify(reply.body)}`).toBe(503)
      expect(reply.body, path).toMatchObject({ _tag: "ServiceUnavailable", message: expect.stringMatching(READ_ONLY) })
    }

    const email = uniqueEmail("readonly")
    const registered = await api(server).post("/v2/auth/register/", {
      name: "Read Only",
      email,
      password: PASSWORD,
      password_confirm: PASSWORD,
      eula: true
    })
    expect(registered.status).toBe(503)
    expect(registered.body).toEqual({ _tag: "ServiceUnavailable", message: expect.stringContaining("could not be sent") })
    const row = await server.withDb((db) => db.selectFrom("users").select("email").where("email", "=", email).executeTakeFirst())
    expect(row?.email).toBe(email)
  })

  it("works again once the folder is writable, without a restart", async (context) => {
    if (!canMount) return context.skip("mounting needs root")
    makeWritable()
    expect((await uploadWhole(server, ada, "root", "scan.tif", tiff)).status).toBe(201)
    expect((await api(server).putForm(`/v2/auth/user/profile/${ada.id}/`, await avatarForm(), { token: ada.access })).status).toBe(200)
  })
})

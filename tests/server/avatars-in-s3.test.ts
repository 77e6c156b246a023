// With a bucket, an avatar is the object "avatars/<file>", never a file under DATA_DIR, so a second
// app server with a directory of its own serves it too; replacing it deletes the old object. (The
// whole avatar suite also runs against a bucket: TEST_S3=1 npx vitest run tests/server/profile.test.ts.)
import { existsSync, readdirSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { api, createSignedIn } from "../support/api.ts"
import { type StartedServer, startServer } from "../support/start-server.ts"

let server: StartedServer
beforeAll(async () => {
  server = await startServer({ s3: true })
})
afterAll(() => server.stop())

/** A real 1x1 PNG. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64")

const setAvatar = async (session: { id: string; access: string }, bytes: Uint8Array, name: string) => {
  const data = new FormData()
  data.append("avatar", new Blob([new Uint8Array(bytes)], { type: "image/png" }), name)
  const reply = await api(server).putForm(`/v2/auth/user/profile/${session.id}/`, data, { token: session.access })
  expect(reply.status, JSON.stringify(reply.body)).toBe(200)
  return reply.body.data.avatar as string
}

describe("avatars with a bucket", () => {
  it("are objects in the bucket, served from there, and the replaced one is deleted", async () => {
    const session = await createSignedIn(server)
    const first = await setAvatar(session, PNG, "a.png")
    const file = first.split("/").pop()!
    expect(await server.s3!.keys("avatars/")).toEqual([`avatars/${file}`])
    const dir = join(server.dataDir, "avatars")
    expect(existsSync(dir) ? readdirSync(dir) : []).toEqual([])
    const image = await fetch(`${server.url}${first}`)
    expect(image.status).toBe(200)
    expect(image.headers.get("content-type")).toBe("image/png")
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true)

    const second = await setAvatar(session, PNG, "b.png")
    expect(await server.s3!.keys("avatars/")).toEqual([`avatars/${second.split("/").pop()}`])
    expect((await fetch(`${server.url}${first}`)).status).toBe(404)
  })
})

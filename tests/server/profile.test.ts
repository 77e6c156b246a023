// The profile: reading it, editing fields (multipart), the avatar rules and its media route.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { api, createSignedIn, type SignedIn } from "../support/api.ts"
import { type StartedServer, startServer } from "../support/start-server.ts"

let server: StartedServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.stop())

/** A real 1x1 PNG. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64")
const JPEG_HEAD = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01])
const MB = 1024 * 1024

const form = (fields: Record<string, string | { bytes: Uint8Array; name: string; type?: string }>) => {
  const data = new FormData()
  for (const [key, value] of Object.entries(fields)) {
    if (typeof value === "string") data.append(key, value)
    else data.append(key, new Blob([new Uint8Array(value.bytes)], { type: value.type ?? "application/octet-stream" }), value.name)
  }
  return data
}

const edit = (session: SignedIn, fields: Parameters<typeof form>[0], userId = session.id) =>
  api(server).putForm(`/v2/auth/user/profile/${userId}/`, form(fields), { token: session.access })
const profile = async (session: SignedIn) => (await api(server).get("/v2/auth/user/profile/", { token: session.access })).body.data

describe("profile", () => {
  it("answers the signed-in user's profile", async () => {
    const session = await createSignedIn(server, { name: "Rosalind Franklin" })
    const reply = await api(server).get("/v2/auth/user/profile/", { token: session.access })
    expect(reply.status).toBe(200)
    expect(reply.body).toEqual({
      status: "success",
      data: {
        id: session.id,
        email: session.email,
        name: "Rosalind Franklin",
        username: null,
        phone: null,
        company: null,
        description: null,
        avatar: null,
        mfa_enabled: false,
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/)
      }
    })
  })

  it("edits the given fields, trims them, clears empty ones and records which changed", async () => {
    const session = await createSignedIn(server)
    const reply = await edit(session, {
      name: "  Dorothy Hodgkin ",
      username: "dorothy",
      phone: "+62 812 0000",
      company: "Lab",
      description: "Crystallographer"
    })
    expect(reply.status).toBe(200)
    expect(reply.body.data).toMatchObject({
      name: "Dorothy Hodgkin",
      username: "dorothy",
      phone: "+62 812 0000",
      company: "Lab",
      description: "Crystallographer"
    })
    const cleared = await edit(session, { company: "" })
    expect(cleared.body.data).toMatchObject({ company: null, username: "dorothy" })
    const events = (await api(server).get("/v2/auth/activities/", { token: session.access })).body.data.results
    expect(events[0]).toMatchObject({ kind: "profile.updated", detail: { fields: ["company"] } })
    expect(events[1].detail.fields).toEqual(expect.arrayContaining(["name", "username", "phone", "company", "description"]))
  })

  it("refuses another user's profile with 403", async () => {
    const me = await createSignedIn(server)
    const other = await createSignedIn(server, { name: "Other" })
    const reply = await edit(me, { name: "Hijacked" }, other.id)
    expect(reply.status).toBe(403)
    expect(reply.body._tag).toBe("Forbidden")
    expect((await profile(other)).name).toBe("Other")
  })

  it("refuses a username someone else holds, whatever its case, and changes nothing", async () => {
    const first = await createSignedIn(server)
    const second = await createSignedIn(server, { name: "Second" })
    const name = `taken${Date.now()}`
    expect((await edit(first, { username: name })).status).toBe(200)
    const reply = await edit(second, { username: name.toUpperCase(), name: "Renamed" })
    expect(reply.status).toBe(400)
    expect(reply.body).toEqual({ _tag: "BadRequest", username: ["A user with that username already exists."] })
    expect((await profile(second)).name).toBe("Second")
    // Keeping one's own username is fine.
    expect((await edit(first, { username: name, name: "Same" })).status).toBe(200)
  })

  it("refuses an empty name and overlong fields", async () => {
    const session = await createSignedIn(server)
    const reply = await edit(session, { name: " ", description: "x".repeat(2001) })
    expect(reply.status).toBe(400)
    expect(reply.body.name).toEqual(["This field is required."])
    const long = await edit(session, { description: "x".repeat(2001), phone: "1".repeat(40) })
    expect(long.body).toMatchObject({
      description: ["Ensure this field has no more than 2000 characters."],
      phone: ["Ensure this field has no more than 32 characters."]
    })
  })
})

describe("avatar", () => {
  it("stores an image recognised by its bytes and serves it with a long cache", async () => {
    const session = await createSignedIn(server)
    const reply = await edit(session, { avatar: { bytes: PNG, name: "me.jpeg", type: "image/jpeg" } })
    expect(reply.status).toBe(200)
    const avatar: string = reply.body.data.avatar
    expect(avatar).toMatch(/^\/v2\/media\/avatars\/[0-9a-f]{32}\.png$/)
    const image = await fetch(`${server.url}${avatar}`)
    expect(image.status).toBe(200)
    expect(image.headers.get("content-type")).toBe("image/png")
    expect(image.headers.get("cache-control")).toContain("max-age=31536000")
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true)
  })

  it("refuses a file that is not an image, whatever its name and type say", async () => {
    const session = await createSignedIn(server)
    const reply = await edit(session, {
      avatar: { bytes: Buffer.from("<script>alert(1)</script>"), name: "cat.png", type: "image/png" },
      name: "Changed"
    })
    expect(reply.status).toBe(400)
    expect(reply.body).toEqual({ _tag: "BadRequest", avatar: ["Avatar picture must be image format!"] })
    expect((await profile(session)).name).not.toBe("Changed")
  })

  it("refuses an image over 2 MB with the spec's message, not a transport error", async () => {
    const session = await createSignedIn(server)
    const big = Buffer.concat([JPEG_HEAD, Buffer.alloc(2 * MB + 100)])
    const reply = await edit(session, { avatar: { bytes: big, name: "big.jpg", type: "image/jpeg" } })
    expect(reply.status).toBe(400)
    expect(reply.body).toEqual({ _tag: "BadRequest", avatar: ["Avatar picture size can not exceed 2MB!"] })
    expect((await profile(session)).avatar).toBeNull()
  })

  it("answers 413 with a message for an upload over the 3 MiB transport limit", async () => {
    const session = await createSignedIn(server)
    const huge = Buffer.concat([JPEG_HEAD, Buffer.alloc(4 * MB)])
    const reply = await edit(session, { avatar: { bytes: huge, name: "huge.jpg", type: "image/jpeg" } })
    expect(reply.status).toBe(413)
    expect(reply.body).toEqual({ _tag: "PayloadTooLarge", message: "The upload is too large." })
  })

  it("replaces and removes the avatar; the old file is gone", async () => {
    const session = await createSignedIn(server)
    const first = (await edit(session, { avatar: { bytes: PNG, name: "a.png" } })).body.data.avatar
    const second = (await edit(session, { avatar: { bytes: Buffer.concat([JPEG_HEAD, Buffer.alloc(64)]), name: "b.jpg" } })).body.data
      .avatar
    expect(second).toMatch(/\.jpg$/)
    expect((await fetch(`${server.url}${first}`)).status).toBe(404)
    const removed = await edit(session, { remove_avatar: "1" })
    expect(removed.body.data.avatar).toBeNull()
    expect((await fetch(`${server.url}${second}`)).status).toBe(404)
  })

  it("treats a file named default.png as no avatar", async () => {
    const session = await createSignedIn(server)
    await edit(session, { avatar: { bytes: PNG, name: "mine.png" } })
    const reply = await edit(session, { avatar: { bytes: PNG, name: "default.png" } })
    expect(reply.status).toBe(200)
    expect(reply.body.data.avatar).toBeNull()
  })

  it("serves nothing outside the avatars folder", async () => {
    for (const path of ["/v2/media/avatars/..%2Fsecret.key", "/v2/media/avatars/secret.key", "/v2/media/avatars/0123.png"]) {
      expect((await fetch(`${server.url}${path}`)).status, path).toBe(404)
    }
  })
})

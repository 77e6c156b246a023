// A slide's chat over real HTTP: sending and reading pages by cursor, the 400s of a bad message,
// who may read and write (a public slide's visitors read without emails), unread counts and their
// clearing, the notif_chat notification of every other member, mentions kept to members, and the
// chat_{id} message on the slide's channel and notif_chat_{user} on a member's own.
import { Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { CHAT_LIMITS } from "../../src/contract/chat.ts"
import { ChatPosted, labChannel, Notice, notificationChannel, realtimeEvents } from "../../src/contract/realtime.ts"
import type { SignedIn } from "../support/api.ts"
import { connectPusher, subscribed } from "../support/pusher.ts"
import type { StartedServer } from "../support/start-server.ts"
import { createSlide } from "./support/annotations-api.ts"
import { type client, createFolder, makePublic } from "./support/labs-api.ts"
import { roleWorld } from "./support/role-world.ts"

let server: StartedServer
let c: ReturnType<typeof client>
let owner: SignedIn
let admin: SignedIn
let reviewer: SignedIn
let stranger: SignedIn
let folder: string

beforeAll(async () => {
  ;({ server, c, owner, admin, reviewer, stranger, folder } = await roleWorld("Chat"))
})
afterAll(() => server.stop())

const send = (who: SignedIn | undefined, lab_id: string, message: string, mentions?: string[]) =>
  c.post("/v2/comment/chat/", { lab_id, message, ...(mentions ? { mentions } : {}) }, { token: who?.access })
const list = (who: SignedIn | undefined, lab_id: string, query = "") =>
  c.get(`/v2/comment/chat/?lab_id=${lab_id}${query}`, { token: who?.access })
const unreadOf = async (who: SignedIn, lab_id: string) => (await list(who, lab_id)).body.data.unread_count as number
const chatNotifications = async (who: SignedIn, lab_id: string) =>
  (await c.get("/v2/notifications/?limit=50", { token: who.access })).body.data.data.results.filter(
    (n: { type: string; lab: { id: string } | null }) => n.type === "notif_chat" && n.lab?.id === lab_id
  )

describe("sending and reading", () => {
  it("keeps a member's message, trimmed, with its author, and answers it", async () => {
    const slide = await createSlide(server, owner, folder)
    const sent = await send(reviewer, slide, "  Mitoses near the margin, see https://example.org/a?b=1  ")
    expect(sent.status, JSON.stringify(sent.body)).toBe(200)
    expect(sent.body.data).toMatchObject({
      lab_id: slide,
      message: "Mitoses near the margin, see https://example.org/a?b=1",
      sender: { id: reviewer.id, name: "Chat Reviewer" },
      user_email: reviewer.email,
      mentions: []
    })
    const read = await list(admin, slide)
    expect(read.status).toBe(200)
    expect(read.body.data.results.map((m: { id: string }) => m.id)).toEqual([sent.body.data.id])
    expect(read.body.data.meta.next_cursor).toBeNull()
  })

  it("pages from the newest back by cursor, each page oldest first, with nothing lost or repeated", async () => {
    const slide = await createSlide(server, owner, folder)
    for (let i = 1; i <= 7; i++) expect((await send(owner, slide, `message ${i}`)).status).toBe(200)
    const first = await list(admin, slide, "&limit=3")
    expect(first.body.data.results.map((m: { message: string }) => m.message)).toEqual(["message 5", "message 6", "message 7"])
    const second = await list(admin, slide, `&limit=3&before=${first.body.data.meta.next_cursor}`)
    expect(second.body.data.results.map((m: { message: string }) => m.message)).toEqual(["message 2", "message 3", "message 4"])
    const last = await list(admin, slide, `&limit=3&before=${second.body.data.meta.next_cursor}`)
    expect(last.body.data.results.map((m: { message: string }) => m.message)).toEqual(["message 1"])
    expect(last.body.data.meta.next_cursor).toBeNull()
  })

  it("refuses an empty or too long message and too many mentions, and keeps nothing", async () => {
    const slide = await createSlide(server, owner, folder)
    const empty = await send(owner, slide, "   \n ")
    expect(empty.status).toBe(400)
    expect(empty.body.message).toBe("Write a message first.")
    const long = await send(owner, slide, "x".repeat(CHAT_LIMITS.message + 1))
    expect(long.status).toBe(400)
    expect(long.body.message).toContain(`at most ${CHAT_LIMITS.message} characters`)
    const many = await send(
      owner,
      slide,
      "hi",
      Array.from({ length: CHAT_LIMITS.mentions + 1 }, (_, i) => `u${i}`)
    )
    expect(many.status).toBe(400)
    expect(many.body.mentions[0]).toContain("at most")
    const bad = await list(owner, slide, "&limit=0")
    expect(bad.status).toBe(400)
    expect((await list(owner, slide)).body.data.results).toEqual([])
  })

  it("refuses a folder: only slides have a chat", async () => {
    const reply = await send(owner, folder, "hello")
    expect(reply.status).toBe(400)
    expect(reply.body.lab_id).toBeDefined()
  })
})

describe("who may read and write", () => {
  it("hides a private slide's chat from strangers and guests and lets no one but members write", async () => {
    const slide = await createSlide(server, owner, folder)
    await send(owner, slide, "private words")
    expect((await list(stranger, slide)).status).toBe(404)
    expect((await list(undefined, slide)).status).toBe(401)
    expect((await send(stranger, slide, "let me in")).status).toBe(404)
    expect((await send(undefined, slide, "let me in")).status).toBe(401)
  })

  it("lets a public slide's visitors read without emails, and write nothing", async () => {
    const publicFolder = (await createFolder(server, owner, "Public chat")).id
    await makePublic(server, owner, publicFolder)
    const slide = await createSlide(server, owner, publicFolder)
    await send(owner, slide, "published discussion")
    for (const visitor of [stranger, undefined]) {
      const read = await list(visitor, slide)
      expect(read.status).toBe(200)
      expect(read.body.data.results[0]).toMatchObject({ message: "published discussion", user_email: "", sender: { name: "Chat Owner" } })
      expect(read.body.data.unread_count).toBe(0)
    }
    expect((await send(stranger, slide, "me too")).status).toBe(403)
    expect((await send(undefined, slide, "me too")).status).toBe(401)
    expect((await c.post("/v2/comment/chat/read/", { lab_id: slide }, { token: stranger.access })).status).toBe(403)
    expect((await list(owner, slide)).body.data.results).toHaveLength(1)
  })
})

describe("unread counts and notifications", () => {
  it("counts others' messages as unread per slide, tells every other member, and clears both when read", async () => {
    const slide = await createSlide(server, owner, folder)
    const other = await createSlide(server, owner, folder)
    await send(owner, slide, "one")
    await send(owner, slide, "two")
    await send(owner, other, "elsewhere")
    expect(await unreadOf(reviewer, slide)).toBe(2)
    expect(await unreadOf(reviewer, other)).toBe(1)
    // The sender has read what they wrote.
    expect(await unreadOf(owner, slide)).toBe(0)
    expect(await chatNotifications(reviewer, slide)).toHaveLength(2)
    expect(await chatNotifications(admin, slide)).toHaveLength(2)
    expect(await chatNotifications(owner, slide)).toHaveLength(0)

    const read = await c.post("/v2/comment/chat/read/", { lab_id: slide }, { token: reviewer.access })
    expect(read.status).toBe(200)
    expect(await unreadOf(reviewer, slide)).toBe(0)
    expect(await unreadOf(reviewer, other)).toBe(1)
    expect((await chatNotifications(reviewer, slide)).every((n: { is_read: boolean }) => n.is_read)).toBe(true)
    // The admin has not read it yet.
    expect(await unreadOf(admin, slide)).toBe(2)
  })

  it("keeps mentions of the slide's members only, never the sender", async () => {
    const slide = await createSlide(server, owner, folder)
    const sent = await send(owner, slide, "@Chat Reviewer have a look", [reviewer.id, stranger.id, owner.id, reviewer.id])
    expect(sent.body.data.mentions).toEqual([reviewer.id])
  })
})

describe("live", () => {
  it("sends chat_{id} to whoever listens on the slide, and notif_chat_{user} to another member", async () => {
    const slide = await createSlide(server, owner, folder)
    const listener = connectPusher(server, admin.access)
    try {
      const channel = listener.subscribe(labChannel(slide))
      const own = listener.subscribe(notificationChannel(admin.id))
      await Promise.all([subscribed(channel), subscribed(own)])
      const heard: unknown[] = []
      const told: unknown[] = []
      channel.bind(realtimeEvents.chat(slide), (data: unknown) => heard.push(data))
      own.bind(realtimeEvents.notifChat(admin.id), (data: unknown) => told.push(data))
      const sent = await send(reviewer, slide, "live words")
      await expect.poll(() => heard.length + told.length, { timeout: 5_000 }).toBe(2)
      expect(Schema.decodeUnknownSync(ChatPosted)(heard[0])).toMatchObject({
        id: sent.body.data.id,
        message: "live words",
        user_email: reviewer.email
      })
      const notice = Schema.decodeUnknownSync(Notice)(told[0])
      expect(notice).toMatchObject({ kind: "chat.message_sent", lab_id: slide, actor_id: reviewer.id })
      expect((await chatNotifications(admin, slide)).map((n: { id: string }) => n.id)).toEqual([notice.notification_id])
    } finally {
      listener.disconnect()
    }
  })
})

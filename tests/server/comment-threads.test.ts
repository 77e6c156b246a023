// Comment threads over real HTTP: a comment pin's replies (sent, edited, deleted), resolving and
// reopening, the list of a slide's threads and its unresolved filter, the 400s of a bad reply, who
// may do what (owner, admin, reviewer, a public slide's visitors, strangers), the notif_chats
// notification of every other member, the mail to a mentioned member, and comment_{id} live.
import { randomUUID } from "node:crypto"
import { Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { COMMENT_LIMITS } from "../../src/contract/comments.ts"
import { CommentChanged, labChannel, Notice, notificationChannel, realtimeEvents } from "../../src/contract/realtime.ts"
import type { SignedIn } from "../support/api.ts"
import { connectPusher, subscribed } from "../support/pusher.ts"
import type { StartedServer } from "../support/start-server.ts"
import { createLabel, createSlide, postAnnotations, rect, webAnnotation } from "./support/annotations-api.ts"
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
  ;({ server, c, owner, admin, reviewer, stranger, folder } = await roleWorld("Thread"))
})
afterAll(() => server.stop())

/** A slide with one comment pin (by `who`) and one plain annotation; answers their ids. */
const slideWithPin = async (parent = folder, who: SignedIn = owner) => {
  const slide = await createSlide(server, owner, parent)
  const label = await createLabel(server, owner, slide, "Comments")
  const pin = randomUUID()
  const plain = randomUUID()
  const made = await postAnnotations(server, who, slide, [
    { id: pin, data: webAnnotation(label.id, rect(100, 100, 1, 1), "Is this a mitosis?") },
    { id: plain, data: webAnnotation(label.id, rect(300, 300, 50, 50)) }
  ])
  expect(made.status, JSON.stringify(made.body)).toBeLessThan(300)
  return { slide, pin, plain }
}

const reply = (who: SignedIn | undefined, pin: string, message: string, mentions?: string[]) =>
  c.post(`/v2/comment/threads/${pin}/replies/`, { message, ...(mentions ? { mentions } : {}) }, { token: who?.access })
const thread = (who: SignedIn | undefined, pin: string) => c.get(`/v2/comment/threads/${pin}/`, { token: who?.access })
const threads = (who: SignedIn | undefined, slide: string, status = "") =>
  c.get(`/v2/comment/threads/?lab_id=${slide}${status ? `&status=${status}` : ""}`, { token: who?.access })
const edit = (who: SignedIn | undefined, id: string, message: string, mentions?: string[]) =>
  c.patch(`/v2/comment/replies/${id}/`, { message, ...(mentions ? { mentions } : {}) }, { token: who?.access })
const remove = (who: SignedIn | undefined, id: string) => c.delete(`/v2/comment/replies/${id}/`, { token: who?.access })
const resolve = (who: SignedIn | undefined, pin: string, resolved: boolean) =>
  c.put(`/v2/comment/threads/${pin}/resolved/`, { resolved }, { token: who?.access })
const threadNotifications = async (who: SignedIn, slide: string) =>
  (await c.get("/v2/notifications/?limit=50", { token: who.access })).body.data.data.results.filter(
    (n: { type: string; lab: { id: string } | null }) => n.type === "notif_chats" && n.lab?.id === slide
  )

describe("replying and reading", () => {
  it("keeps a member's reply, trimmed, with its author, and shows it in the thread after the first comment", async () => {
    const { slide, pin } = await slideWithPin()
    const sent = await reply(reviewer, pin, "  Yes, and another one at https://example.org/x  ")
    expect(sent.status, JSON.stringify(sent.body)).toBe(200)
    expect(sent.body.data).toMatchObject({
      annotation_id: pin,
      lab_id: slide,
      message: "Yes, and another one at https://example.org/x",
      author: { id: reviewer.id, name: "Thread Reviewer" },
      user_email: reviewer.email,
      edited_at: null,
      mentions: []
    })
    await reply(admin, pin, "Agreed")
    const read = await thread(owner, pin)
    expect(read.status).toBe(200)
    expect(read.body.data.thread).toMatchObject({
      annotation_id: pin,
      comment: "Is this a mitosis?",
      author: { id: owner.id },
      replies_count: 2,
      resolved: false,
      resolved_by: null
    })
    expect(read.body.data.replies.map((r: { message: string }) => r.message)).toEqual([
      "Yes, and another one at https://example.org/x",
      "Agreed"
    ])
  })

  it("refuses an empty or too long reply, too many mentions, and an annotation that is no comment", async () => {
    const { pin, plain } = await slideWithPin()
    const empty = await reply(owner, pin, "  \n ")
    expect(empty.status).toBe(400)
    expect(empty.body.message).toBe("Write a reply first.")
    const long = await reply(owner, pin, "x".repeat(COMMENT_LIMITS.reply + 1))
    expect(long.status).toBe(400)
    expect(long.body.message).toContain(`at most ${COMMENT_LIMITS.reply} characters`)
    const many = await reply(
      owner,
      pin,
      "hi",
      Array.from({ length: COMMENT_LIMITS.mentions + 1 }, (_, i) => `u${i}`)
    )
    expect(many.status).toBe(400)
    expect(many.body.mentions[0]).toContain("at most")
    const notComment = await reply(owner, plain, "hello")
    expect(notComment.status).toBe(400)
    expect(notComment.body.annotation_id[0]).toContain("no comment")
    expect((await reply(owner, randomUUID(), "hello")).status).toBe(404)
    expect((await thread(owner, pin)).body.data.replies).toEqual([])
  })

  it("lists a slide's threads with reply counts, the unresolved filter, and resolving and reopening", async () => {
    const { slide, pin } = await slideWithPin()
    const label = await createLabel(server, owner, slide, "More")
    const second = randomUUID()
    await postAnnotations(server, reviewer, slide, [{ id: second, data: webAnnotation(label.id, rect(5, 5, 1, 1), "Second pin") }])
    await reply(admin, pin, "one")
    const all = await threads(reviewer, slide)
    expect(all.status).toBe(200)
    // The most recently active first; the plain annotation is no thread.
    expect(all.body.data.results.map((t: { annotation_id: string; replies_count: number }) => [t.annotation_id, t.replies_count])).toEqual([
      [pin, 1],
      [second, 0]
    ])
    const resolved = await resolve(reviewer, pin, true)
    expect(resolved.status).toBe(200)
    expect(resolved.body.data).toMatchObject({ resolved: true, resolved_by: { id: reviewer.id } })
    expect(resolved.body.data.resolved_at).toEqual(expect.any(String))
    expect((await threads(owner, slide, "unresolved")).body.data.results.map((t: { annotation_id: string }) => t.annotation_id)).toEqual([
      second
    ])
    const reopened = await resolve(admin, pin, false)
    expect(reopened.body.data).toMatchObject({ resolved: false, resolved_by: null, resolved_at: null })
    expect((await threads(owner, slide, "unresolved")).body.data.results).toHaveLength(2)
    expect((await threads(owner, slide, "open")).status).toBe(400)
  })

  it("lets a reply's author change it (marked edited), and no one else", async () => {
    const { pin } = await slideWithPin()
    const sent = (await reply(reviewer, pin, "first words")).body.data
    for (const other of [owner, admin]) expect((await edit(other, sent.id, "not yours")).status).toBe(403)
    const changed = await edit(reviewer, sent.id, "  better words ")
    expect(changed.status).toBe(200)
    expect(changed.body.data).toMatchObject({ id: sent.id, message: "better words" })
    expect(changed.body.data.edited_at).toEqual(expect.any(String))
    expect((await edit(reviewer, sent.id, "")).status).toBe(400)
    expect((await edit(reviewer, randomUUID(), "gone")).status).toBe(404)
  })

  it("lets a reviewer delete their own reply only, and the owner or an admin any", async () => {
    const { pin } = await slideWithPin()
    const byOwner = (await reply(owner, pin, "owner's")).body.data
    const byAdmin = (await reply(admin, pin, "admin's")).body.data
    const byReviewer = (await reply(reviewer, pin, "reviewer's")).body.data
    expect((await remove(reviewer, byOwner.id)).status).toBe(403)
    expect((await remove(reviewer, byReviewer.id)).status).toBe(200)
    expect((await remove(admin, byOwner.id)).status).toBe(200)
    expect((await remove(owner, byAdmin.id)).status).toBe(200)
    expect((await remove(owner, byAdmin.id)).status).toBe(404)
    expect((await thread(owner, pin)).body.data.replies).toEqual([])
  })
})

describe("who may read and write", () => {
  it("hides a private slide's threads from strangers and guests, and lets no one but members write", async () => {
    const { slide, pin } = await slideWithPin()
    const kept = (await reply(owner, pin, "private words")).body.data
    expect((await threads(stranger, slide)).status).toBe(404)
    expect((await threads(undefined, slide)).status).toBe(401)
    expect((await thread(stranger, pin)).status).toBe(404)
    expect((await thread(undefined, pin)).status).toBe(401)
    expect((await reply(stranger, pin, "let me in")).status).toBe(404)
    expect((await reply(undefined, pin, "let me in")).status).toBe(401)
    expect((await edit(stranger, kept.id, "mine now")).status).toBe(404)
    expect((await remove(stranger, kept.id)).status).toBe(404)
    expect((await resolve(stranger, pin, true)).status).toBe(404)
    expect((await resolve(undefined, pin, true)).status).toBe(401)
    expect((await thread(owner, pin)).body.data.replies).toHaveLength(1)
  })

  it("lets a public slide's visitors read without emails, and change nothing", async () => {
    const publicFolder = (await createFolder(server, owner, "Public threads")).id
    await makePublic(server, owner, publicFolder)
    const { slide, pin } = await slideWithPin(publicFolder)
    const kept = (await reply(owner, pin, "published discussion")).body.data
    for (const visitor of [stranger, undefined]) {
      const read = await thread(visitor, pin)
      expect(read.status).toBe(200)
      expect(read.body.data.thread.user_email).toBe("")
      expect(read.body.data.replies[0]).toMatchObject({ message: "published discussion", user_email: "", author: { name: "Thread Owner" } })
      expect((await threads(visitor, slide)).body.data.results[0].user_email).toBe("")
    }
    expect((await reply(stranger, pin, "me too")).status).toBe(403)
    expect((await edit(stranger, kept.id, "mine")).status).toBe(403)
    expect((await remove(stranger, kept.id)).status).toBe(403)
    expect((await resolve(stranger, pin, true)).status).toBe(403)
    expect((await reply(undefined, pin, "me too")).status).toBe(401)
  })
})

describe("notifications and mail", () => {
  it("tells every other member of a reply, names the thread, and mails a mentioned member", async () => {
    const { slide, pin } = await slideWithPin()
    const sent = await reply(owner, pin, "@Thread Reviewer please check", [reviewer.id, stranger.id, owner.id])
    expect(sent.body.data.mentions).toEqual([reviewer.id])
    for (const member of [admin, reviewer]) {
      const told = await threadNotifications(member, slide)
      expect(told).toHaveLength(1)
      expect(told[0]).toMatchObject({ is_read: false, annotation_id: pin, sender: { email: owner.email } })
    }
    expect(await threadNotifications(owner, slide)).toHaveLength(0)
    const mail = await server.latestMail(reviewer.email, { containing: "please check" })
    expect(mail.subject).toBe("You were mentioned in a comment on Preparat")
    expect(mail.text).toContain("Thread Owner mentioned you")
    expect(mail.text).toContain(`/dashboard/labs/${slide}/annotations?panel=comments&thread=${pin}`)
    // The admin was not mentioned: no mail.
    await expect(server.latestMail(admin.email, { containing: "please check", timeoutMs: 300 })).rejects.toThrow()
  })

  it("mails a member an edit newly mentions, and not one mentioned before", async () => {
    const { pin } = await slideWithPin()
    const sent = (await reply(owner, pin, "first take", [reviewer.id])).body.data
    await server.latestMail(reviewer.email, { containing: "first take" })
    await edit(owner, sent.id, "second take", [reviewer.id, admin.id])
    await server.latestMail(admin.email, { containing: "second take" })
    await expect(server.latestMail(reviewer.email, { containing: "second take", timeoutMs: 300 })).rejects.toThrow()
  })
})

describe("live", () => {
  it("sends comment_{id} for a reply, an edit, a deletion and a resolution, and notif_chat_{user} for the reply", async () => {
    const { slide, pin } = await slideWithPin()
    const listener = connectPusher(server, admin.access)
    try {
      const channel = listener.subscribe(labChannel(slide))
      const own = listener.subscribe(notificationChannel(admin.id))
      await Promise.all([subscribed(channel), subscribed(own)])
      const heard: unknown[] = []
      const told: unknown[] = []
      channel.bind(realtimeEvents.comment(slide), (data: unknown) => heard.push(data))
      own.bind(realtimeEvents.notifChat(admin.id), (data: unknown) => told.push(data))
      const sent = (await reply(reviewer, pin, "live words")).body.data
      await edit(reviewer, sent.id, "live words, edited")
      await resolve(reviewer, pin, true)
      await remove(reviewer, sent.id)
      await expect.poll(() => heard.length + told.length, { timeout: 5_000 }).toBe(5)
      const changes = heard.map((h) => Schema.decodeUnknownSync(CommentChanged)(h))
      expect(changes.map((ch) => ch.action)).toEqual(["replied", "edited", "resolved", "deleted"])
      expect(changes[0]).toMatchObject({ annotation_id: pin, reply: { id: sent.id, message: "live words", user_email: reviewer.email } })
      expect(changes[1]?.reply?.message).toBe("live words, edited")
      expect(changes[2]?.resolution).toMatchObject({ resolved: true, resolved_by: { id: reviewer.id } })
      expect(changes[3]).toMatchObject({ reply_id: sent.id })
      const notice = Schema.decodeUnknownSync(Notice)(told[0])
      expect(notice).toMatchObject({ kind: "comment.replied", lab_id: slide, actor_id: reviewer.id })
      expect((await threadNotifications(admin, slide)).map((n: { id: string }) => n.id)).toEqual([notice.notification_id])
    } finally {
      listener.disconnect()
    }
  })
})

// Muting a slide's chat over real HTTP: per member and slide, kept on the server (the chat list says
// it), only by the slide's members; a muted member gets no notif_chat for an ordinary message, but a
// message that mentions them still notifies them, live on their own channel too.
import { Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Notice, notificationChannel, realtimeEvents } from "../../src/contract/realtime.ts"
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
  ;({ server, c, owner, admin, reviewer, stranger, folder } = await roleWorld("Mute"))
})
afterAll(() => server.stop())

const mute = (who: SignedIn | undefined, lab_id: string, muted: boolean) =>
  c.put("/v2/comment/chat/mute/", { lab_id, muted }, { token: who?.access })
const send = (who: SignedIn, lab_id: string, message: string, mentions?: string[]) =>
  c.post("/v2/comment/chat/", { lab_id, message, ...(mentions ? { mentions } : {}) }, { token: who.access })
const mutedOf = async (who: SignedIn | undefined, lab_id: string) =>
  (await c.get(`/v2/comment/chat/?lab_id=${lab_id}`, { token: who?.access })).body.data.muted
const chatNotifications = async (who: SignedIn, lab_id: string) =>
  (await c.get("/v2/notifications/?limit=50", { token: who.access })).body.data.data.results.filter(
    (n: { type: string; lab: { id: string } | null }) => n.type === "notif_chat" && n.lab?.id === lab_id
  )

describe("muting a slide's chat", () => {
  it("is kept per member and slide, and each member may mute and unmute", async () => {
    const slide = await createSlide(server, owner, folder)
    const other = await createSlide(server, owner, folder)
    for (const member of [owner, admin, reviewer]) {
      const muted = await mute(member, slide, true)
      expect(muted.status, JSON.stringify(muted.body)).toBe(200)
      expect(muted.body.data).toEqual({ muted: true })
      expect(await mutedOf(member, slide)).toBe(true)
      expect(await mutedOf(member, other)).toBe(false)
    }
    // Muting twice is still muted; unmuting is for the one who asks.
    expect((await mute(reviewer, slide, true)).status).toBe(200)
    expect((await mute(reviewer, slide, false)).body.data).toEqual({ muted: false })
    expect(await mutedOf(reviewer, slide)).toBe(false)
    expect(await mutedOf(admin, slide)).toBe(true)
  })

  it("is refused to strangers, guests and a public slide's visitors", async () => {
    const slide = await createSlide(server, owner, folder)
    expect((await mute(stranger, slide, true)).status).toBe(404)
    expect((await mute(undefined, slide, true)).status).toBe(401)
    const publicFolder = (await createFolder(server, owner, "Public mute")).id
    await makePublic(server, owner, publicFolder)
    const open = await createSlide(server, owner, publicFolder)
    expect((await mute(stranger, open, true)).status).toBe(403)
    expect(await mutedOf(stranger, open)).toBe(false)
    const bad = await c.put("/v2/comment/chat/mute/", { lab_id: slide, muted: "yes" }, { token: owner.access })
    expect(bad.status).toBe(400)
  })

  it("leaves a muted member out of ordinary messages' notifications, but a mention still notifies them", async () => {
    const slide = await createSlide(server, owner, folder)
    await mute(reviewer, slide, true)
    await send(owner, slide, "plain words")
    expect(await chatNotifications(reviewer, slide)).toHaveLength(0)
    expect(await chatNotifications(admin, slide)).toHaveLength(1)
    await send(owner, slide, "@Mute Reviewer look", [reviewer.id])
    expect(await chatNotifications(reviewer, slide)).toHaveLength(1)
    await mute(reviewer, slide, false)
    await send(owner, slide, "plain again")
    expect(await chatNotifications(reviewer, slide)).toHaveLength(2)
  })

  it("tells a muted member live only of the message that mentions them", async () => {
    const slide = await createSlide(server, owner, folder)
    await mute(admin, slide, true)
    const listener = connectPusher(server, admin.access)
    try {
      const own = listener.subscribe(notificationChannel(admin.id))
      await subscribed(own)
      const told: unknown[] = []
      own.bind(realtimeEvents.notifChat(admin.id), (data: unknown) => told.push(data))
      await send(reviewer, slide, "not for you")
      await send(reviewer, slide, "@Mute Admin for you", [admin.id])
      await expect.poll(() => told.length, { timeout: 5_000 }).toBe(1)
      await new Promise((r) => setTimeout(r, 300))
      expect(told).toHaveLength(1)
      expect(Schema.decodeUnknownSync(Notice)(told[0])).toMatchObject({ kind: "chat.message_sent", lab_id: slide })
    } finally {
      listener.disconnect()
    }
  })
})

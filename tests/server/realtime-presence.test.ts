// A slide's presence channel (presence-slide_{id}) over the real server and pusher-js, as the SPA
// uses it: whoever may read the slide joins; a subscriber is given the members with its subscription;
// the others hear a member added when a user's first socket joins and removed when their last one
// leaves or closes; a user in two tabs is one member. Members of a private slide carry their email;
// on a public slide, where a stranger may listen, everyone is named without one. Refusals: a slide one
// may not see, a folder, a forged or unsigned member, a channel data another socket was signed for.
import { randomUUID } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { presenceChannel } from "../../src/contract/realtime.ts"
import { channelAuth } from "../../server/realtime/signature.ts"
import type { SignedIn } from "../support/api.ts"
import { connectPusher, type PusherChannel, type PusherClient, subscribed } from "../support/pusher.ts"
import { type StartedServer, startServer } from "../support/start-server.ts"
import { createSlide } from "./support/annotations-api.ts"
import { client, createFolder, makePublic, person, share } from "./support/labs-api.ts"
import { openRawSocket, type RawSocket, within } from "./support/raw-socket.ts"

let server: StartedServer
let owner: SignedIn
let reviewer: SignedIn
let stranger: SignedIn
const clients: PusherClient[] = []
const sockets: RawSocket[] = []

beforeAll(async () => {
  server = await startServer()
  owner = await person(server, "Olive Owner")
  reviewer = await person(server, "Rita Reviewer")
  stranger = await person(server, "Stan Stranger")
})
afterAll(async () => {
  for (const client of clients) client.disconnect()
  for (const socket of sockets) socket.close()
  await server.stop()
})

/** A slide in a folder shared with the reviewer. */
const sharedSlide = async () => {
  const folder = await createFolder(server, owner, `Together ${randomUUID().slice(0, 8)}`)
  const membership = await share(server, owner, folder.id, reviewer, "reviewer")
  return { folderId: folder.id, membership, slideId: await createSlide(server, owner, folder.id) }
}

type Members = Record<string, { name: string; email: string }>

/** One tab: a pusher-js client on the slide's presence channel, and what it knows of the members. */
const open = async (who: SignedIn, slideId: string) => {
  const client = connectPusher(server, who.access)
  clients.push(client)
  const channel = client.subscribe(presenceChannel(slideId)) as PusherChannel & {
    members: { members: Members; count: number; me: { id: string } | null }
  }
  const events: Array<{ kind: "added" | "removed"; id: string }> = []
  channel.bind("pusher:member_added", (m: { id: string }) => events.push({ kind: "added", id: m.id }))
  channel.bind("pusher:member_removed", (m: { id: string }) => events.push({ kind: "removed", id: m.id }))
  await subscribed(channel)
  return { client, channel, events, members: () => ({ ...channel.members.members }) }
}

describe("a slide's presence channel", () => {
  it("lists who is there on subscribing, adds and removes members, and keeps one member per user across tabs", async () => {
    const { slideId } = await sharedSlide()
    const ada = await open(owner, slideId)
    expect(ada.members()).toEqual({ [owner.id]: { name: "Olive Owner", email: owner.email } })
    expect(ada.channel.members.me?.id).toBe(owner.id)

    const rita = await open(reviewer, slideId)
    expect(rita.members()).toEqual({
      [owner.id]: { name: "Olive Owner", email: owner.email },
      [reviewer.id]: { name: "Rita Reviewer", email: reviewer.email }
    })
    await expect.poll(() => ada.members()[reviewer.id]).toEqual({ name: "Rita Reviewer", email: reviewer.email })
    expect(ada.events).toEqual([{ kind: "added", id: reviewer.id }])

    // A second tab of Rita's: still one member, nobody told anything.
    const ritaAgain = await open(reviewer, slideId)
    expect(Object.keys(ritaAgain.members()).sort()).toEqual([owner.id, reviewer.id].sort())
    // Closing one of her tabs keeps her there.
    rita.client.disconnect()
    await new Promise((r) => setTimeout(r, 300))
    expect(Object.keys(ada.members()).sort()).toEqual([owner.id, reviewer.id].sort())
    expect(ada.events).toEqual([{ kind: "added", id: reviewer.id }])

    // Leaving the channel (closing the slide) with the last tab removes her.
    ritaAgain.client.unsubscribe(presenceChannel(slideId))
    await expect.poll(() => ada.events.length).toBe(2)
    expect(ada.events[1]).toEqual({ kind: "removed", id: reviewer.id })
    expect(ada.members()).toEqual({ [owner.id]: { name: "Olive Owner", email: owner.email } })

    // So does a closed socket (a closed tab), within moments.
    const back = await open(reviewer, slideId)
    await expect.poll(() => ada.events.length).toBe(3)
    const closed = Date.now()
    back.client.disconnect()
    await expect.poll(() => ada.events.length, { timeout: 5_000, interval: 20 }).toBe(4)
    expect(ada.events[3]).toEqual({ kind: "removed", id: reviewer.id })
    expect(Date.now() - closed).toBeLessThan(5_000)
  })

  it("on a public slide a signed-in stranger may join, and everyone is named without an email", async () => {
    const { folderId, slideId } = await sharedSlide()
    await makePublic(server, owner, folderId)
    const ada = await open(owner, slideId)
    const stan = await open(stranger, slideId)
    expect(stan.members()).toEqual({
      [owner.id]: { name: "Olive Owner", email: "" },
      [stranger.id]: { name: "Stan Stranger", email: "" }
    })
    await expect.poll(() => ada.members()[stranger.id]).toEqual({ name: "Stan Stranger", email: "" })
  })

  it("a slide made public while members are on it: a stranger who joins then is not given their emails", async () => {
    const { folderId, slideId } = await sharedSlide()
    const ada = await open(owner, slideId)
    await open(reviewer, slideId)
    await expect.poll(() => ada.members()[reviewer.id]?.email).toBe(reviewer.email)
    await makePublic(server, owner, folderId)
    const stan = await open(stranger, slideId)
    expect(stan.members()).toEqual({
      [owner.id]: { name: "Olive Owner", email: "" },
      [reviewer.id]: { name: "Rita Reviewer", email: "" },
      [stranger.id]: { name: "Stan Stranger", email: "" }
    })
  })

  it("refuses whoever may not see the slide, and a folder", async () => {
    const { folderId, slideId } = await sharedSlide()
    for (const channel of [presenceChannel(slideId), presenceChannel(folderId), presenceChannel(randomUUID())]) {
      const client = connectPusher(server, stranger.access)
      clients.push(client)
      await expect(subscribed(client.subscribe(channel))).rejects.toThrow(/403/)
    }
    const auth = await fetch(`${server.url}/v2/realtime/auth/`, {
      method: "POST",
      headers: { Authorization: `Bearer ${stranger.access}`, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ socket_id: "1.2", channel_name: presenceChannel(slideId) })
    })
    expect(auth.status).toBe(403)
  })

  it("refuses an unsigned or forged member, a member signed for another socket, and one that names no user", async () => {
    const { slideId } = await sharedSlide()
    const channel = presenceChannel(slideId)
    const ada = await open(owner, slideId)
    const socket = await openRawSocket(server)
    sockets.push(socket)
    const askAuth = async (socketId: string) => {
      const reply = await fetch(`${server.url}/v2/realtime/auth/`, {
        method: "POST",
        headers: { Authorization: `Bearer ${reviewer.access}`, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ socket_id: socketId, channel_name: channel })
      })
      expect(reply.status).toBe(200)
      return (await reply.json()) as { auth: string; channel_data: string }
    }
    const signed = await askAuth(socket.socketId)
    const forged = JSON.stringify({ user_id: reviewer.id, user_info: { name: "Someone Else", email: "x@example.org" } })
    const otherSocket = await askAuth("123.456")
    const attempts = [
      { channel },
      { channel, auth: signed.auth, channel_data: forged },
      { channel, auth: otherSocket.auth, channel_data: otherSocket.channel_data },
      // Signed with the secret (a server tool's) but naming nobody: a presence member needs a user.
      { channel, auth: channelAuth(server.config.realtime, socket.socketId, channel, "{}"), channel_data: "{}" }
    ]
    for (const attempt of attempts) {
      const from = socket.frames.length
      socket.send("pusher:subscribe", attempt)
      const refusal = await within(
        socket.next((f) => f.event === "pusher:subscription_error", from),
        "the refusal"
      )
      expect(refusal.channel).toBe(channel)
    }
    // The genuine one joins, and only then does Ada hear of Rita.
    expect(ada.events).toEqual([])
    const from = socket.frames.length
    socket.send("pusher:subscribe", { channel, auth: signed.auth, channel_data: signed.channel_data })
    const joined = await within(
      socket.next((f) => f.event === "pusher_internal:subscription_succeeded", from),
      "the subscription"
    )
    expect(joined.data).toEqual({
      presence: {
        count: 2,
        ids: expect.arrayContaining([owner.id, reviewer.id]),
        hash: {
          [owner.id]: { name: "Olive Owner", email: owner.email },
          [reviewer.id]: { name: "Rita Reviewer", email: reviewer.email }
        }
      }
    })
    await expect.poll(() => ada.events).toEqual([{ kind: "added", id: reviewer.id }])
  })

  it("removes a member whose access ends", async () => {
    const { membership, slideId } = await sharedSlide()
    const ada = await open(owner, slideId)
    await open(reviewer, slideId)
    await expect.poll(() => Object.keys(ada.members()).length).toBe(2)
    expect((await client(server).del(`/v2/members/${membership}/`, undefined, { token: owner.access })).status).toBe(200)
    await expect
      .poll(() => ada.events, { timeout: 5_000 })
      .toEqual([
        { kind: "added", id: reviewer.id },
        { kind: "removed", id: reviewer.id }
      ])
  })
})

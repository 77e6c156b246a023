// The realtime path of the real server: GET /v2/realtime/config/, private channels authorised by
// /v2/realtime/auth/ for their own user only, and committed events from the event log delivered to
// pusher-js, including events written before the server started (a crash between commit and send).
import { randomUUID } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { labChannel, notificationChannel, realtimeEvents } from "../../src/contract/realtime.ts"
import { api, createSignedIn, type SignedIn } from "../support/api.ts"
import { connectPusher, subscribed } from "../support/pusher.ts"
import { type StartedServer, startServer } from "../support/start-server.ts"

let server: StartedServer
let ada: SignedIn
let bob: SignedIn

const unpublishedEvent = (recipient: string, payload: unknown = invitation(recipient)) => ({
  id: randomUUID(),
  actor_id: null,
  kind: "member.invited",
  lab_id: null,
  payload: JSON.stringify(payload),
  created_at: new Date().toISOString(),
  published_at: null
})

const invitation = (recipient: string) => ({
  member_id: "m1",
  email: "someone@example.com",
  role: "reviewer",
  pending: false,
  parent_id: null,
  notification_id: "n1",
  recipients: [recipient]
})

beforeAll(async () => {
  server = await startServer()
  ada = await createSignedIn(server)
  bob = await createSignedIn(server)
})

afterAll(() => server.stop())

describe("realtime on the real server", () => {
  it("tells the SPA where to connect: the page's own host for the embedded server", async () => {
    const reply = await api(server).get("/v2/realtime/config/")
    expect(reply.status).toBe(200)
    expect(reply.body).toEqual({
      key: server.config.realtime.key,
      cluster: server.config.realtime.cluster,
      host: null,
      port: null,
      tls: null
    })
  })

  it("authorises a user's own channel only, and only with a token", async () => {
    const form = (channel: string) => new URLSearchParams({ socket_id: "123.456", channel_name: channel }).toString()
    const post = (channel: string, token?: string) =>
      fetch(`${server.url}/v2/realtime/auth/`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: form(channel)
      })
    const own = await post(notificationChannel(ada.id), ada.access)
    expect(own.status).toBe(200)
    expect((await own.json()).auth).toMatch(new RegExp(`^${server.config.realtime.key}:[0-9a-f]{64}$`))
    expect((await post(notificationChannel(bob.id), ada.access)).status).toBe(403)
    expect((await post("private-somebody-else", ada.access)).status).toBe(403)
    expect((await post(notificationChannel(ada.id))).status).toBe(401)
  })

  it("delivers a committed event to the recipient's channel, and not to anyone else", async () => {
    const adaClient = connectPusher(server, ada.access)
    const bobClient = connectPusher(server, bob.access)
    try {
      const adaChannel = adaClient.subscribe(notificationChannel(ada.id))
      const bobChannel = bobClient.subscribe(notificationChannel(bob.id))
      await Promise.all([subscribed(adaChannel), subscribed(bobChannel)])
      const bobHeard: unknown[] = []
      bobChannel.bind_global((event: string, data: unknown) => !event.startsWith("pusher") && bobHeard.push(data))
      const heard = new Promise<Record<string, unknown>>((resolve) => adaChannel.bind(realtimeEvents.invite(ada.id), resolve))
      // Written straight into the log, as a crash between commit and publish would leave it.
      await server.withDb((db) => db.insertInto("events").values(unpublishedEvent(ada.id)).execute())
      expect(await heard).toMatchObject({ kind: "member.invited", notification_id: "n1" })
      expect(bobHeard).toEqual([])
      const left = await server.withDb((db) => db.selectFrom("events").select("id").where("published_at", "is", null).execute())
      expect(left).toEqual([])
    } finally {
      adaClient.disconnect()
      bobClient.disconnect()
    }
  })

  it("reports a stored event that does not decode, passes over it, and goes on publishing", async () => {
    const adaClient = connectPusher(server, ada.access)
    try {
      const channel = adaClient.subscribe(notificationChannel(ada.id))
      await subscribed(channel)
      const heard: unknown[] = []
      channel.bind(realtimeEvents.invite(ada.id), (data: unknown) => heard.push(data))
      const broken = unpublishedEvent(ada.id, { recipients: [ada.id] })
      const good = unpublishedEvent(ada.id)
      await server.withDb((db) => db.insertInto("events").values([broken, good]).execute())
      await expect.poll(() => heard.length, { timeout: 5_000 }).toBe(1)
      expect(heard[0]).toMatchObject({ kind: "member.invited", notification_id: "n1" })
      const left = await server.withDb((db) => db.selectFrom("events").select("id").where("published_at", "is", null).execute())
      expect(left).toEqual([])
      // Still publishing afterwards.
      await server.withDb((db) => db.insertInto("events").values(unpublishedEvent(ada.id)).execute())
      await expect.poll(() => heard.length, { timeout: 5_000 }).toBe(2)
    } finally {
      adaClient.disconnect()
    }
  })

  it("lets only those who may see a lab listen to its channel, and sends them its changes", async () => {
    const created = await api(server).post("/v2/labs/", { name: "Tumour margins", parent: null }, { token: ada.access })
    expect(created.status).toBe(201)
    const labId: string = created.body.data.data.results[0].id
    const adaClient = connectPusher(server, ada.access)
    const bobClient = connectPusher(server, bob.access)
    try {
      const adaChannel = adaClient.subscribe(labChannel(labId))
      await subscribed(adaChannel)
      await expect(subscribed(bobClient.subscribe(labChannel(labId)))).rejects.toThrow(/403/)
      const heard = new Promise<Record<string, unknown>>((resolve) => adaChannel.bind(realtimeEvents.labChanged(labId), resolve))
      expect((await api(server).put(`/v2/labs/${labId}/`, { name: "Tumour margins (2)" }, { token: ada.access })).status).toBe(200)
      expect(await heard).toMatchObject({ kind: "lab.renamed", lab_id: labId })
    } finally {
      adaClient.disconnect()
      bobClient.disconnect()
    }
  })

  it("stops telling a member about a lab once they are removed from it, and not the others", async () => {
    const created = await api(server).post("/v2/labs/", { name: "Shared margins", parent: null }, { token: ada.access })
    const labId: string = created.body.data.data.results[0].id
    const cy = await createSignedIn(server)
    const invite = async (who: SignedIn) => {
      const reply = await api(server).post(
        "/v2/members/invites/",
        { lab_id: labId, email: [who.email], role_member: "reviewer" },
        { token: ada.access }
      )
      expect(reply.status).toBe(200)
      return reply.body.data.members.find((m: { email: string }) => m.email === who.email).id as string
    }
    const bobMembership = await invite(bob)
    await invite(cy)
    const bobClient = connectPusher(server, bob.access)
    const cyClient = connectPusher(server, cy.access)
    try {
      const bobChannel = bobClient.subscribe(labChannel(labId))
      const cyChannel = cyClient.subscribe(labChannel(labId))
      await Promise.all([subscribed(bobChannel), subscribed(cyChannel)])
      const bobHeard: string[] = []
      const cyHeard: string[] = []
      bobChannel.bind(realtimeEvents.labChanged(labId), (data: { kind: string }) => bobHeard.push(data.kind))
      cyChannel.bind(realtimeEvents.labChanged(labId), (data: { kind: string }) => cyHeard.push(data.kind))
      const removed = await fetch(`${server.url}/v2/members/${bobMembership}/`, {
        method: "DELETE",
        headers: { authorization: `Bearer ${ada.access}` }
      })
      expect(removed.status).toBe(200)
      await expect.poll(() => cyHeard, { timeout: 5_000 }).toContain("member.removed")
      // Give the check a moment, then change the lab: only the remaining member hears it.
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect((await api(server).put(`/v2/labs/${labId}/`, { name: "Shared margins (2)" }, { token: ada.access })).status).toBe(200)
      await expect.poll(() => cyHeard, { timeout: 5_000 }).toContain("lab.renamed")
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(bobHeard).not.toContain("lab.renamed")
      // Subscribing again is refused too.
      bobClient.unsubscribe(labChannel(labId))
      await expect(subscribed(bobClient.subscribe(labChannel(labId)))).rejects.toThrow(/403/)
    } finally {
      bobClient.disconnect()
      cyClient.disconnect()
    }
  })
})

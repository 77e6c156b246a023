// WORKERS=2: two server processes share the port. Sockets land on both (node:cluster deals
// connections round-robin), so an event must reach the sockets of the process that did not make
// the change, and changes made through either process must be published.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { labChannel, notificationChannel, realtimeEvents } from "../../src/contract/realtime.ts"
import { api, createSignedIn, type SignedIn } from "../support/api.ts"
import { connectSigned, type PusherClient, subscribed } from "../support/pusher.ts"
import { type ServerProcess, startServerProcess } from "../support/server-process.ts"
import { openRawSocket, type RawSocket, subscribeRaw, within } from "./support/raw-socket.ts"

const CLIENTS = 4

describe("a server of two worker processes", () => {
  let server: ServerProcess
  let ada: SignedIn
  const clients: PusherClient[] = []
  const sockets: RawSocket[] = []

  beforeAll(async () => {
    server = await startServerProcess({ env: { WORKERS: "2" }, databaseUrl: process.env.DATABASE_URL || undefined })
    ada = await createSignedIn(server, { name: "Ada" })
  }, 60_000)

  afterAll(async () => {
    for (const client of clients) client.disconnect()
    for (const socket of sockets) socket.close()
    await server?.stop()
  })

  it("delivers every change to sockets on both processes, whichever process made it", async () => {
    const c = api(server)
    const auth = { token: ada.access }
    const created = await c.post("/v2/labs/", { name: "Biopsies", is_dir: true, is_favorite: false }, auth)
    expect(created.status).toBe(201)
    const labId: string = created.body.data.data.results[0].id

    // Round-robin puts consecutive connections on alternate workers: four clients cover both, as
    // long as no other connection opens in between (so they sign their channels themselves).
    const heard: Array<string[]> = []
    for (let i = 0; i < CLIENTS; i++) {
      const client = connectSigned(server)
      clients.push(client)
      const names: string[] = []
      heard.push(names)
      const channel = client.subscribe(labChannel(labId))
      channel.bind(realtimeEvents.labChanged(labId), (data: { kind: string }) => names.push(data.kind))
      await subscribed(channel)
    }

    // Successive requests are spread over both workers too (each opens a new connection).
    for (const name of ["Biopsies 2", "Biopsies 3", "Biopsies 4", "Biopsies 5"]) {
      const renamed = await c.put(`/v2/labs/${labId}/`, { name }, { token: ada.access, headers: { connection: "close" } })
      expect(renamed.status).toBe(200)
    }

    const deadline = Date.now() + 10_000
    while (heard.some((names) => names.filter((k) => k === "lab.renamed").length < 4) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50))
    }
    for (const names of heard) expect(names.filter((k) => k === "lab.renamed")).toHaveLength(4)
  }, 60_000)

  it("closes a user's sockets on both processes when the user signs out on either", async () => {
    const bob = await createSignedIn(server, { name: "Bob" })
    // Opened one after another with nothing in between, so round-robin puts them on both workers.
    for (let i = 0; i < CLIENTS; i++) sockets.push(await openRawSocket(server))
    const bobs = sockets.slice(-CLIENTS)
    for (const socket of bobs) await subscribeRaw(server, socket, bob.access, notificationChannel(bob.id))
    const out = await api(server).post("/v2/auth/logout/", { refresh: bob.refresh }, { headers: { connection: "close" } })
    expect(out.status).toBe(200)
    const closes = await within(Promise.all(bobs.map((socket) => socket.closed)), "every socket of Bob closed", 10_000)
    expect(closes.map((c) => c.code)).toEqual(Array(CLIENTS).fill(4200))
  }, 60_000)

  it("answers requests while both processes write to the same database", async () => {
    const c = api(server)
    const auth = { token: ada.access, headers: { connection: "close" } }
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => c.post("/v2/labs/", { name: `Case ${i}`, is_dir: true, is_favorite: false }, auth))
    )
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(201))
    const list = await c.get("/v2/labs/?search=case", auth)
    expect(list.body.data.meta.count).toBe(20)
  }, 60_000)
})

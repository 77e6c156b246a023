// A realtime socket does not outlive its user's sessions: whatever raises the user's token generation
// (signing out, changing or resetting the password, a replayed refresh token) closes the sockets that
// hold that user's private channels, so they hear nothing more of their labs, and the old token cannot
// authorise them again. Other users' sockets hear on.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { labChannel, notificationChannel, realtimeEvents } from "../../src/contract/realtime.ts"
import { api, type SignedIn, signIn } from "../support/api.ts"
import { type StartedServer, startServer } from "../support/start-server.ts"
import { client, createFolder, person, share } from "./support/labs-api.ts"
import { authorizeRaw, openRawSocket, type RawSocket, subscribeRaw, within } from "./support/raw-socket.ts"

const NEW_PASSWORD = "Another-slide5!"

let server: StartedServer
let ada: SignedIn
const sockets: RawSocket[] = []

beforeAll(async () => {
  server = await startServer()
  ada = await person(server, "Ada")
})
afterAll(async () => {
  for (const socket of sockets) socket.close()
  await server.stop()
})

/** A socket holding `who`'s channels: the lab's and their own notifications. */
const listening = async (who: SignedIn, labId: string) => {
  const socket = await openRawSocket(server)
  sockets.push(socket)
  await subscribeRaw(server, socket, who.access, labChannel(labId))
  await subscribeRaw(server, socket, who.access, notificationChannel(who.id))
  return socket
}

/** Bob listens to a lab Ada shares with him, and so does Ada; `end` ends Bob's sessions. */
const expectSocketEnded = async (end: (bob: SignedIn) => Promise<void>) => {
  const bob = await person(server, "Bob")
  const lab = await createFolder(server, ada, `Shared ${Date.now()}`)
  await share(server, ada, lab.id, bob, "reviewer")
  const [owner, member] = [await listening(ada, lab.id), await listening(bob, lab.id)]

  await end(bob)

  // 4200: "reconnect now", so a device still signed in comes back at once through /v2/realtime/auth/.
  expect(await within(member.closed, "Bob's socket closed")).toMatchObject({ code: 4200 })
  const again = await openRawSocket(server)
  sockets.push(again)
  expect((await authorizeRaw(server, bob.access, again.socketId, labChannel(lab.id))).status).toBe(401)

  // Ada's socket stays, and hears the lab.
  expect(owner.isOpen()).toBe(true)
  const from = owner.frames.length
  expect((await client(server).put(`/v2/labs/${lab.id}/`, { name: `${lab.name} (renamed)` }, { token: ada.access })).status).toBe(200)
  const heard = await within(
    owner.next((f) => f.event === realtimeEvents.labChanged(lab.id) && (f.data as { kind?: string }).kind === "lab.renamed", from),
    "Ada hears the rename"
  )
  expect(heard.channel).toBe(labChannel(lab.id))
}

describe("a realtime socket ends with its user's sessions", () => {
  it("when the user signs out", async () => {
    await expectSocketEnded(async (bob) => {
      expect((await api(server).post("/v2/auth/logout/", { refresh: bob.refresh })).status).toBe(200)
    })
  })

  it("when the user changes the password", async () => {
    await expectSocketEnded(async (bob) => {
      const changed = await api(server).put(
        "/v2/auth/password/change/",
        { old_password: bob.password, new_password: NEW_PASSWORD, new_password_confirm: NEW_PASSWORD },
        { token: bob.access }
      )
      expect(changed.status, JSON.stringify(changed.body)).toBe(200)
    })
  })

  it("when the password is reset through the mailed link", async () => {
    await expectSocketEnded(async (bob) => {
      expect((await api(server).post("/v2/auth/password/reset/", { email: bob.email })).status).toBe(200)
      // The invitation to the lab is mailed too, in the background: look for the reset link itself.
      const resetLink = async () =>
        (await server.mails()).flatMap((m) => (m.to.includes(bob.email) ? m.links : [])).find((l) => l.includes("/password-reset-confirm/"))
      await expect.poll(resetLink, { timeout: 5_000 }).toBeDefined()
      const link = (await resetLink())!
      const [uid, token] = new URL(link).pathname.split("/").slice(-2).map(decodeURIComponent)
      const done = await api(server).post("/v2/auth/password/reset/confirm/", {
        uid,
        token,
        password: NEW_PASSWORD,
        password_confirm: NEW_PASSWORD
      })
      expect(done.status, JSON.stringify(done.body)).toBe(200)
    })
  })

  it("when a refresh token is replayed", async () => {
    await expectSocketEnded(async (bob) => {
      const rotated = await api(server).post("/v2/auth/token/refresh/", { refresh: bob.refresh })
      expect(rotated.status).toBe(200)
      // The successor used, so the old token's return is a replay, not a lost answer (Sessions.ts).
      expect((await api(server).post("/v2/auth/token/refresh/", { refresh: rotated.body.data.refresh_token })).status).toBe(200)
      expect((await api(server).post("/v2/auth/token/refresh/", { refresh: bob.refresh })).status).toBe(401)
    })
  })

  it("but not when the user signs in elsewhere", async () => {
    const cy = await person(server, "Cy")
    const lab = await createFolder(server, cy, "Cy's own")
    const socket = await listening(cy, lab.id)
    await signIn(server, cy)
    const from = socket.frames.length
    expect((await client(server).put(`/v2/labs/${lab.id}/`, { name: "Still heard" }, { token: cy.access })).status).toBe(200)
    await within(
      socket.next((f) => f.event === realtimeEvents.labChanged(lab.id), from),
      "Cy hears the rename"
    )
    expect(socket.isOpen()).toBe(true)
  })
})

// A lab subscription ends when its user can no longer see the lab, whatever took the sight away: the
// membership ended (removed, or left), the lab went to the trash, moved out of the shared folder,
// changed hands out of that folder, or stopped being public. The embedded server then sends the
// subscriber a subscription error and nothing more of the lab; those who still see it hear on.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { labChannel, realtimeEvents } from "../../src/contract/realtime.ts"
import type { SignedIn } from "../support/api.ts"
import { connectPusher, type PusherClient, subscribed } from "../support/pusher.ts"
import type { StartedServer } from "../support/start-server.ts"
import { startServer } from "../support/start-server.ts"
import { client, createFolder, makePublic, person, share, transferLab } from "./support/labs-api.ts"

let server: StartedServer
let ada: SignedIn
let bob: SignedIn
const clients: PusherClient[] = []

beforeAll(async () => {
  server = await startServer()
  ada = await person(server, "Ada")
  bob = await person(server, "Bob")
})
afterAll(async () => {
  for (const c of clients) c.disconnect()
  await server.stop()
})

interface Listener {
  /** Kinds of the lab's changes heard so far. */
  readonly heard: string[]
  /** Resolves with the server's refusal when the subscription is ended. */
  readonly revoked: Promise<{ type?: string }>
  readonly isRevoked: () => boolean
}

/** Subscribes `session` to the lab's channel, as the SPA does. */
const listen = async (session: SignedIn, labId: string): Promise<Listener> => {
  const pusher = connectPusher(server, session.access)
  clients.push(pusher)
  const channel = pusher.subscribe(labChannel(labId))
  await subscribed(channel)
  const heard: string[] = []
  channel.bind(realtimeEvents.labChanged(labId), (data: { kind: string }) => heard.push(data.kind))
  let ended = false
  const revoked = new Promise<{ type?: string }>((resolve) =>
    channel.bind("pusher:subscription_error", (error: { type?: string }) => {
      ended = true
      resolve(error)
    })
  )
  return { heard, revoked, isRevoked: () => ended }
}

const within = <T>(promise: Promise<T>, ms = 5_000) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`not within ${ms} ms`)), ms))])

/** The subscription ended, and a later change of the lab does not reach it while `keeper` hears it. */
const expectCutOff = async (lost: Listener, labId: string, keeper?: Listener) => {
  expect(await within(lost.revoked)).toMatchObject({ type: "AccessRevoked" })
  const rename = await client(server).put(`/v2/labs/${labId}/`, { name: `Renamed ${Date.now()}` }, { token: ada.access })
  if (keeper) {
    expect(rename.status).toBe(200)
    await expect.poll(() => keeper.heard, { timeout: 5_000 }).toContain("lab.renamed")
    expect(keeper.isRevoked()).toBe(false)
  }
  await new Promise((resolve) => setTimeout(resolve, 200))
  expect(lost.heard).not.toContain("lab.renamed")
}

const memberId = async (labId: string, who: SignedIn) => {
  const reply = await client(server).get(`/v2/members/?lab_id=${labId}`, { token: ada.access })
  return reply.body.data.results.find((m: { email: string }) => m.email === who.email).id as string
}

describe("a lab subscription ends with the sight of the lab", () => {
  it("when the member leaves", async () => {
    const lab = await createFolder(server, ada, "Left behind")
    const membership = await share(server, ada, lab.id, bob, "reviewer")
    const [owner, member] = [await listen(ada, lab.id), await listen(bob, lab.id)]
    expect((await client(server).del(`/v2/members/${membership}/`, undefined, { token: bob.access })).status).toBe(200)
    await expectCutOff(member, lab.id, owner)
  })

  it("when the lab goes to the trash", async () => {
    const lab = await createFolder(server, ada, "Binned")
    await share(server, ada, lab.id, bob, "admin")
    const member = await listen(bob, lab.id)
    expect((await client(server).del(`/v2/labs/${lab.id}/`, undefined, { token: ada.access })).status).toBe(200)
    await expectCutOff(member, lab.id)
  })

  it("when the lab moves out of the folder that was shared", async () => {
    const shared = await createFolder(server, ada, "Shared")
    const lab = await createFolder(server, ada, "Moving out", shared.id)
    await share(server, ada, shared.id, bob, "reviewer")
    const [owner, member] = [await listen(ada, lab.id), await listen(bob, lab.id)]
    expect((await client(server).put(`/v2/labs/${lab.id}/`, { parent: null }, { token: ada.access })).status).toBe(200)
    await expectCutOff(member, lab.id, owner)
  })

  it("when the lab changes hands and leaves the folder that was shared", async () => {
    const cy = await person(server, "Cy")
    const shared = await createFolder(server, ada, "Shared with Cy")
    const lab = await createFolder(server, ada, "Handed over", shared.id)
    await share(server, ada, shared.id, cy, "reviewer")
    await share(server, ada, lab.id, bob, "admin")
    const [former, folderMember] = [await listen(ada, lab.id), await listen(cy, lab.id)]
    const transfer = await transferLab(server, ada, lab.id, bob)
    expect(transfer.status, JSON.stringify(transfer.body)).toBe(200)
    // The former owner stays on as an admin and keeps listening; the folder's member lost the lab.
    await expectCutOff(folderMember, lab.id, former)
  })

  it("when a public lab stops being public", async () => {
    const stranger = await person(server, "Stranger")
    const lab = await createFolder(server, ada, "Was public")
    await makePublic(server, ada, lab.id)
    const [owner, outsider] = [await listen(ada, lab.id), await listen(stranger, lab.id)]
    await makePublic(server, ada, lab.id, "false")
    await expectCutOff(outsider, lab.id, owner)
  })

  it("but not when a member's role changes: every role may look", async () => {
    const lab = await createFolder(server, ada, "Promoted")
    await share(server, ada, lab.id, bob, "reviewer")
    const member = await listen(bob, lab.id)
    const changed = await client(server).put(`/v2/members/${await memberId(lab.id, bob)}/`, { role_member: "admin" }, { token: ada.access })
    expect(changed.status).toBe(200)
    expect((await client(server).put(`/v2/labs/${lab.id}/`, { name: "Promoted (2)" }, { token: ada.access })).status).toBe(200)
    await expect.poll(() => member.heard, { timeout: 5_000 }).toContain("lab.renamed")
    expect(member.isRevoked()).toBe(false)
  })
})

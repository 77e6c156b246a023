// Ownership transfer as an offer, over HTTP: offering moves nothing; the receiver accepts (the lab
// and its bytes become theirs) or declines, the sender may withdraw; accepting checks the receiver's
// storage in the same transaction and says how much room is missing; only the receiver answers; one
// offer a lab; an offer lapses when the receiver loses the lab or it goes to the trash; of two
// answers racing only one wins.
import { randomUUID } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { SignedIn } from "../support/api.ts"
import { type StartedServer, startServer } from "../support/start-server.ts"
import { client, createFolder, insertFile, names, person, share } from "./support/labs-api.ts"

let server: StartedServer
let c: ReturnType<typeof client>
beforeAll(async () => {
  server = await startServer()
  c = client(server)
})
afterAll(() => server.stop())

const GiB = 1024 ** 3
const auth = (session: SignedIn) => ({ token: session.access })
const offer = (from: SignedIn, labId: string, to: SignedIn) =>
  c.post("/v2/members/transfer/", { lab_id: labId, user_id: to.id }, auth(from))
const pending = (session: SignedIn, labId: string) => c.get(`/v2/members/transfer/?lab_id=${labId}`, auth(session))
const accept = (session: SignedIn, offerId: string) => c.post(`/v2/members/transfer/${offerId}/accept/`, {}, auth(session))
const decline = (session: SignedIn, offerId: string) => c.post(`/v2/members/transfer/${offerId}/decline/`, {}, auth(session))
const withdraw = (session: SignedIn, offerId: string) => c.del(`/v2/members/transfer/${offerId}/`, undefined, auth(session))
const used = async (session: SignedIn) => (await c.get("/v2/pricing/plan/storage/", auth(session))).body.data.total_used
const roleOf = async (session: SignedIn, labId: string) => (await c.get(`/v2/labs/${labId}/`, auth(session))).body.data?.role
const offerNotes = async (session: SignedIn) =>
  (await c.get("/v2/notifications/", auth(session))).body.data.data.results.filter((n: { type: string }) => n.type === "ownership-changes")

/** Ada's folder holding `bytes`, shared with Bob as admin. */
const sharedFolder = async (name: string, bytes: number) => {
  const ada = await person(server, "Ada Owner")
  const bob = await person(server, "Bob Receiver")
  const folder = await createFolder(server, ada, name)
  await insertFile(server, { id: randomUUID(), ownerId: ada.id, parentId: folder.id, name: "scan.svs", size: Math.round(bytes) })
  await share(server, ada, folder.id, bob, "admin")
  return { ada, bob, folder }
}

describe("an ownership offer", () => {
  it("moves neither ownership nor bytes; the receiver hears of it in the bell and by mail, in their language", async () => {
    const { ada, bob, folder } = await sharedFolder("Liver cohort", 1000)
    // The language chosen at registration.
    await server.withDb((db) => db.updateTable("users").set({ locale: "id" }).where("id", "=", bob.id).execute())
    // Sharing mailed Bob first, in the background (after his activation mail): the offer's mail is
    // the one after the invitation's.
    const invited = await server.latestMail(bob.email, { containing: "invited you" })
    const made = await offer(ada, folder.id, bob)
    expect(made.status, JSON.stringify(made.body)).toBe(200)
    expect(made.body.data).toMatchObject({
      lab: { id: folder.id, name: "Liver cohort", is_dir: true, size: 1000 },
      from: { id: ada.id, email: ada.email },
      to: { id: bob.id, email: bob.email }
    })
    expect([await roleOf(ada, folder.id), await roleOf(bob, folder.id)]).toEqual(["owner", "admin"])
    expect([await used(ada), await used(bob)]).toEqual([1000, 0])
    // Both sides see the offer on the lab.
    expect((await pending(ada, folder.id)).body.data.id).toBe(made.body.data.id)
    expect((await pending(bob, folder.id)).body.data.id).toBe(made.body.data.id)
    const [note] = await offerNotes(bob)
    expect(note).toMatchObject({ type: "ownership-changes", lab: { id: folder.id }, sender: { email: ada.email } })
    const mail = await server.latestMail(bob.email, { after: invited.file })
    expect(mail.subject).not.toContain("Liver cohort")
    expect(mail.subject).not.toContain("Ada")
    expect(mail.text).toContain('"Liver cohort"')
    expect(mail.text).toContain(`/id/dashboard/labs/${folder.id}`)
  })

  it("once accepted moves the lab and its bytes; the sender stays on as admin", async () => {
    const { ada, bob, folder } = await sharedFolder("Accepted", 5000)
    const made = (await offer(ada, folder.id, bob)).body.data
    const reply = await accept(bob, made.id)
    expect(reply.status, JSON.stringify(reply.body)).toBe(200)
    expect(reply.body.data).toMatchObject({ id: folder.id, role: "owner", user: { id: bob.id } })
    expect([await roleOf(ada, folder.id), await roleOf(bob, folder.id)]).toEqual(["admin", "owner"])
    expect([await used(ada), await used(bob)]).toEqual([0, 5000])
    expect((await pending(bob, folder.id)).body.data).toBeNull()
    expect((await accept(bob, made.id)).status).toBe(404)
  })

  it("refuses an accept beyond the receiver's quota with the room missing, and changes nothing", async () => {
    // The finding: a 4.9 GB folder pushed onto a Free account (5 GB) that already holds 2.2 GB.
    const { ada, bob, folder } = await sharedFolder("Whole slide archive", 4.9 * GiB)
    await insertFile(server, { id: randomUUID(), ownerId: bob.id, parentId: null, name: "own.svs", size: Math.round(2.2 * GiB) })
    const made = (await offer(ada, folder.id, bob)).body.data
    const reply = await accept(bob, made.id)
    expect(reply.status).toBe(413)
    expect(reply.body).toMatchObject({ code: "quota_exceeded", message: "You need 2.1 GB more room to accept this folder." })
    expect(reply.body.missing).toBeCloseTo(2.1 * GiB, -3)
    expect([await roleOf(ada, folder.id), await roleOf(bob, folder.id)]).toEqual(["owner", "admin"])
    expect([await used(ada), await used(bob)]).toEqual([Math.round(4.9 * GiB), Math.round(2.2 * GiB)])
    // The offer still stands: the receiver may make room and accept later.
    expect((await pending(bob, folder.id)).body.data.id).toBe(made.id)
  })

  it("can be declined by the receiver or withdrawn by the sender; either way nothing moves", async () => {
    const { ada, bob, folder } = await sharedFolder("Declined", 10)
    const first = (await offer(ada, folder.id, bob)).body.data
    expect((await decline(bob, first.id)).status).toBe(200)
    expect((await pending(ada, folder.id)).body.data).toBeNull()
    expect(await offerNotes(bob)).toEqual([])
    const second = (await offer(ada, folder.id, bob)).body.data
    expect((await withdraw(ada, second.id)).status).toBe(200)
    expect((await accept(bob, second.id)).status).toBe(404)
    expect([await roleOf(ada, folder.id), await roleOf(bob, folder.id)]).toEqual(["owner", "admin"])
    const closed = await server.withDb((db) =>
      db
        .selectFrom("events")
        .select("payload")
        .where("lab_id", "=", folder.id)
        .where("kind", "=", "ownership.offer_closed")
        .orderBy("seq")
        .execute()
    )
    expect(closed.map((e) => JSON.parse(e.payload))).toMatchObject([
      { outcome: "declined", recipients: [ada.id, bob.id] },
      { outcome: "withdrawn", recipients: [ada.id, bob.id] }
    ])
  })

  it("is answered by its receiver only, and withdrawn by its sender only", async () => {
    const { ada, bob, folder } = await sharedFolder("Only Bob", 10)
    const cy = await person(server, "Cy Member")
    const stranger = await person(server, "Stranger")
    await share(server, ada, folder.id, cy, "admin")
    const made = (await offer(ada, folder.id, bob)).body.data
    expect((await accept(ada, made.id)).status).toBe(403)
    expect((await accept(cy, made.id)).status).toBe(403)
    expect((await decline(cy, made.id)).status).toBe(403)
    expect((await withdraw(bob, made.id)).status).toBe(403)
    // Someone who cannot see the lab is not even told the offer exists.
    expect((await accept(stranger, made.id)).status).toBe(404)
    expect((await pending(stranger, folder.id)).status).toBe(404)
    expect((await pending(cy, folder.id)).body.data.id).toBe(made.id)
    expect(await roleOf(ada, folder.id)).toBe("owner")
  })

  it("is one a lab: a second offer is refused while the first stands, replacing nothing", async () => {
    const { ada, bob, folder } = await sharedFolder("One offer", 10)
    const cy = await person(server, "Cy")
    await share(server, ada, folder.id, cy, "reviewer")
    const first = (await offer(ada, folder.id, bob)).body.data
    const second = await offer(ada, folder.id, cy)
    expect(second.status).toBe(409)
    expect(second.body.message).toBe("An ownership offer for this lab is already waiting for an answer; withdraw it first.")
    expect((await pending(ada, folder.id)).body.data.id).toBe(first.id)
  })

  it("lapses when the receiver loses the lab or the lab goes to the trash", async () => {
    const { ada, bob, folder } = await sharedFolder("Lapsing", 10)
    const made = (await offer(ada, folder.id, bob)).body.data
    const membership = (await c.get(`/v2/members/?lab_id=${folder.id}`, auth(ada))).body.data.results.find(
      (m: { user_id: string }) => m.user_id === bob.id
    )
    expect((await c.del(`/v2/members/${membership.id}/`, undefined, auth(ada))).status).toBe(200)
    expect((await accept(bob, made.id)).status).toBe(404)
    expect((await pending(ada, folder.id)).body.data).toBeNull()
    await share(server, ada, folder.id, bob, "admin")
    const again = (await offer(ada, folder.id, bob)).body.data
    expect((await c.del(`/v2/labs/${folder.id}/`, undefined, auth(ada))).status).toBe(200)
    expect((await accept(bob, again.id)).status).toBe(404)
    expect(names(await c.get("/v2/labs/", auth(bob)))).toEqual([])
  })

  it("is won by one of two accepts racing, and by one of an accept racing a withdrawal", async () => {
    const { ada, bob, folder } = await sharedFolder("Raced", 700)
    const made = (await offer(ada, folder.id, bob)).body.data
    const both = await Promise.all([accept(bob, made.id), accept(bob, made.id)])
    expect(both.map((r) => r.status).sort()).toEqual([200, 404])
    expect([await used(ada), await used(bob)]).toEqual([0, 700])
    const count = await server.withDb((db) =>
      db.selectFrom("lab_members").select("id").where("lab_id", "=", folder.id).where("user_id", "=", ada.id).execute()
    )
    expect(count).toHaveLength(1)

    const next = await sharedFolder("Raced again", 300)
    const offered = (await offer(next.ada, next.folder.id, next.bob)).body.data
    const [accepted, withdrawn] = await Promise.all([accept(next.bob, offered.id), withdraw(next.ada, offered.id)])
    expect([accepted.status, withdrawn.status].sort()).toEqual([200, 404])
    const owner = accepted.status === 200 ? next.bob : next.ada
    expect(await roleOf(owner, next.folder.id)).toBe("owner")
    expect((await used(next.ada)) + (await used(next.bob))).toBe(300)
  })
})

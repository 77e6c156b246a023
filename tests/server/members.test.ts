// Members over HTTP: the collaborator list, invitations (existing accounts at once, unknown emails
// by mail until they sign up and activate), the no-downgrade rule, role changes, removal and
// leaving, ownership transfer, user suggestions, and how a membership reaches inside a folder.
import { randomUUID } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { api, PASSWORD, type SignedIn, signIn, uniqueEmail } from "../support/api.ts"
import { type StartedServer, startServer } from "../support/start-server.ts"
import { client, createFolder, insertFile, names, person, share } from "./support/labs-api.ts"

let server: StartedServer
let c: ReturnType<typeof client>
beforeAll(async () => {
  server = await startServer()
  c = client(server)
})
afterAll(() => server.stop())

const auth = (session: SignedIn) => ({ token: session.access })
const members = (session: SignedIn, labId: string, query = "") => c.get(`/v2/members/?lab_id=${labId}${query}`, auth(session))
const invite = (session: SignedIn, body: Record<string, unknown>) => c.post("/v2/members/invites/", body, auth(session))
const notificationsOf = async (session: SignedIn) => (await c.get("/v2/notifications/", auth(session))).body.data.data

describe("the members list", () => {
  it("lists the owner first, then members by name, 5 a page, with pending and inherited rows flagged", async () => {
    const ada = await person(server, "Ada Owner")
    const outer = await createFolder(server, ada, "Outer")
    const inner = await createFolder(server, ada, "Inner", outer.id)
    const zed = await person(server, "Zed")
    const bea = await person(server, "Bea")
    const cal = await person(server, "Cal")
    await share(server, ada, outer.id, zed, "admin")
    await share(server, ada, inner.id, bea, "reviewer")
    await share(server, ada, inner.id, cal, "admin")
    const pendingEmail = uniqueEmail("pending")
    await invite(ada, { lab_id: inner.id, email: pendingEmail })
    const dan = await person(server, "Dan")
    await share(server, ada, inner.id, dan, "reviewer")

    const first = await members(ada, inner.id)
    expect(first.status).toBe(200)
    expect(first.body.data.meta).toEqual({ count: 6, current_page: 1, next_page: 2 })
    const rows = first.body.data.results
    expect(rows.map((m: { name: string }) => m.name)).toEqual(["Ada Owner", "Bea", "Cal", "Dan", pendingEmail])
    expect(rows[0]).toEqual({
      id: "owner",
      user_id: ada.id,
      email: ada.email,
      name: "Ada Owner",
      username: null,
      avatar: null,
      role_member: "owner",
      is_pending: false,
      lab_id: inner.id,
      is_inherited: false
    })
    expect(rows[1]).toMatchObject({ user_id: bea.id, email: bea.email, role_member: "reviewer", is_pending: false, is_inherited: false })
    expect(rows[4]).toMatchObject({ user_id: null, email: pendingEmail, is_pending: true, role_member: "reviewer" })
    const second = await members(ada, inner.id, "&page=2")
    expect(second.body.data.results).toEqual([
      expect.objectContaining({ user_id: zed.id, role_member: "admin", is_inherited: true, lab_id: outer.id })
    ])
    expect(second.body.data.meta).toEqual({ count: 6, current_page: 2, next_page: null })
    const searched = await members(ada, inner.id, "&search=ca")
    expect(searched.body.data.results.map((m: { name: string }) => m.name)).toEqual(["Cal"])
    expect(searched.body.data.meta.count).toBe(1)
    // Members of the outer folder only see who is there.
    expect((await members(zed, outer.id)).body.data.meta.count).toBe(2)
    expect((await c.get("/v2/members/", auth(ada))).status).toBe(400)
  })
})

describe("inviting", () => {
  it("makes an existing user a reviewer at once (by default), notifies them and answers the invitation", async () => {
    const ada = await person(server, "Ada")
    const bob = await person(server, "Bob")
    const folder = await createFolder(server, ada, "Shared")
    const reply = await invite(ada, { lab_id: folder.id, email: [bob.email.toUpperCase()] })
    expect(reply.status).toBe(200)
    expect(reply.body.message).toBe("Invitations sent.")
    expect(reply.body.data.members).toEqual([
      { id: expect.any(String), email: bob.email, role_member: "reviewer", lab_id: folder.id, is_inherited: false }
    ])
    // The members list shows who is in.
    expect((await members(ada, folder.id)).body.data.results[1]).toMatchObject({ user_id: bob.id, is_pending: false, name: "Bob" })
    expect(names(await c.get("/v2/labs/shareds/", auth(bob)))).toEqual(["Shared"])
    const notes = await notificationsOf(bob)
    expect(notes.unread_count).toBe(1)
    expect(notes.results[0]).toMatchObject({
      type: "invite",
      is_read: false,
      lab: { id: folder.id, name: "Shared", is_dir: true },
      sender: { name: "Ada", email: ada.email, username: null }
    })
    const event = await server.withDb((db) =>
      db
        .selectFrom("events")
        .select(["kind", "payload", "lab_id", "actor_id"])
        .where("lab_id", "=", folder.id)
        .where("kind", "=", "member.invited")
        .executeTakeFirstOrThrow()
    )
    expect(event.actor_id).toBe(ada.id)
    expect(JSON.parse(event.payload)).toMatchObject({
      email: bob.email,
      role: "reviewer",
      pending: false,
      recipients: [bob.id],
      notification_id: notes.results[0].id,
      member_id: reply.body.data.members[0].id
    })
  })

  it("answers the same whoever the address belongs to: an active account, one not activated, or none", async () => {
    const ada = await person(server, "Ada")
    const bob = await person(server, "Bob")
    const folder = await createFolder(server, ada, "Who is there")
    const inactive = uniqueEmail("inactive")
    await api(server).post("/v2/auth/register/", {
      name: "Ina",
      email: inactive,
      password: PASSWORD,
      password_confirm: PASSWORD,
      eula: true
    })
    const replies = []
    for (const email of [bob.email, inactive, uniqueEmail("nobody")]) replies.push(await invite(ada, { lab_id: folder.id, email }))
    // Everything but the membership's own id and the address the inviter typed is the same.
    const seen = replies.map((r) => ({
      status: r.status,
      body: { ...r.body, data: { members: r.body.data.members.map((m: object) => ({ ...m, id: "id", email: "email" })) } }
    }))
    expect(seen[0]).toEqual(seen[2])
    expect(seen[1]).toEqual(seen[2])
    expect(replies[0]!.body.data.members[0]).toEqual({
      id: expect.any(String),
      email: bob.email,
      role_member: "reviewer",
      lab_id: folder.id,
      is_inherited: false
    })
  })

  it("mails someone with an account too, in their language, with the link to the lab", async () => {
    const ada = await person(server, "Ada Lovelace")
    const bob = await person(server, "Bob")
    // Bob last signed in from the Indonesian pages: his mails speak Indonesian, whatever Ada's page does.
    await api(server).post("/v2/auth/login/", { email: bob.email, password: PASSWORD }, { headers: { cookie: "lang=id" } })
    const folder = await createFolder(server, ada, "Histology")
    const activation = await server.latestMail(bob.email)
    expect((await invite(ada, { lab_id: folder.id, email: bob.email, locale: "en" })).status).toBe(200)
    const mail = await server.latestMail(bob.email, { after: activation.file })
    expect(mail.subject).toBe("Anda diundang ke sebuah lab di Preparat")
    expect(mail.text).toContain('"Histology"')
    expect(mail.links).toContain(`${server.url}/id/dashboard/labs/${folder.id}`)
    // The bell as well.
    expect((await notificationsOf(bob)).unread_count).toBe(1)
    // A slide's invitation opens the viewer; an English reader gets the English mail.
    const cid = await person(server, "Cid")
    const slide = randomUUID()
    await insertFile(server, { id: slide, ownerId: ada.id, parentId: null, name: "Biopsy.png", size: 10 })
    const cidActivation = await server.latestMail(cid.email)
    await invite(ada, { lab_id: slide, email: cid.email, locale: "id" })
    const english = await server.latestMail(cid.email, { after: cidActivation.file })
    expect(english.subject).toBe("You have been invited to a lab on Preparat")
    expect(english.links).toContain(`${server.url}/dashboard/labs/${slide}/annotations`)
  })

  it("mails an unknown email, which becomes a member once it signs up and activates", async () => {
    const ada = await person(server, "Ada Lovelace")
    const folder = await createFolder(server, ada, "Histology")
    const email = uniqueEmail("newcomer")
    const reply = await invite(ada, { lab_id: folder.id, email, role_member: "admin", locale: "id" })
    expect(reply.status).toBe(200)
    expect(reply.body.data.members).toEqual([expect.objectContaining({ email, role_member: "admin" })])
    expect((await members(ada, folder.id)).body.data.results[1]).toMatchObject({ email, user_id: null, is_pending: true })
    const mail = await server.latestMail(email)
    expect(mail.subject).toBe("Anda diundang ke sebuah lab di Preparat")
    expect(mail.text).toContain('"Histology"')
    expect(mail.links.some((l) => l.includes("/id/register?email="))).toBe(true)

    // Signing up as the SPA's register page does; the activation mail follows the invitation.
    await api(server).post("/v2/auth/register/", { name: "Newcomer", email, password: PASSWORD, password_confirm: PASSWORD, eula: true })
    const activation = await server.latestMail(email, { after: mail.file })
    const link = activation.links.find((l) => l.includes("/v2/auth/activate/"))!
    expect((await fetch(link, { redirect: "manual" })).headers.get("location")).toMatch(/\/verify$/)
    const newcomer = await signIn(server, {
      id: decodeURIComponent(new URL(link).pathname.split("/")[4]!),
      email,
      password: PASSWORD,
      name: "Newcomer"
    })
    expect(names(await c.get("/v2/labs/shareds/", auth(newcomer)))).toEqual(["Histology"])
    expect((await c.get(`/v2/labs/${folder.id}/`, auth(newcomer))).body.data.role).toBe("admin")
    const notes = await notificationsOf(newcomer)
    expect(notes.results).toEqual([
      expect.objectContaining({
        type: "invite",
        lab: expect.objectContaining({ id: folder.id }),
        sender: expect.objectContaining({ email: ada.email })
      })
    ])
    const row = (await members(ada, folder.id)).body.data.results[1]
    expect(row).toMatchObject({ user_id: newcomer.id, is_pending: false, name: "Newcomer" })
  })

  it("mails in English by default, and tells an account not yet activated to activate it", async () => {
    const ada = await person(server, "Ada")
    const folder = await createFolder(server, ada, "Pending")
    const email = uniqueEmail("inactive")
    await api(server).post("/v2/auth/register/", { name: "Ina", email, password: PASSWORD, password_confirm: PASSWORD, eula: true })
    const activation = await server.latestMail(email)
    await invite(ada, { lab_id: folder.id, email })
    const mail = await server.latestMail(email, { after: activation.file })
    expect(mail.subject).toBe("You have been invited to a lab on Preparat")
    expect(mail.text).toContain("Activate your account")
    expect(mail.links.some((l) => l.includes("/unverified?email="))).toBe(true)
  })

  it("refuses no emails, a bad email, or the owner's own, and changes nothing", async () => {
    const ada = await person(server, "Ada")
    const bob = await person(server, "Bob")
    const folder = await createFolder(server, ada, "F")
    const cases: Array<[Record<string, unknown>, Record<string, unknown>]> = [
      [{ lab_id: folder.id, email: [] }, { email: ["Enter at least 1 user."] }],
      [{ lab_id: folder.id, email: ["  "] }, { email: ["Enter at least 1 user."] }],
      [{ lab_id: folder.id, email: [bob.email, "not-an-email"] }, { email: ["not-an-email: Enter a valid email address."] }],
      [{ lab_id: folder.id, email: [bob.email, ada.email] }, { email: [`${ada.email} owns this lab.`] }],
      [{ lab_id: folder.id, email: [bob.email], role_member: "owner" }, { role_member: expect.any(Array) }],
      [{ email: [bob.email] }, { lab_id: ["This field is required."] }]
    ]
    for (const [body, expected] of cases) {
      const reply = await invite(ada, body)
      expect(reply.status, JSON.stringify(body)).toBe(400)
      expect(reply.body).toMatchObject(expected)
    }
    expect((await members(ada, folder.id)).body.data.meta.count).toBe(1)
    expect((await notificationsOf(bob)).results).toEqual([])
  })

  it("never lowers a role: a reviewer invited as admin is raised, an admin invited as reviewer stays admin", async () => {
    const ada = await person(server, "Ada")
    const bob = await person(server, "Bob")
    const cy = await person(server, "Cy")
    const outer = await createFolder(server, ada, "Outer")
    const inner = await createFolder(server, ada, "Inner", outer.id)
    await share(server, ada, outer.id, bob, "reviewer")
    await share(server, ada, outer.id, cy, "admin")
    const raised = await invite(ada, { lab_id: outer.id, email: [bob.email], role_member: "admin" })
    expect(raised.body.data.members[0]).toMatchObject({ email: bob.email, role_member: "admin" })
    const kept = await invite(ada, { lab_id: inner.id, email: [cy.email], role_member: "reviewer" })
    expect(kept.body.data.members[0]).toMatchObject({ email: cy.email, role_member: "admin", is_inherited: true, lab_id: outer.id })
    expect((await c.get(`/v2/labs/${inner.id}/`, auth(cy))).body.data.role).toBe("admin")
    // One invitation notification each, none for the raise.
    expect((await notificationsOf(bob)).results).toHaveLength(1)
  })
})

describe("changing roles and removing", () => {
  it("changes a member's role; the owner's row is fixed; a reviewer may not", async () => {
    const ada = await person(server, "Ada")
    const bob = await person(server, "Bob")
    const cy = await person(server, "Cy")
    const folder = await createFolder(server, ada, "F")
    const bobId = await share(server, ada, folder.id, bob, "reviewer")
    const cyId = await share(server, ada, folder.id, cy, "reviewer")
    const changed = await c.put(`/v2/members/${bobId}/`, { role_member: "admin" }, auth(ada))
    expect(changed.status).toBe(200)
    expect(changed.body.data).toMatchObject({ id: bobId, user_id: bob.id, role_member: "admin" })
    expect((await c.get(`/v2/labs/${folder.id}/`, auth(bob))).body.data.role).toBe("admin")
    // An admin may change others too.
    expect((await c.put(`/v2/members/${cyId}/`, { role_member: "admin" }, auth(bob))).status).toBe(200)
    const owner = await c.put("/v2/members/owner/", { role_member: "reviewer" }, auth(ada))
    expect(owner.status).toBe(400)
    expect(owner.body.message).toBe("The owner's role cannot be changed; transfer the ownership instead.")
    expect((await c.put(`/v2/members/${bobId}/`, { role_member: "owner" }, auth(ada))).status).toBe(400)
    await c.put(`/v2/members/${cyId}/`, { role_member: "reviewer" }, auth(ada))
    const byReviewer = await c.put(`/v2/members/${bobId}/`, { role_member: "reviewer" }, auth(cy))
    expect(byReviewer.status).toBe(403)
    expect((await c.put("/v2/members/nobody/", { role_member: "reviewer" }, auth(ada))).status).toBe(404)
    const event = await server.withDb((db) =>
      db
        .selectFrom("events")
        .select("payload")
        .where("lab_id", "=", folder.id)
        .where("kind", "=", "member.role_changed")
        .orderBy("seq")
        .executeTakeFirstOrThrow()
    )
    expect(JSON.parse(event.payload)).toMatchObject({ member_id: bobId, from: "reviewer", to: "admin", recipients: [bob.id] })
  })

  it("removes a member, lets a member leave, and never removes the owner", async () => {
    const ada = await person(server, "Ada")
    const bob = await person(server, "Bob")
    const cy = await person(server, "Cy")
    const folder = await createFolder(server, ada, "F")
    const bobId = await share(server, ada, folder.id, bob, "reviewer")
    const cyId = await share(server, ada, folder.id, cy, "reviewer")
    expect((await c.del(`/v2/members/${cyId}/`, undefined, auth(bob))).status).toBe(403)
    const left = await c.del(`/v2/members/${bobId}/`, undefined, auth(bob))
    expect(left.status).toBe(200)
    expect(left.body.message).toBe("You left the lab.")
    expect((await c.get(`/v2/labs/${folder.id}/`, auth(bob))).status).toBe(404)
    const removed = await c.del(`/v2/members/${cyId}/`, undefined, auth(ada))
    expect(removed.body.message).toBe("Member removed.")
    expect(names(await c.get("/v2/labs/shareds/", auth(cy)))).toEqual([])
    const owner = await c.del("/v2/members/owner/", undefined, auth(ada))
    expect(owner.status).toBe(400)
    expect(owner.body.message).toBe("The owner cannot be removed from the lab.")
    expect((await c.del(`/v2/members/${cyId}/`, undefined, auth(ada))).status).toBe(404)
    const event = await server.withDb((db) =>
      db
        .selectFrom("events")
        .select("payload")
        .where("lab_id", "=", folder.id)
        .where("kind", "=", "member.removed")
        .orderBy("seq")
        .execute()
    )
    expect(event.map((e) => JSON.parse(e.payload))).toEqual([
      expect.objectContaining({ member_id: bobId, left: true, recipients: [bob.id] }),
      expect.objectContaining({ member_id: cyId, left: false, recipients: [cy.id] })
    ])
  })
})

describe("transferring ownership", () => {
  /** Offers the lab and has the receiver accept: what a transfer is (the offer itself is ownership-offers.test.ts). */
  const transfer = async (from: SignedIn, to: SignedIn, labId: string) => {
    const offer = await c.post("/v2/members/transfer/", { lab_id: labId, user_id: to.id }, auth(from))
    expect(offer.status, JSON.stringify(offer.body)).toBe(200)
    return c.post(`/v2/members/transfer/${offer.body.data.id}/accept/`, {}, auth(to))
  }

  it("hands the lab and everything inside to a member; the former owner becomes admin and finds it under Shared", async () => {
    const ada = await person(server, "Ada")
    const bob = await person(server, "Bob")
    const folder = await createFolder(server, ada, "Study")
    const inner = await createFolder(server, ada, "Inner", folder.id)
    await share(server, ada, folder.id, bob, "reviewer")
    const reply = await transfer(ada, bob, folder.id)
    expect(reply.status).toBe(200)
    expect(reply.body.data).toMatchObject({ id: folder.id, role: "owner", user: { id: bob.id } })
    expect(names(await c.get("/v2/labs/", auth(bob)))).toEqual(["Study"])
    expect((await c.get(`/v2/labs/${inner.id}/`, auth(bob))).body.data).toMatchObject({ role: "owner", user: { id: bob.id } })
    expect(names(await c.get("/v2/labs/", auth(ada)))).toEqual([])
    expect(names(await c.get("/v2/labs/shareds/", auth(ada)))).toEqual(["Study"])
    const list = (await members(bob, folder.id)).body.data.results
    expect(list.map((m: { user_id: string; role_member: string }) => [m.user_id, m.role_member])).toEqual([
      [bob.id, "owner"],
      [ada.id, "admin"]
    ])
    const notes = await notificationsOf(bob)
    expect(notes.results[0]).toMatchObject({ type: "ownership-changes", lab: { id: folder.id }, sender: { email: ada.email } })
    const event = await server.withDb((db) =>
      db
        .selectFrom("events")
        .select(["payload", "actor_id"])
        .where("lab_id", "=", folder.id)
        .where("kind", "=", "lab.ownership_transferred")
        .executeTakeFirstOrThrow()
    )
    expect(event.actor_id).toBe(bob.id)
    expect(JSON.parse(event.payload)).toMatchObject({
      from: ada.id,
      to: bob.id,
      recipients: [bob.id, ada.id],
      notification_id: notes.results[0].id
    })
    // The former owner, now admin, can no longer transfer.
    expect((await c.post("/v2/members/transfer/", { lab_id: folder.id, user_id: ada.id }, auth(ada))).status).toBe(403)
  })

  it("takes a lab out of the former owner's folder into the new owner's root, renaming on a clash", async () => {
    const ada = await person(server, "Ada")
    const bob = await person(server, "Bob")
    const outer = await createFolder(server, ada, "Outer")
    const nested = await createFolder(server, ada, "Notes", outer.id)
    await createFolder(server, bob, "Notes")
    await share(server, ada, nested.id, bob, "admin")
    const reply = await transfer(ada, bob, nested.id)
    expect(reply.status).toBe(200)
    expect(reply.body.data).toMatchObject({ parent: null, name: "Notes (transferred)" })
    expect(names(await c.get(`/v2/labs/?parent=${outer.id}`, auth(ada)))).toEqual([])
    expect(names(await c.get("/v2/labs/", auth(bob))).sort()).toEqual(["Notes", "Notes (transferred)"])
  })

  it("refuses someone who is not a member, or the owner, and changes nothing", async () => {
    const ada = await person(server, "Ada")
    const bob = await person(server, "Bob")
    const folder = await createFolder(server, ada, "F")
    const notMember = await c.post("/v2/members/transfer/", { lab_id: folder.id, user_id: bob.id }, auth(ada))
    expect(notMember.status).toBe(400)
    expect(notMember.body.user_id).toEqual(["This user is not a member of this lab."])
    expect((await c.post("/v2/members/transfer/", { lab_id: folder.id, user_id: ada.id }, auth(ada))).body.user_id).toEqual([
      "This user already owns this lab."
    ])
    expect((await c.get(`/v2/labs/${folder.id}/`, auth(ada))).body.data.role).toBe("owner")
  })
})

describe("user suggestions", () => {
  it("suggests active people the caller shares a lab with, by name, email or username, at most 10, leaving out members, the owner and the caller", async () => {
    const tag = `zq${Date.now().toString(36)}`
    const ada = await person(server, `Ada ${tag}`)
    const folder = await createFolder(server, ada, "F")
    const team = await createFolder(server, ada, "Team")
    const found = []
    for (let i = 0; i < 12; i++) found.push(await person(server, `${tag} user ${String(i).padStart(2, "0")}`))
    for (const someone of found.slice(1)) await share(server, ada, team.id, someone, "reviewer")
    await share(server, ada, folder.id, found[0]!, "reviewer")
    await api(server).post("/v2/auth/register/", {
      name: `${tag} inactive`,
      email: uniqueEmail(),
      password: PASSWORD,
      password_confirm: PASSWORD,
      eula: true
    })
    const reply = await c.get(`/v2/auth/users/?lab_id=${folder.id}&search=${tag.toUpperCase()}`, auth(ada))
    expect(reply.status).toBe(200)
    const results = reply.body.data.data.results
    expect(results).toHaveLength(10)
    expect(results.map((u: { name: string }) => u.name)).toEqual(found.slice(1, 11).map((u) => u.name))
    expect(results[0]).toEqual({
      id: found[1]!.id,
      email: found[1]!.email,
      name: found[1]!.name,
      username: null,
      avatar: null,
      profile: { name: found[1]!.name, avatar: null }
    })
    const byEmail = await c.get(`/v2/auth/users/?lab_id=${folder.id}&search=${found[5]!.email}`, auth(ada))
    expect(byEmail.body.data.data.results.map((u: { id: string }) => u.id)).toEqual([found[5]!.id])
    const short = await c.get(`/v2/auth/users/?lab_id=${folder.id}&search=a`, auth(ada))
    expect(short.status).toBe(400)
    expect(short.body.search).toEqual(["Enter at least 2 characters."])
  })

  it("does not let anyone harvest the directory: strangers only by their exact address", async () => {
    const tag = `zh${Date.now().toString(36)}`
    const eve = await person(server, "Eve")
    const folder = await createFolder(server, eve, "Mine")
    const stranger = await person(server, `${tag} stranger`)
    const suggest = (search: string) => c.get(`/v2/auth/users/?lab_id=${folder.id}&search=${encodeURIComponent(search)}`, auth(eve))
    for (const partial of [tag, stranger.email.slice(0, -3), "example.com"]) {
      const reply = await suggest(partial)
      expect(reply.status).toBe(200)
      expect(reply.body.data.data.results.map((u: { id: string }) => u.id)).not.toContain(stranger.id)
    }
    expect((await suggest(stranger.email.toUpperCase())).body.data.data.results.map((u: { id: string }) => u.id)).toEqual([stranger.id])
    // Someone Eve shares another person's lab with is suggested: a co-member of a lab she was invited to.
    const owner = await person(server, `${tag} owner`)
    const colleague = await person(server, `${tag} colleague`)
    const theirs = await createFolder(server, owner, "Theirs")
    await share(server, owner, theirs.id, eve, "reviewer")
    await share(server, owner, theirs.id, colleague, "reviewer")
    const names = (await suggest(tag)).body.data.data.results.map((u: { name: string }) => u.name)
    expect(names).toEqual([`${tag} colleague`, `${tag} owner`])
  })
})

describe("a membership reaches inside its folder", () => {
  it("lets a reviewer of a folder view what is inside but not create, rename, move, delete or invite there", async () => {
    const ada = await person(server, "Ada")
    const rita = await person(server, "Rita")
    const folder = await createFolder(server, ada, "Outer")
    const inner = await createFolder(server, ada, "Inner", folder.id)
    const deeper = await createFolder(server, ada, "Deeper", inner.id)
    await share(server, ada, folder.id, rita, "reviewer")
    expect((await c.get(`/v2/labs/${deeper.id}/`, auth(rita))).body.data.role).toBe("reviewer")
    expect(names(await c.get(`/v2/labs/?parent=${inner.id}`, auth(rita)))).toEqual(["Deeper"])
    expect((await c.post("/v2/labs/", { name: "X", parent: inner.id }, auth(rita))).status).toBe(403)
    expect((await c.put(`/v2/labs/${deeper.id}/`, { name: "Y" }, auth(rita))).status).toBe(403)
    expect((await c.put(`/v2/labs/${deeper.id}/`, { parent: folder.id }, auth(rita))).status).toBe(403)
    expect((await c.del(`/v2/labs/${deeper.id}/`, undefined, auth(rita))).status).toBe(403)
    expect((await invite(rita, { lab_id: deeper.id, email: [uniqueEmail()] })).status).toBe(403)
    expect((await c.get(`/v2/labs/${deeper.id}/`, auth(ada))).body.data.name).toBe("Deeper")
  })
})

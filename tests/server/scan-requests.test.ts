// Scan requests over HTTP: the catalogue anyone reads, a visitor's request (contact required, the
// fields bounded and checked, the mails to staff and to the visitor, the rate limit), a signed-in
// user's request and their list, and staff moving a request along its states, one step at a time.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { api, createSignedIn, type SignedIn, uniqueEmail } from "../support/api.ts"
import { type OutboxMail, type StartedServer, startServer } from "../support/start-server.ts"

let server: StartedServer
let c: ReturnType<typeof api>
let staff: SignedIn

const makeStaff = (s: StartedServer, id: string) =>
  s.withDb((db) => db.updateTable("users").set({ is_staff: 1 }).where("id", "=", id).execute())

beforeAll(async () => {
  server = await startServer()
  c = api(server)
  staff = await createSignedIn(server, { name: "Sari Staff" })
  await makeStaff(server, staff.id)
})
afterAll(() => server.stop())

const request = (extra: Record<string, unknown> = {}) => ({
  preparations: 3,
  diagnosis: "Invasive ductal carcinoma, grade 2",
  section: "ffpe",
  stain: "he",
  magnification: "40x",
  notes: "Slides 2 and 3 are fragile.",
  return_slides: true,
  return_address: "Jl. Salemba Raya 6, Jakarta 10430",
  ...extra
})
const visitor = (email: string, extra: Record<string, unknown> = {}) =>
  request({ contact_name: "Dewi Lestari", contact_email: email, contact_phone: "+62 812 3456 7890", ...extra })
const auth = (who: SignedIn) => ({ token: who.access })

/** What `action` answered, and the next mail to `to` after what it already had: mails go out in the background. */
const withMailTo = async <A>(to: string, action: () => Promise<A>): Promise<readonly [A, OutboxMail]> => {
  const before = (await server.mails()).find((m) => m.to.toLowerCase().includes(to.toLowerCase()))?.file
  const answer = await action()
  return [answer, await server.latestMail(to, before === undefined ? {} : { after: before })]
}

describe("the catalogue", () => {
  it("lists sections, stains and tags to anyone, named in the language asked for or the page's", async () => {
    const sections = await c.get("/v2/slides/list-section/")
    expect(sections.status).toBe(200)
    expect(sections.body.data).toContainEqual({ id: "ffpe", name: "Paraffin (FFPE)" })
    const stains = (await c.get("/v2/slides/list-stain/")).body.data
    expect(stains.map((s: { id: string }) => s.id)).toEqual(expect.arrayContaining(["he", "ihc", "pas"]))
    expect(stains).toContainEqual({ id: "he", name: "Hematoxylin and eosin (H&E)" })
    expect((await c.get("/v2/slides/list-stain/?locale=id")).body.data).toContainEqual({ id: "he", name: "Hematoksilin-eosin (HE)" })
    const byCookie = await c.get("/v2/slides/list-tags/", { headers: { cookie: "lang=id" } })
    expect(byCookie.body.data).toContainEqual({ id: "liver", name: "Hati" })
    expect((await c.get("/v2/slides/list-tags/", auth(staff))).body.data).toContainEqual({ id: "liver", name: "Liver" })
    expect((await c.get("/v2/slides/list-section/?locale=fr")).status).toBe(400)
  })
})

describe("a visitor's request", () => {
  it("is kept in state received, mails staff everything and the visitor a confirmation in their language", async () => {
    const email = uniqueEmail("dewi")
    const reply = await c.post("/v2/slides/request-scan/", visitor(email, { locale: "id" }))
    expect(reply.status, JSON.stringify(reply.body)).toBe(201)
    expect(reply.body.message).toBe("Scan request sent.")
    const sent = reply.body.data
    expect(sent).toMatchObject({
      state: "received",
      preparations: 3,
      section: { id: "ffpe", name: "Parafin (FFPE)" },
      stain: { id: "he" },
      magnification: "40x",
      return_slides: true,
      return_address: "Jl. Salemba Raya 6, Jakarta 10430",
      contact: { name: "Dewi Lestari", email, phone: "+62 812 3456 7890" },
      user_id: null,
      folder_name: null,
      timeline: { received: sent.created_at, scanning: null, uploaded: null, returned: null }
    })
    expect(sent.reference).toMatch(/^SR-[0-9A-F]{8}$/)

    const toStaff = await server.latestMail(server.config.staffEmail)
    expect(toStaff.subject).toBe(`New scan request ${sent.reference}`)
    for (const text of [
      "Invasive ductal carcinoma, grade 2",
      "Paraffin (FFPE)",
      "Jl. Salemba Raya 6",
      email,
      "none (sent without signing in)"
    ])
      expect(toStaff.text).toContain(text)
    expect(toStaff.links.some((l) => l.endsWith("/dashboard/staff/scan-requests"))).toBe(true)

    const confirmation = await server.latestMail(email)
    expect(confirmation.subject).toBe(`Permintaan pemindaian ${sent.reference} telah kami terima`)
    expect(confirmation.text).toContain("Hematoksilin-eosin (HE)")
    // A visitor has no list to follow it in.
    expect(confirmation.links.filter((l) => l.includes("/dashboard/"))).toEqual([])
  })

  it("mails an address nobody confirmed nothing the visitor typed, in either language; staff get it all", async () => {
    // Someone using the form to send their words to a stranger's inbox.
    const typed = {
      contact_name: "Win a prize at https://spam.example/claim",
      contact_phone: "+62 800 7726 5555",
      diagnosis: "Your account is locked: log in at https://phish.example",
      notes: "Call +62 800 555 now to claim your reward",
      return_address: "Send your password to spam.example"
    }
    for (const locale of ["en", "id"] as const) {
      const stranger = uniqueEmail(`stranger-${locale}`)
      const [reply, mail] = await withMailTo(stranger, () => c.post("/v2/slides/request-scan/", visitor(stranger, { ...typed, locale })))
      expect(reply.status, JSON.stringify(reply.body)).toBe(201)
      const { reference } = reply.body.data
      for (const part of [mail.text, mail.html]) {
        for (const value of [...Object.values(typed), "spam.example", "phish.example"]) expect(part).not.toContain(value)
        // The reference and what was chosen from our own lists are there.
        expect(part).toContain(reference)
        expect(part).toContain(locale === "id" ? "Hematoksilin-eosin (HE)" : "Hematoxylin and eosin")
      }
      expect(mail.links).toEqual([])
      expect(mail.text).toContain(
        locale === "id"
          ? "Jika Anda tidak mengirim permintaan ini, abaikan email ini."
          : "If you did not send this request, you can ignore this mail."
      )
    }
    // Staff's mail has everything, as before.
    const toStaff = await server.latestMail(server.config.staffEmail)
    for (const value of Object.values(typed)) expect(toStaff.text).toContain(value)
  })

  it("needs a name and an email, and says so for each", async () => {
    const reply = await c.post("/v2/slides/request-scan/", request())
    expect(reply.status).toBe(400)
    expect(reply.body).toMatchObject({ contact_name: ["This field is required."], contact_email: ["This field is required."] })
    const blank = await c.post("/v2/slides/request-scan/", visitor("  ", { contact_name: " " }))
    expect(blank.status).toBe(400)
    expect(Object.keys(blank.body).sort()).toEqual(["_tag", "contact_email", "contact_name"].sort())
  })

  it("checks every field and names each that is wrong, before anything is kept or mailed", async () => {
    const email = uniqueEmail("bad")
    const before = (await server.mails()).length
    const reply = await c.post(
      "/v2/slides/request-scan/",
      visitor(email, {
        preparations: 0,
        diagnosis: "",
        magnification: "100x",
        contact_email: "not-an-email",
        contact_phone: "call me",
        notes: "x".repeat(2001)
      })
    )
    expect(reply.status).toBe(400)
    expect(reply.body).toMatchObject({
      preparations: ["Enter a number from 1 to 500."],
      diagnosis: ["This field is required."],
      magnification: ["Enter a valid value."],
      contact_email: ["Enter a valid email address."],
      contact_phone: ["Enter a phone number (digits, spaces and + ( ) - only)."],
      notes: ["This is too long."]
    })
    // The return address is checked with the whole request, once its fields are well formed.
    expect((await c.post("/v2/slides/request-scan/", visitor(email, { return_address: " " }))).body).toMatchObject({
      return_address: ["Enter the address the slides go back to."]
    })
    expect((await c.post("/v2/slides/request-scan/", visitor(email, { preparations: 2.5 }))).body.preparations).toEqual([
      "Enter a whole number."
    ])
    expect((await c.post("/v2/slides/request-scan/", visitor(email, { preparations: 501 }))).status).toBe(400)
    expect((await c.post("/v2/slides/request-scan/", visitor(email, { diagnosis: "a\u0000b" }))).body.diagnosis).toEqual([
      "Enter a valid value."
    ])
    const offered = await c.post("/v2/slides/request-scan/", visitor(email, { section: "plastic", stain: "rainbow" }))
    expect(offered.status).toBe(400)
    expect(offered.body).toMatchObject({ section: ["Choose one of the options."], stain: ["Choose one of the options."] })
    expect((await server.mails()).length).toBe(before)
    const kept = await server.withDb((db) => db.selectFrom("scan_requests").select("id").where("contact_email", "=", email).execute())
    expect(kept).toEqual([])
  })

  it("needs no return address when the slides stay with the lab, and drops one given", async () => {
    const reply = await c.post(
      "/v2/slides/request-scan/",
      visitor(uniqueEmail("keep"), { return_slides: false, return_address: "Somewhere" })
    )
    expect(reply.status).toBe(201)
    expect(reply.body.data).toMatchObject({ return_slides: false, return_address: null })
  })
})

describe("the rate limit on visitors", () => {
  it("refuses a network address, and an address mailed, past the allowance with 429", async () => {
    const limited = await startServer({ config: { rateLimit: { attempts: 2, windowSeconds: 600 } } })
    try {
      const l = api(limited)
      const first = uniqueEmail("spam")
      expect((await l.post("/v2/slides/request-scan/", visitor(first))).status).toBe(201)
      expect((await l.post("/v2/slides/request-scan/", visitor(first))).status).toBe(201)
      const third = await l.post("/v2/slides/request-scan/", visitor(first))
      expect(third.status).toBe(429)
      expect(third.body.message).toMatch(/Too many attempts/)
      // Another address from the same network address is refused too.
      expect((await l.post("/v2/slides/request-scan/", visitor(uniqueEmail("other")))).status).toBe(429)
      await expect.poll(async () => (await limited.mails()).filter((m) => m.to.includes(first)).length).toBe(2)
      // An account is counted on its own.
      const account = await createSignedIn(limited)
      expect((await l.post("/v2/slides/request-scan/", request(), auth(account))).status).toBe(201)
    } finally {
      await limited.stop()
    }
  })
})

describe("a signed-in user's requests", () => {
  it("takes the contact from the account, links the confirmation to the list, and lists only one's own, newest first", async () => {
    const ana = await createSignedIn(server, { name: "Ana Pathologist" })
    const bob = await createSignedIn(server, { name: "Bob" })
    const [first, mail] = await withMailTo(ana.email, () =>
      c.post("/v2/slides/request-scan/", request({ contact_name: "Someone Else", contact_email: "x@y.z" }), auth(ana))
    )
    expect(first.status).toBe(201)
    expect(first.body.data).toMatchObject({ user_id: ana.id, contact: { name: "Ana Pathologist", email: ana.email, phone: null } })
    expect(mail.subject).toBe(`We received your scan request ${first.body.data.reference}`)
    expect(mail.links).toContain(`${server.url}/dashboard/setting/scan-requests`)
    // Their own confirmed address: the whole request, as they typed it.
    expect(mail.text).toContain("Diagnosis: Invasive ductal carcinoma, grade 2")
    expect(mail.text).toContain("Notes: Slides 2 and 3 are fragile.")
    const second = await c.post("/v2/slides/request-scan/", request({ stain: "ihc", return_slides: false }), auth(ana))
    await c.post("/v2/slides/request-scan/", request(), auth(bob))

    const mine = await c.get("/v2/slides/request-scan/", auth(ana))
    expect(mine.status).toBe(200)
    expect(mine.body.data.meta).toEqual({ count: 2, current_page: 1, next_page: null })
    expect(mine.body.data.results.map((r: { id: string }) => r.id)).toEqual([second.body.data.id, first.body.data.id])
    expect(mine.body.data.results[0].stain).toEqual({ id: "ihc", name: "Immunohistochemistry (IHC)" })
    const paged = await c.get("/v2/slides/request-scan/?limit=1&page=2&locale=id", auth(ana))
    expect(paged.body.data.meta).toEqual({ count: 2, current_page: 2, next_page: null })
    expect(paged.body.data.results[0].stain.name).toBe("Hematoksilin-eosin (HE)")
    expect((await c.get("/v2/slides/request-scan/")).status).toBe(401)

    const events = await server.withDb((db) =>
      db
        .selectFrom("events")
        .select(["kind", "actor_id", "payload"])
        .where("kind", "=", "scan_request.submitted")
        .where("actor_id", "=", ana.id)
        .execute()
    )
    expect(events).toHaveLength(2)
    expect(JSON.parse(events[0]!.payload)).toMatchObject({ request_id: first.body.data.id, preparations: 3, return_slides: true })
    expect(events[0]!.payload).not.toContain(ana.email)
  })
})

describe("staff", () => {
  const advance = (id: string, body: unknown, who: SignedIn = staff) => c.put(`/v2/slides/request-scan/${id}/`, body, auth(who))

  it("list every request, a visitor's too, and only staff may", async () => {
    const email = uniqueEmail("listed")
    const sent = (await c.post("/v2/slides/request-scan/", visitor(email))).body.data
    const all = await c.get("/v2/slides/request-scan/all/?limit=100", auth(staff))
    expect(all.status).toBe(200)
    expect(all.body.data.results.map((r: { id: string }) => r.id)).toContain(sent.id)
    const received = await c.get("/v2/slides/request-scan/all/?state=received&limit=100", auth(staff))
    expect(received.body.data.results.every((r: { state: string }) => r.state === "received")).toBe(true)
    expect((await c.get("/v2/slides/request-scan/all/?state=lost", auth(staff))).status).toBe(400)
    const someone = await createSignedIn(server)
    const refused = await c.get("/v2/slides/request-scan/all/", auth(someone))
    expect(refused.status).toBe(403)
    expect(refused.body.message).toBe("Only staff can see every scan request and change one.")
    expect((await advance(sent.id, { state: "scanning" }, someone)).status).toBe(403)
    expect((await c.get(`/v2/slides/request-scan/all/`)).status).toBe(401)
  })

  it("move a request one step at a time, the folder named at upload, and the requester follows it", async () => {
    const ana = await createSignedIn(server, { name: "Ana" })
    const [submitted] = await withMailTo(ana.email, () => c.post("/v2/slides/request-scan/", request({ locale: "id" }), auth(ana)))
    const sent = submitted.body.data
    const skip = await advance(sent.id, { state: "uploaded", folder_name: "Scans" })
    expect(skip.status).toBe(409)
    expect(skip.body.message).toBe("The scan request is received; it can only move to scanning.")

    const [scanning, scanningMail] = await withMailTo(ana.email, () => advance(sent.id, { state: "scanning" }))
    expect(scanning.status).toBe(200)
    expect(scanning.body.data.state).toBe("scanning")
    expect(scanning.body.data.timeline.scanning).toEqual(expect.stringMatching(/^\d{4}-/))
    expect(scanningMail.subject).toBe(`Preparat Anda sedang dipindai (${sent.reference})`)

    const noFolder = await advance(sent.id, { state: "uploaded", folder_name: "  " })
    expect(noFolder.status).toBe(400)
    expect(noFolder.body.folder_name).toEqual(["Folder name is required."])
    const [uploaded, ready] = await withMailTo(ana.email, () => advance(sent.id, { state: "uploaded", folder_name: "Breast IDC May" }))
    expect(uploaded.body.data).toMatchObject({ state: "uploaded", folder_name: "Breast IDC May" })
    expect(ready.text).toContain('"Breast IDC May"')
    expect(ready.links).toContain(`${server.url}/id/dashboard/setting/scan-requests`)

    const returned = await advance(sent.id, { state: "returned" })
    expect(returned.body.data.state).toBe("returned")
    expect((await advance(sent.id, { state: "returned" })).status).toBe(409)

    const mine = (await c.get("/v2/slides/request-scan/", auth(ana))).body.data.results[0]
    expect(mine).toMatchObject({ id: sent.id, state: "returned", folder_name: "Breast IDC May" })
    expect(Object.values(mine.timeline).every((at) => typeof at === "string")).toBe(true)

    const changes = await server.withDb((db) =>
      db.selectFrom("events").select(["actor_id", "payload"]).where("kind", "=", "scan_request.state_changed").execute()
    )
    const ours = changes.map((e) => JSON.parse(e.payload)).filter((p) => p.request_id === sent.id)
    expect(ours.map((p) => `${p.from}->${p.to}`)).toEqual(["received->scanning", "scanning->uploaded", "uploaded->returned"])
    expect(ours[0]).toMatchObject({ requester_id: ana.id, folder_name: null })
  })

  it("end a request whose slides stay with the lab at uploaded, and answer 404 for one that does not exist", async () => {
    const sent = (await c.post("/v2/slides/request-scan/", visitor(uniqueEmail("stay"), { return_slides: false }))).body.data
    await advance(sent.id, { state: "scanning" })
    await advance(sent.id, { state: "uploaded", folder_name: "Visitor scans" })
    const refused = await advance(sent.id, { state: "returned" })
    expect(refused.status).toBe(409)
    expect(refused.body.message).toBe("The scan request is uploaded; nothing follows.")
    expect((await advance("no-such-request", { state: "scanning" })).status).toBe(404)
    expect((await advance(sent.id, { state: "lost" })).status).toBe(400)
  })
})

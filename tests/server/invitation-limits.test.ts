// Invitation mails cannot be turned into a flood or a phishing relay: a per-inviter allowance (429
// past it), a silent cap per recipient, one mail per lab and address in INVITE_RESEND_SECONDS, and the
// names an inviter chooses kept out of the subject and quoted in the body.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type SignedIn, uniqueEmail } from "../support/api.ts"
import { type StartedServer, startServer } from "../support/start-server.ts"
import { client, createFolder, person } from "./support/labs-api.ts"

const ATTEMPTS = 3
let server: StartedServer
let c: ReturnType<typeof client>
beforeAll(async () => {
  server = await startServer({ config: { rateLimit: { attempts: ATTEMPTS, windowSeconds: 600 } } })
  c = client(server)
})
afterAll(() => server.stop())

const invite = (session: SignedIn, body: Record<string, unknown>) => c.post("/v2/members/invites/", body, { token: session.access })

/** The mails to `email`, once the mail to `marker` (sent after them) has arrived. */
const mailsTo = async (email: string, marker: string) => {
  await server.latestMail(marker)
  return (await server.mails()).filter((m) => m.to.includes(email))
}

describe("invitation mail limits", () => {
  it("refuses an inviter past their allowance with a 429, and then invites nobody", async () => {
    const ada = await person(server, "Ada")
    const folder = await createFolder(server, ada, "Flood")
    const many = Array.from({ length: ATTEMPTS * 10 }, () => uniqueEmail("flood"))
    expect((await invite(ada, { lab_id: folder.id, email: many })).status).toBe(200)
    const late = uniqueEmail("late")
    const refused = await invite(ada, { lab_id: folder.id, email: [late] })
    expect(refused.status).toBe(429)
    expect(refused.body._tag).toBe("TooManyRequests")
    const list = await c.get(`/v2/members/?lab_id=${folder.id}&search=late`, { token: ada.access })
    expect(list.body.data.meta.count).toBe(0)
  })

  it("mails the same lab's invitation to an address once, however often it is sent again", async () => {
    const ada = await person(server, "Ada")
    const folder = await createFolder(server, ada, "Again")
    const email = uniqueEmail("again")
    const first = await invite(ada, { lab_id: folder.id, email })
    expect(first.status).toBe(200)
    for (let i = 0; i < 3; i++) {
      const again = await invite(ada, { lab_id: folder.id, email })
      expect(again.status).toBe(200)
      expect(again.body).toEqual(first.body)
    }
    const marker = uniqueEmail("marker")
    await invite(ada, { lab_id: folder.id, email: marker })
    expect(await mailsTo(email, marker)).toHaveLength(1)
  })

  it("caps the invitations mailed to one address from every lab together, answering the same", async () => {
    const ada = await person(server, "Ada")
    const email = uniqueEmail("popular")
    for (let i = 0; i < ATTEMPTS + 2; i++) {
      const folder = await createFolder(server, ada, `Lab ${i}`)
      const reply = await invite(ada, { lab_id: folder.id, email })
      expect(reply.status).toBe(200)
      expect(reply.body.data.members).toHaveLength(1)
    }
    const marker = uniqueEmail("marker")
    await invite(ada, { lab_id: (await createFolder(server, ada, "Marker")).id, email: marker })
    expect(await mailsTo(email, marker)).toHaveLength(ATTEMPTS)
  })
})

describe("looking people up by their exact address", () => {
  it("is limited per account, with a 429 past it", async () => {
    const eve = await person(server, "Eve")
    const folder = await createFolder(server, eve, "Lookups")
    const lookup = () => c.get(`/v2/auth/users/?lab_id=${folder.id}&search=${uniqueEmail("guess")}`, { token: eve.access })
    // Ten times the sign-in attempts: typing an address looks up each longer form of it.
    for (let i = 0; i < ATTEMPTS * 10; i++) expect((await lookup()).status).toBe(200)
    const refused = await lookup()
    expect(refused.status).toBe(429)
    expect(refused.body._tag).toBe("TooManyRequests")
    // Searching by name among the people Eve shares labs with is not limited.
    expect((await c.get(`/v2/auth/users/?lab_id=${folder.id}&search=ada`, { token: eve.access })).status).toBe(200)
  })
})

describe("names the inviter chose", () => {
  for (const [locale, subject, sender] of [
    ["en", "You have been invited to a lab on Preparat", "Sender"],
    ["id", "Anda diundang ke sebuah lab di Preparat", "Pengirim"]
  ] as const) {
    it(`stay out of the subject and are quoted in the body (${locale})`, async () => {
      const mallory = await person(server, "Bank Security <alerts@bank.example>")
      const folder = await createFolder(server, mallory, "Your account is locked: verify at evil.example")
      const email = uniqueEmail("target")
      expect((await invite(mallory, { lab_id: folder.id, email, locale })).status).toBe(200)
      const mail = await server.latestMail(email)
      expect(mail.subject).toBe(subject)
      expect(mail.text).toContain(`> ${sender}: "Bank Security <alerts@bank.example>"`)
      expect(mail.text).toContain('> Lab: "Your account is locked: verify at evil.example"')
      expect(mail.html).toContain("Bank Security &lt;alerts@bank.example&gt;")
      expect(mail.html).toContain("<blockquote")
      expect(mail.html).not.toContain("<alerts@bank.example>")
    })
  }
})

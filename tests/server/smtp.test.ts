// With SMTP_URL set, mail goes over SMTP: here to a real SMTP server (the smtp-server package)
// listening on a loopback port in this process, with authentication, and nothing lands in the outbox.
import type { AddressInfo } from "node:net"
import { SMTPServer } from "smtp-server"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { parseEml } from "../../server/mail/eml.ts"
import { api, PASSWORD, uniqueEmail } from "../support/api.ts"
import { type StartedServer, startServer } from "../support/start-server.ts"

interface Received {
  readonly from: string
  readonly to: ReadonlyArray<string>
  readonly user: string | undefined
  readonly raw: string
}

const received: Received[] = []
let smtp: SMTPServer
let server: StartedServer

beforeAll(async () => {
  smtp = new SMTPServer({
    // Plain loopback SMTP: no TLS certificate to trust in a test, so credentials may go in the clear.
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      if (auth.username === "preparat" && auth.password === "mail-secret") callback(null, { user: auth.username })
      else callback(new Error("Invalid username or password"))
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on("data", (chunk: Buffer) => chunks.push(chunk))
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          user: session.user as string | undefined,
          raw: Buffer.concat(chunks).toString("utf8")
        })
        callback()
      })
    }
  })
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve))
  const { port } = smtp.server.address() as AddressInfo
  server = await startServer({
    env: { SMTP_URL: `smtp://preparat:mail-secret@127.0.0.1:${port}`, MAIL_FROM: "Preparat <no-reply@preparat.test>" }
  })
})

afterAll(async () => {
  await server.stop()
  await new Promise<void>((resolve) => smtp.close(resolve))
})

const waitFor = async <A>(find: () => A | undefined, timeoutMs = 5_000): Promise<A> => {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const found = find()
    if (found !== undefined) return found
    if (Date.now() > deadline) throw new Error("timed out waiting for mail")
    await new Promise((r) => setTimeout(r, 25))
  }
}

describe("SMTP delivery", () => {
  it("delivers the activation mail over authenticated SMTP, and its link works", async () => {
    const email = uniqueEmail("smtp")
    const reply = await api(server).post("/v2/auth/register/", {
      name: "Mail Tester",
      email,
      password: PASSWORD,
      password_confirm: PASSWORD,
      eula: true
    })
    expect(reply.status).toBe(201)

    const delivery = await waitFor(() => received.find((m) => m.to.includes(email)))
    expect(delivery.user).toBe("preparat")
    expect(delivery.from).toBe("no-reply@preparat.test")
    const mail = parseEml(delivery.raw)
    expect(mail.subject).toBe("Activate your Preparat account")
    expect(mail.text).toContain("Hello Mail Tester,")
    expect(mail.html).toContain("<a href=")
    const link = /https?:\/\/\S+\/v2\/auth\/activate\/\S+\//.exec(mail.text)?.[0]
    expect(link).toBeDefined()
    const activated = await fetch(link!, { redirect: "manual" })
    expect(activated.headers.get("location")).toBe(`${server.url}/verify`)

    expect(await server.mails()).toHaveLength(0)
  })

  it("keeps the dev outbox pages off when mail goes over SMTP", async () => {
    const page = await fetch(`${server.url}/dev/outbox`)
    expect(await page.text()).not.toContain("Mails this server would have sent")
  })

  it("says so when the activation mail cannot be sent, and keeps the registration", async () => {
    const closed = await startServer({ config: { smtpUrl: "smtp://127.0.0.1:1", devRoutes: false } })
    try {
      const email = uniqueEmail("nomail")
      const reply = await api(closed).post("/v2/auth/register/", {
        name: "No Mail",
        email,
        password: PASSWORD,
        password_confirm: PASSWORD,
        eula: true
      })
      expect(reply.status).toBe(503)
      expect(reply.body).toEqual({ _tag: "ServiceUnavailable", message: expect.stringContaining("could not be sent") })
      const row = await closed.withDb((db) => db.selectFrom("users").select("email").where("email", "=", email).executeTakeFirst())
      expect(row?.email).toBe(email)
    } finally {
      await closed.stop()
    }
  })
})

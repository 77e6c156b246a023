// Where to send the glass slides: the receiving lab's address and hours come from the server's
// configuration (SCAN_RECEIVING_*), and the answer to a sent request and its confirmation mail both
// carry them, in the request's language, with the reference to write on the parcel and how to pack.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { api, createSignedIn, uniqueEmail } from "../support/api.ts"
import { type StartedServer, startServer } from "../support/start-server.ts"

// Written as an operator would in an env file: "\n" (two characters) between the address's lines.
const ADDRESS = "Lab Patologi Anatomik RS Contoh\\nJl. Percobaan No. 12\\nBandung 40115"
const ADDRESS_LINES = ["Lab Patologi Anatomik RS Contoh", "Jl. Percobaan No. 12", "Bandung 40115"]
const HOURS = "Monday to Saturday, 07:30 to 15:00 WIB"
const HOURS_ID = "Senin sampai Sabtu, 07.30 sampai 15.00 WIB"

let server: StartedServer
let c: ReturnType<typeof api>

beforeAll(async () => {
  server = await startServer({
    env: { SCAN_RECEIVING_ADDRESS: ADDRESS, SCAN_RECEIVING_HOURS: HOURS, SCAN_RECEIVING_HOURS_ID: HOURS_ID }
  })
  c = api(server)
})
afterAll(() => server.stop())

const request = (extra: Record<string, unknown>) => ({
  preparations: 2,
  diagnosis: "Chronic hepatitis",
  section: "ffpe",
  stain: "he",
  magnification: "20x",
  return_slides: false,
  ...extra
})

describe("where to send the glass slides", () => {
  it("is in a visitor's answer and confirmation mail, in English and Indonesian", async () => {
    for (const [locale, hours, words] of [
      ["en", HOURS, ["Where to send the glass slides", "Write this on the parcel", "How to pack the slides"]],
      ["id", HOURS_ID, ["Ke mana slide kaca dikirim", "Tulis ini pada paket", "Cara mengemas slide"]]
    ] as const) {
      const email = uniqueEmail(`parcel-${locale}`)
      const reply = await c.post("/v2/slides/request-scan/", request({ contact_name: "Dewi", contact_email: email, locale }))
      expect(reply.status, JSON.stringify(reply.body)).toBe(201)
      const { reference, send_to } = reply.body.data
      expect(send_to).toEqual({ address: ADDRESS_LINES.join("\n"), hours })

      const mail = await server.latestMail(email, { containing: reference })
      for (const part of [mail.text, mail.html]) {
        for (const line of [...ADDRESS_LINES, hours, ...words]) expect(part, `${locale}: ${line}`).toContain(line)
      }
      expect(mail.text).toContain(`${words[1]}: ${reference}`)
      // The other language's hours are not there.
      expect(mail.text).not.toContain(locale === "en" ? HOURS_ID : HOURS)
    }
  })

  it("is in a signed-in user's answer and mail too", async () => {
    const ana = await createSignedIn(server, { name: "Ana" })
    const reply = await c.post("/v2/slides/request-scan/", request({ locale: "en" }), { token: ana.access })
    expect(reply.status, JSON.stringify(reply.body)).toBe(201)
    expect(reply.body.data.send_to).toEqual({ address: ADDRESS_LINES.join("\n"), hours: HOURS })
    // Their activation mail came first: the confirmation is the one naming the request.
    const mail = await server.latestMail(ana.email, { containing: reply.body.data.reference })
    for (const line of ADDRESS_LINES) expect(mail.text).toContain(line)
  })

  it("is not in the lists, which answer requests as they are (the address may have changed since)", async () => {
    const ana = await createSignedIn(server, { name: "Ana" })
    await c.post("/v2/slides/request-scan/", request({}), { token: ana.access })
    const mine = await c.get("/v2/slides/request-scan/?page=1&limit=10", { token: ana.access })
    expect(mine.status).toBe(200)
    expect(mine.body.data.results[0]).not.toHaveProperty("send_to")
  })
})

// Contact us about plans: the question reaches the sales address with the asker as Reply-To, the
// asker gets a copy; only signed-in accounts may ask, and not without limit.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { api, createSignedIn } from "../support/api.ts"
import { type StartedServer, startServer } from "../support/start-server.ts"
import { mailWith } from "./support/billing-api.ts"

const SALES = "sales-team@example.org"
let server: StartedServer
let c: ReturnType<typeof api>

beforeAll(async () => {
  server = await startServer({ env: { SALES_EMAIL: SALES, RATE_LIMIT_ATTEMPTS: "3", RATE_LIMIT_WINDOW_SECONDS: "600" } })
  c = api(server)
})
afterAll(() => server.stop())

const question = {
  details: "We are a hospital lab with 12 pathologists. Is there a yearly price for the Professional plan?",
  plan_id: "pro",
  phone: "+62 812 3456 789",
  company: "RS Sehat Sentosa"
}

describe("contact us", () => {
  it("mails sales with the question and the asker as Reply-To, and confirms to the asker", async () => {
    const asker = await createSignedIn(server, { name: "Dr. Indah Permata" })
    const reply = await c.post("/v2/pricing/plan/contactus/", question, { token: asker.access })
    expect(reply.status, JSON.stringify(reply.body)).toBe(200)
    expect(reply.body.message).toContain("sales")

    const sales = await mailWith(server, SALES, "Dr. Indah Permata")
    expect(sales.headers.get("reply-to")).toContain(asker.email)
    for (const fact of [question.details, question.phone, question.company, "Professional", asker.email]) expect(sales.text).toContain(fact)
    const copy = await mailWith(server, asker.email, "We received your question")
    expect(copy.text).toContain(question.details)
  })

  it("refuses an empty or overlong question with 400, and a guest with 401", async () => {
    const asker = await createSignedIn(server)
    for (const details of ["", "   ", "x".repeat(4001)]) {
      const reply = await c.post("/v2/pricing/plan/contactus/", { details }, { token: asker.access })
      expect(reply.status).toBe(400)
      expect(reply.body.details).toHaveLength(1)
    }
    expect((await c.post("/v2/pricing/plan/contactus/", question)).status).toBe(401)
  })

  it("limits how often one account may ask (429 with the wait), and sends nothing past it", async () => {
    const asker = await createSignedIn(server, { name: "Eager Asker" })
    for (let i = 0; i < 3; i++)
      expect((await c.post("/v2/pricing/plan/contactus/", { details: `Question ${i}` }, { token: asker.access })).status).toBe(200)
    const refused = await c.post("/v2/pricing/plan/contactus/", { details: "Question 3" }, { token: asker.access })
    expect(refused.status).toBe(429)
    expect(refused.body.retry_after).toBeGreaterThan(0)
    await mailWith(server, SALES, "Eager Asker")
    const toSales = (await server.mails()).filter((m) => m.to.includes(SALES) && m.subject.includes("Eager Asker"))
    expect(toSales.map((m) => m.text.includes("Question 3"))).toEqual([false, false, false])
  })
})

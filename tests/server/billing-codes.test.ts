// The unique codes of a price (1 to 999, added to the amount so staff can tell transfers apart) are a
// scarce resource: every unpaid invoice holds one until it is due. Throwaway accounts must not be able
// to hold them all, so one address may issue only so many invoices a day, and an unpaid invoice is
// due within a day, after which the sweep cancels it and its code is free again.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { api, createSignedIn, type SignedIn } from "../support/api.ts"
import { type StartedServer, startServer } from "../support/start-server.ts"

const PER_ADDRESS = 3
const HOUR = 3_600_000

let server: StartedServer
beforeAll(async () => {
  // Behind one proxy, so each test request can come from an address of its own.
  server = await startServer({
    env: { TRUST_PROXY: "1", BILLING_INVOICES_PER_ADDRESS: String(PER_ADDRESS), BILLING_SWEEP_SECONDS: "1" }
  })
})
afterAll(() => server.stop())

const choose = (user: SignedIn, from: string) =>
  api(server).post("/v2/pricing/payments/", { plan_id: "basic" }, { token: user.access, headers: { "x-forwarded-for": from } })

describe("unique codes", () => {
  it("lets one address issue only so many invoices a day, and every other address its own", async () => {
    const hoarder = "198.51.100.7"
    const accounts = await Promise.all(
      Array.from({ length: PER_ADDRESS + 1 }, (_, i) => createSignedIn(server, { name: `Throwaway ${i}` }))
    )
    expect((await choose(accounts[0]!, hoarder)).status).toBe(201)
    // A choice that issues nothing (this account's invoice is still open) does not count.
    expect((await choose(accounts[0]!, hoarder)).status).toBe(409)
    for (const account of accounts.slice(1, PER_ADDRESS)) expect((await choose(account, hoarder)).status).toBe(201)
    const refused = await choose(accounts[PER_ADDRESS]!, hoarder)
    expect(refused.status).toBe(429)
    expect(refused.body.retry_after).toBeGreaterThan(0)
    // Refused, and nothing issued.
    const current = await api(server).get("/v2/pricing/plan/current/", { token: accounts[PER_ADDRESS]!.access })
    expect(current.body.data.open_invoice).toBeNull()

    // A newcomer elsewhere still gets a code.
    const newcomer = await createSignedIn(server, { name: "Newcomer" })
    const issued = await choose(newcomer, "203.0.113.20")
    expect(issued.status).toBe(201)
    expect(issued.body.data.unique_code).toBeGreaterThanOrEqual(1)
  })

  it("is held a day at most: an unpaid invoice is due within 24 hours, and the sweep then frees its code", async () => {
    const user = await createSignedIn(server, { name: "Late Payer" })
    const reply = await choose(user, "203.0.113.30")
    expect(reply.status).toBe(201)
    const invoice = reply.body.data as { id: string; amount: number; created_at: string; due_at: string }
    expect(Date.parse(invoice.due_at) - Date.parse(invoice.created_at)).toBe(24 * HOUR)
    const holders = () =>
      server.withDb((db) =>
        db.selectFrom("invoices").select("id").where("amount", "=", invoice.amount).where("status", "in", ["unpaid", "waiting"]).execute()
      )
    expect(await holders()).toEqual([{ id: invoice.id }])

    // A day later (the due date moved into the past), the sweep cancels it.
    await server.withDb((db) =>
      db
        .updateTable("invoices")
        .set({ due_at: new Date(Date.now() - 1000).toISOString() })
        .where("id", "=", invoice.id)
        .execute()
    )
    const deadline = Date.now() + 8000
    while ((await holders()).length > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100))
    expect(await holders()).toEqual([])
    expect((await api(server).get(`/v2/pricing/payments/${invoice.id}/`, { token: user.access })).body.data.status).toBe("cancelled")
  })
})

// What time does to billing: a paid period that ends puts the account back on the free plan at once
// (nothing deleted, uploads over the free quota refused, the way back is to choose a plan again),
// and the sweep records it in the invoice's history and tells the user, live and by mail; an invoice
// left unpaid past its due date is cancelled. Staff decisions reach the user's notification channel.
import { randomUUID } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { GiB } from "../../server/domain/plans.ts"
import { api, createSignedIn, type SignedIn } from "../support/api.ts"
import { connectPusher, subscribed } from "../support/pusher.ts"
import { type StartedServer, startServer } from "../support/start-server.ts"
import { issueInvoice, mailWith, makeStaff, waitingInvoice } from "./support/billing-api.ts"
import { insertFile } from "./support/labs-api.ts"
import { smallImage, uploadWhole } from "./support/slides-api.ts"

let server: StartedServer
let c: ReturnType<typeof api>
let staff: SignedIn
let png: Uint8Array

beforeAll(async () => {
  server = await startServer({ env: { BILLING_SWEEP_SECONDS: "1" } })
  c = api(server)
  staff = await createSignedIn(server, { name: "Staff" })
  await makeStaff(server, staff)
  png = await smallImage("png", 16, 16)
})
afterAll(() => server.stop())

const as = (user: SignedIn) => ({ token: user.access })

/** Polls until `check` passes, for what the sweep does within a second or two. */
const eventually = async (check: () => Promise<void>, timeoutMs = 8_000) => {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    try {
      return await check()
    } catch (error) {
      if (Date.now() > deadline) throw error
      await new Promise((r) => setTimeout(r, 100))
    }
  }
}

/** A user on the basic plan, accepted by staff. */
const paidUser = async (name: string) => {
  const user = await createSignedIn(server, { name })
  const invoice = await waitingInvoice(server, user, "basic")
  expect((await c.post(`/v2/staff/payments/${invoice.id}/accept/`, undefined, as(staff))).status).toBe(200)
  return { user, invoice }
}

/** Moves the user's periods into the past: the last one ended a second ago. */
const endPeriods = (userId: string) =>
  server.withDb((db) =>
    db
      .updateTable("subscriptions")
      .set({ started_at: new Date(Date.now() - 31 * 86_400_000).toISOString(), ends_at: new Date(Date.now() - 1000).toISOString() })
      .where("user_id", "=", userId)
      .execute()
  )

describe("a paid period that ends", () => {
  it("puts the account back on the free plan at once: nothing deleted, uploads over the free quota refused", async () => {
    const { user, invoice } = await paidUser("Wulan Sari")
    // Six GiB of files: within the basic plan's 50, over the free plan's 5.
    await insertFile(server, { id: randomUUID(), ownerId: user.id, parentId: null, name: "archive.tif", size: 6 * GiB })
    const before = await uploadWhole(server, user, "root", "on-basic.png", png)
    expect(before.status, JSON.stringify(before.body)).toBe(201)

    await endPeriods(user.id)
    const storage = (await c.get("/v2/pricing/plan/storage/", as(user))).body.data
    expect(storage.total_storage).toBe(5 * GiB)
    expect(storage.percentage_used).toBeGreaterThan(100)
    const current = (await c.get("/v2/pricing/plan/current/", as(user))).body.data
    expect(current).toMatchObject({ plan: { id: "free", ai: false }, subscription: null, lapsed: { plan_id: "basic" } })

    const refused = await uploadWhole(server, user, "root", "on-free.png", png)
    expect(refused.status, JSON.stringify(refused.body)).toBe(413)
    expect(refused.body).toMatchObject({ code: "quota_exceeded", message: "Upload failed, storage full!" })
    // Nothing deleted.
    const names = (await c.get("/v2/labs/?limit=100", as(user))).body.data.results.map((l: { name: string }) => l.name)
    expect(names).toEqual(expect.arrayContaining(["archive.tif", "on-basic.png"]))

    // The sweep records the end in the invoice's history and mails the way back.
    await eventually(async () => {
      const history = (await c.get(`/v2/pricing/payments/${invoice.id}/`, as(user))).body.data.history
      expect(history.at(-1)).toMatchObject({ kind: "expired", by: "system" })
    })
    const mail = await mailWith(server, user.email, "has ended")
    expect(mail.text).toContain("Nothing was deleted")
    expect(mail.links.some((l) => l.endsWith("/dashboard/pricing"))).toBe(true)

    // The way back: a plan chosen and paid again lets uploads in at once.
    const again = await waitingInvoice(server, user, "basic")
    await c.post(`/v2/staff/payments/${again.id}/accept/`, undefined, as(staff))
    expect((await uploadWhole(server, user, "root", "back-on-basic.png", png)).status).toBe(201)
  })

  it("tells the user live on their notification channel when staff decide and when the period ends", async () => {
    const user = await createSignedIn(server, { name: "Live Listener" })
    const pusher = connectPusher(server, user.access)
    try {
      const channel = pusher.subscribe(`private-notif_chat_${user.id}`)
      await subscribed(channel)
      const heard: Array<{ kind: string; notification_id: string | null }> = []
      channel.bind(`payment_${user.id}`, (data: { kind: string; notification_id: string | null }) => heard.push(data))

      const rejected = await waitingInvoice(server, user)
      await c.post(`/v2/staff/payments/${rejected.id}/reject/`, { reason: "Unreadable receipt" }, as(staff))
      await eventually(async () => expect(heard.map((h) => h.kind)).toEqual(["payment.rejected"]))
      const bell = (await c.get("/v2/notifications/", as(user))).body.data.data.results[0]
      expect(heard[0]?.notification_id).toBe(bell.id)

      await c.put(`/v2/pricing/payments/${rejected.id}/`, { action: "cancel" }, as(user))
      const accepted = await waitingInvoice(server, user)
      await c.post(`/v2/staff/payments/${accepted.id}/accept/`, undefined, as(staff))
      await eventually(async () => expect(heard.map((h) => h.kind)).toEqual(["payment.rejected", "payment.accepted"]))

      await endPeriods(user.id)
      await eventually(async () =>
        expect(heard.map((h) => h.kind)).toEqual(["payment.rejected", "payment.accepted", "subscription.expired"])
      )
    } finally {
      pusher.disconnect()
    }
  })

  it("stays quiet when a renewal follows: the account is still paid", async () => {
    const { user, invoice } = await paidUser("Renewing User")
    const renewal = await waitingInvoice(server, user, "basic")
    await c.post(`/v2/staff/payments/${renewal.id}/accept/`, undefined, as(staff))
    // The first period ends now; the renewal starts where it ended.
    const now = new Date().toISOString()
    await server.withDb(async (db) => {
      await db.updateTable("subscriptions").set({ ends_at: now }).where("invoice_id", "=", invoice.id).execute()
      await db.updateTable("subscriptions").set({ started_at: now }).where("invoice_id", "=", renewal.id).execute()
    })
    await eventually(async () => {
      const history = (await c.get(`/v2/pricing/payments/${invoice.id}/`, as(user))).body.data.history
      expect(history.at(-1)).toMatchObject({ kind: "expired" })
    })
    expect((await c.get("/v2/pricing/plan/current/", as(user))).body.data.subscription.invoice_id).toBe(renewal.id)
    // Mails leave just after the sweep's commit: give one the time it would take.
    await new Promise((r) => setTimeout(r, 500))
    expect((await server.mails()).some((m) => m.to.includes(user.email) && m.subject.includes("has ended"))).toBe(false)
  })
})

describe("an invoice left unpaid", () => {
  it("is cancelled by the sweep once past its due date, and a new plan may be chosen", async () => {
    const user = await createSignedIn(server)
    const invoice = await issueInvoice(server, user)
    await server.withDb((db) =>
      db
        .updateTable("invoices")
        .set({ due_at: new Date(Date.now() - 1000).toISOString() })
        .where("id", "=", invoice.id)
        .execute()
    )
    await eventually(async () => {
      const detail = (await c.get(`/v2/pricing/payments/${invoice.id}/`, as(user))).body.data
      expect(detail.status).toBe("cancelled")
      expect(detail.history.at(-1)).toMatchObject({ kind: "cancelled", by: "system" })
    })
    expect((await c.post("/v2/pricing/payments/", { plan_id: "basic" }, as(user))).status).toBe(201)
  })

  it("is not cancelled while its receipt waits for staff, even past its due date", async () => {
    const user = await createSignedIn(server)
    const invoice = await waitingInvoice(server, user)
    await server.withDb((db) =>
      db
        .updateTable("invoices")
        .set({ due_at: new Date(Date.now() - 1000).toISOString() })
        .where("id", "=", invoice.id)
        .execute()
    )
    await new Promise((r) => setTimeout(r, 2500))
    expect((await c.get(`/v2/pricing/payments/${invoice.id}/`, as(user))).body.data.status).toBe("waiting")
    // Rejected now, it has time again to send the right receipt.
    const rejected = (await c.post(`/v2/staff/payments/${invoice.id}/reject/`, { reason: "Blurred" }, as(staff))).body.data
    expect(Date.parse(rejected.due_at)).toBeGreaterThan(Date.now() + 23 * 3_600_000)
  })
})

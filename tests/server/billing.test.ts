// Paying for a plan by bank transfer, over real HTTP: choose a plan (an invoice), send the receipt
// (checked by its bytes and size, only for one's own invoice), staff accept it (the quota follows
// at once, the user is told by notification and mail, the PDFs download) or reject it with a
// reason (back to unpaid, the user told why, a new receipt welcome). Every change is in the
// invoice's history.
import sharp from "sharp"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { api, createSignedIn, type SignedIn } from "../support/api.ts"
import { type StartedServer, startServer } from "../support/start-server.ts"
import {
  choosePlan,
  download,
  issueInvoice,
  mailWith,
  makeStaff,
  PDF,
  PNG,
  sendProof,
  startsWithPdf,
  waitingInvoice
} from "./support/billing-api.ts"

const GiB = 1024 ** 3

let server: StartedServer
let c: ReturnType<typeof api>
let staff: SignedIn

beforeAll(async () => {
  server = await startServer()
  c = api(server)
  staff = await createSignedIn(server, { name: "Sari Staff" })
  await makeStaff(server, staff)
})
afterAll(() => server.stop())

const as = (user: SignedIn) => ({ token: user.access })

describe("the catalogue and the plan in force", () => {
  it("lists a free plan and paid plans with storage, analyses, auto tagging, period and price", async () => {
    const user = await createSignedIn(server)
    const reply = await c.get("/v2/pricing/plans/", as(user))
    expect(reply.status).toBe(200)
    const plans = reply.body.data.results
    expect(plans.map((p: { id: string }) => p.id)).toEqual(["free", "basic", "pro"])
    expect(plans[0]).toMatchObject({ paid: false, price_idr: 0, ai: false, auto_tagging: false, period_days: null })
    expect(plans[1]).toMatchObject({ paid: true, ai: true, auto_tagging: true, period_days: 30 })
    expect(plans[1].price_idr).toBeGreaterThan(0)
  })

  it("starts every account on the free plan, not staff, with nothing open", async () => {
    const user = await createSignedIn(server)
    const reply = await c.get("/v2/pricing/plan/current/", as(user))
    expect(reply.body.data).toMatchObject({ plan: { id: "free" }, subscription: null, lapsed: null, open_invoice: null, staff: false })
    expect((await c.get("/v2/pricing/plan/current/", as(staff))).body.data.staff).toBe(true)
    expect((await c.get("/v2/pricing/plan/storage/", as(user))).body.data.total_storage).toBe(5 * GiB)
  })
})

describe("staff", () => {
  it("cannot be made through the API: a profile edit naming the flag changes nothing", async () => {
    const user = await createSignedIn(server)
    const form = new FormData()
    form.append("name", "Wants Staff")
    form.append("is_staff", "1")
    form.append("staff", "true")
    const edited = await c.putForm(`/v2/auth/user/profile/${user.id}/`, form, as(user))
    expect(edited.status).toBeLessThan(500)
    expect((await c.get("/v2/pricing/plan/current/", as(user))).body.data.staff).toBe(false)
    expect((await c.get("/v2/staff/payments/", as(user))).status).toBe(403)
  })
})

describe("choosing a plan", () => {
  it("issues an invoice: number, tier, price plus a unique code, the bank account, a due date, unpaid", async () => {
    const user = await createSignedIn(server, { name: "Budi Santoso" })
    const reply = await choosePlan(server, user, "basic")
    expect(reply.status, JSON.stringify(reply.body)).toBe(201)
    const invoice = reply.body.data
    expect(invoice.number).toMatch(/^INV-\d{6}-[0-9A-Z]{6}$/)
    expect(invoice).toMatchObject({ status: "unpaid", tier: "basic", tier_name: "Basic", currency: "IDR", paid_at: null, proof: null })
    expect(invoice.unique_code).toBeGreaterThanOrEqual(1)
    expect(invoice.unique_code).toBeLessThanOrEqual(999)
    expect(invoice.amount).toBe(invoice.price + invoice.unique_code)
    expect(invoice.bank).toEqual({
      bank_name: server.config.billing.bank.bankName,
      account_number: server.config.billing.bank.accountNumber,
      account_holder: server.config.billing.bank.accountHolder
    })
    expect(Date.parse(invoice.due_at)).toBeGreaterThan(Date.parse(invoice.created_at))
    expect(invoice.actions).toEqual({ upload_proof: true, change_plan: true, cancel: true, download: true, receipt: false })
    expect(invoice.history.map((h: { kind: string }) => h.kind)).toEqual(["issued"])

    // The user is mailed the amount and where to send it.
    const mail = await mailWith(server, user.email, invoice.number)
    expect(mail.text).toContain(server.config.billing.bank.accountNumber)
    expect(mail.links.some((l) => l.endsWith(`/dashboard/invoices/${invoice.id}`))).toBe(true)

    // It is the open invoice, and the first of the list.
    expect((await c.get("/v2/pricing/plan/current/", as(user))).body.data.open_invoice.id).toBe(invoice.id)
    const list = await c.get("/v2/pricing/payments/", as(user))
    expect(list.body.data.meta).toMatchObject({ count: 1, current_page: 1, next_page: null })
    expect(list.body.data.results[0].id).toBe(invoice.id)
  })

  it("refuses the free plan or an unknown one with 400, and a second invoice while one is open with 409", async () => {
    const user = await createSignedIn(server)
    for (const plan of ["free", "gold"]) {
      const reply = await choosePlan(server, user, plan)
      expect(reply.status).toBe(400)
      expect(reply.body.plan_id).toHaveLength(1)
    }
    const first = await issueInvoice(server, user)
    const second = await choosePlan(server, user, "pro")
    expect(second.status).toBe(409)
    expect(second.body.message).toContain(first.number)
  })

  it("gives open invoices of the same plan different amounts", async () => {
    const amounts = new Set<number>()
    for (let i = 0; i < 5; i++) amounts.add((await issueInvoice(server, await createSignedIn(server))).amount)
    expect(amounts.size).toBe(5)
  })

  it("changes an unpaid invoice's plan with a new amount, or cancels it; both are in its history", async () => {
    const user = await createSignedIn(server)
    const invoice = await issueInvoice(server, user, "basic")
    const changed = await c.put(`/v2/pricing/payments/${invoice.id}/`, { action: "change_plan", plan_id: "pro" }, as(user))
    expect(changed.status, JSON.stringify(changed.body)).toBe(200)
    expect(changed.body.data).toMatchObject({ tier: "pro", status: "unpaid" })
    expect(changed.body.data.amount).toBe(changed.body.data.price + changed.body.data.unique_code)
    const cancelled = await c.put(`/v2/pricing/payments/${invoice.id}/`, { action: "cancel" }, as(user))
    expect(cancelled.body.data.status).toBe("cancelled")
    expect(cancelled.body.data.actions).toMatchObject({ upload_proof: false, cancel: false })
    expect(cancelled.body.data.history.map((h: { kind: string; by: string }) => `${h.kind} ${h.by}`)).toEqual([
      "issued user",
      "plan_changed user",
      "cancelled user"
    ])
    // Nothing more may happen to it; and a new plan may be chosen now.
    expect((await c.put(`/v2/pricing/payments/${invoice.id}/`, { action: "cancel" }, as(user))).status).toBe(409)
    expect((await sendProof(server, user.access, invoice.id)).status).toBe(409)
    expect((await choosePlan(server, user, "basic")).status).toBe(201)
  })

  it("refuses a malformed change with 400", async () => {
    const user = await createSignedIn(server)
    const invoice = await issueInvoice(server, user)
    expect((await c.put(`/v2/pricing/payments/${invoice.id}/`, { action: "explode" }, as(user))).status).toBe(400)
    expect((await c.put(`/v2/pricing/payments/${invoice.id}/`, { action: "change_plan", plan_id: "free" }, as(user))).status).toBe(400)
  })
})

describe("the transfer receipt", () => {
  it("refuses a file that is not an image or a PDF by its bytes, whatever its name says", async () => {
    const user = await createSignedIn(server)
    const invoice = await issueInvoice(server, user)
    const reply = await sendProof(server, user.access, invoice.id, new TextEncoder().encode("<html>not a receipt</html>"), "receipt.png")
    expect(reply.status).toBe(400)
    expect(reply.body).toMatchObject({ code: "unsupported_format" })
    expect(reply.body.file).toHaveLength(1)
    expect((await c.get(`/v2/pricing/payments/${invoice.id}/`, as(user))).body.data.status).toBe("unpaid")
  })

  it("refuses a receipt over 5 MB with 413", async () => {
    const user = await createSignedIn(server)
    const invoice = await issueInvoice(server, user)
    const big = new Uint8Array(5 * 1024 * 1024 + 10)
    big.set(PNG)
    const reply = await sendProof(server, user.access, invoice.id, big)
    expect(reply.status).toBe(413)
    expect(reply.body._tag).toBe("PayloadTooLarge")
    // Far over the limit, the transport itself stops reading.
    const huge = new Uint8Array(12 * 1024 * 1024)
    huge.set(PNG)
    expect((await sendProof(server, user.access, invoice.id, huge)).status).toBe(413)
    expect((await c.get(`/v2/pricing/payments/${invoice.id}/`, as(user))).body.data.status).toBe("unpaid")
  })

  it("is refused for someone else's invoice, which stays as it was (404, as if it did not exist)", async () => {
    const owner = await createSignedIn(server)
    const other = await createSignedIn(server)
    const invoice = await issueInvoice(server, owner)
    expect((await sendProof(server, other.access, invoice.id)).status).toBe(404)
    expect((await c.get(`/v2/pricing/payments/${invoice.id}/`, as(other))).status).toBe(404)
    expect((await download(server, `/v2/pricing/payments/${invoice.id}/download/`, other.access)).status).toBe(404)
    expect((await c.put(`/v2/pricing/payments/${invoice.id}/`, { action: "cancel" }, as(other))).status).toBe(404)
    expect((await c.get(`/v2/pricing/payments/${invoice.id}/`, as(owner))).body.data.status).toBe("unpaid")
  })

  it("moves the invoice to waiting with the 2 x 24 hour promise, mails the user and tells staff", async () => {
    const user = await createSignedIn(server, { name: "Dewi Lestari" })
    const invoice = await issueInvoice(server, user)
    const reply = await sendProof(server, user.access, invoice.id, PDF, "bank.pdf")
    expect(reply.status, JSON.stringify(reply.body)).toBe(201)
    const waiting = reply.body.data
    expect(waiting.status).toBe("waiting")
    // The size of the copy kept (the pages rewritten), not of the bytes sent.
    expect(waiting.proof).toMatchObject({ content_type: "application/pdf" })
    expect(waiting.proof.size).toBeGreaterThan(0)
    expect(Date.parse(waiting.verify_by) - Date.parse(waiting.proof.uploaded_at)).toBe(48 * 3600 * 1000)
    expect(waiting.actions).toMatchObject({ upload_proof: false, change_plan: false, cancel: false })
    expect(waiting.history.map((h: { kind: string }) => h.kind)).toEqual(["issued", "proof_uploaded"])
    expect((await mailWith(server, user.email, "received")).subject).toContain(invoice.number)
    const notice = await mailWith(server, staff.email, invoice.number)
    expect(notice.text).toContain("Dewi Lestari")
    // A second receipt waits for the decision on the first.
    expect((await sendProof(server, user.access, invoice.id)).status).toBe(409)
  })
})

describe("staff accept", () => {
  it("lists waiting invoices oldest receipt first, with the user, and serves the receipt's bytes", async () => {
    const first = await createSignedIn(server)
    const second = await createSignedIn(server)
    const a = await waitingInvoice(server, first)
    const b = await waitingInvoice(server, second)
    const reply = await c.get("/v2/staff/payments/?limit=100", as(staff))
    expect(reply.status).toBe(200)
    const ids = reply.body.data.results.map((r: { id: string }) => r.id)
    expect(ids.indexOf(a.id)).toBeGreaterThanOrEqual(0)
    expect(ids.indexOf(a.id)).toBeLessThan(ids.indexOf(b.id))
    expect(reply.body.data.results.every((r: { status: string }) => r.status === "waiting")).toBe(true)
    expect(reply.body.data.results.find((r: { id: string }) => r.id === a.id).user).toEqual({
      id: first.id,
      email: first.email,
      name: first.name
    })
    const proof = await download(server, `/v2/staff/payments/${a.id}/proof/`, staff.access)
    expect(proof.status).toBe(200)
    expect(proof.headers.get("content-type")).toBe("image/png")
    // The receipt's picture, encoded again (billing-receipts.test.ts).
    expect(await sharp(proof.bytes).metadata()).toMatchObject({ format: "png", width: 1, height: 1 })
  })

  it("starts the plan at once: quota, current plan, notification, mail, history, receipt PDF", async () => {
    const user = await createSignedIn(server, { name: "Rina Wijaya" })
    const invoice = await waitingInvoice(server, user, "basic")
    expect((await download(server, `/v2/pricing/payments/${invoice.id}/recipt/`, user.access)).status).toBe(409)

    const accepted = await c.post(`/v2/staff/payments/${invoice.id}/accept/`, undefined, as(staff))
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200)
    expect(accepted.body.data.history.at(-1)).toMatchObject({ kind: "accepted", by: "staff", staff: staff.email })

    // The quota follows at once.
    const storage = await c.get("/v2/pricing/plan/storage/", as(user))
    expect(storage.body.data.total_storage).toBe(50 * GiB)
    const current = (await c.get("/v2/pricing/plan/current/", as(user))).body.data
    expect(current.plan).toMatchObject({ id: "basic", ai: true, auto_tagging: true })
    expect(current.subscription).toMatchObject({ plan_id: "basic", invoice_id: invoice.id })
    expect(Date.parse(current.subscription.ends_at) - Date.parse(current.subscription.started_at)).toBe(30 * 24 * 3600 * 1000)
    expect(current.open_invoice).toBeNull()

    const detail = (await c.get(`/v2/pricing/payments/${invoice.id}/`, as(user))).body.data
    expect(detail).toMatchObject({ status: "paid", verify_by: null, rejection_reason: null })
    expect(detail.paid_at).not.toBeNull()
    expect(detail.period).toEqual({ starts_at: current.subscription.started_at, ends_at: current.subscription.ends_at })
    expect(detail.actions).toMatchObject({ download: true, receipt: true, upload_proof: false })
    // The owner sees that staff decided, not who.
    expect(detail.history.map((h: { kind: string; by: string }) => `${h.kind} ${h.by}`)).toEqual([
      "issued user",
      "proof_uploaded user",
      "accepted staff"
    ])
    expect(detail.history.at(-1).staff).toBeUndefined()

    const notes = (await c.get("/v2/notifications/", as(user))).body.data.data
    expect(notes.results[0]).toMatchObject({ type: "payment", is_read: false, invoice: { id: invoice.id, number: invoice.number } })
    const mail = await mailWith(server, user.email, "accepted")
    expect(mail.subject).toContain(invoice.number)

    const pdf = await download(server, `/v2/pricing/payments/${invoice.id}/download/`, user.access)
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get("content-type")).toBe("application/pdf")
    expect(pdf.headers.get("content-disposition")).toContain(`${invoice.number}.pdf`)
    expect(startsWithPdf(pdf.bytes)).toBe(true)
    const receipt = await download(server, `/v2/pricing/payments/${invoice.id}/recipt/`, user.access)
    expect(receipt.status).toBe(200)
    expect(startsWithPdf(receipt.bytes)).toBe(true)

    // Decided once: a second decision is a 409.
    expect((await c.post(`/v2/staff/payments/${invoice.id}/accept/`, undefined, as(staff))).status).toBe(409)
    expect((await c.post(`/v2/staff/payments/${invoice.id}/reject/`, { reason: "late" }, as(staff))).status).toBe(409)
  })

  it("refuses an invoice without a receipt with 409, and anyone who is not staff with 403", async () => {
    const user = await createSignedIn(server)
    const unpaid = await issueInvoice(server, user)
    expect((await c.post(`/v2/staff/payments/${unpaid.id}/accept/`, undefined, as(staff))).status).toBe(409)
    const waiting = await sendProof(server, user.access, unpaid.id)
    expect(waiting.status).toBe(201)
    const refused = await c.post(`/v2/staff/payments/${unpaid.id}/accept/`, undefined, as(user))
    expect(refused.status).toBe(403)
    expect((await c.get(`/v2/pricing/payments/${unpaid.id}/`, as(user))).body.data.status).toBe("waiting")
    expect((await c.get("/v2/pricing/plan/storage/", as(user))).body.data.total_storage).toBe(5 * GiB)
  })
})

describe("staff reject", () => {
  it("sends the invoice back to unpaid with the reason, tells the user, and takes a new receipt", async () => {
    const user = await createSignedIn(server, { name: "Agus Pratama" })
    const invoice = await waitingInvoice(server, user)
    expect((await c.post(`/v2/staff/payments/${invoice.id}/reject/`, { reason: "   " }, as(staff))).status).toBe(400)
    const reason = "The transferred amount is Rp 150.000, not the invoice's amount."
    const rejected = await c.post(`/v2/staff/payments/${invoice.id}/reject/`, { reason }, as(staff))
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200)

    const detail = (await c.get(`/v2/pricing/payments/${invoice.id}/`, as(user))).body.data
    expect(detail).toMatchObject({ status: "unpaid", rejection_reason: reason, paid_at: null })
    expect(detail.actions).toMatchObject({ upload_proof: true, receipt: false })
    expect(detail.history.at(-1)).toMatchObject({ kind: "rejected", by: "staff", reason })
    expect((await c.get("/v2/pricing/plan/storage/", as(user))).body.data.total_storage).toBe(5 * GiB)
    expect((await c.get("/v2/notifications/", as(user))).body.data.data.results[0]).toMatchObject({
      type: "payment",
      invoice: { id: invoice.id, status: "unpaid" }
    })
    const mail = await mailWith(server, user.email, "could not be accepted")
    expect(mail.text).toContain(reason)

    // Retry: a new receipt, then accepted.
    const retried = await sendProof(server, user.access, invoice.id, PDF, "again.pdf")
    expect(retried.status).toBe(201)
    expect(retried.body.data).toMatchObject({ status: "waiting", rejection_reason: null })
    expect((await c.post(`/v2/staff/payments/${invoice.id}/accept/`, undefined, as(staff))).status).toBe(200)
    const history = (await c.get(`/v2/pricing/payments/${invoice.id}/`, as(user))).body.data.history
    expect(history.map((h: { kind: string }) => h.kind)).toEqual(["issued", "proof_uploaded", "rejected", "proof_uploaded", "accepted"])
  })
})

describe("a second plan", () => {
  it("queues a renewal of the same plan after the period in force, and starts a dearer plan now", async () => {
    const user = await createSignedIn(server)
    const first = await waitingInvoice(server, user, "basic")
    await c.post(`/v2/staff/payments/${first.id}/accept/`, undefined, as(staff))
    const period = (await c.get("/v2/pricing/plan/current/", as(user))).body.data.subscription

    const renewal = await waitingInvoice(server, user, "basic")
    const renewed = (await c.post(`/v2/staff/payments/${renewal.id}/accept/`, undefined, as(staff))).body.data
    expect(renewed.period.starts_at).toBe(period.ends_at)
    expect((await c.get("/v2/pricing/plan/current/", as(user))).body.data.subscription.invoice_id).toBe(first.id)

    const upgrade = await waitingInvoice(server, user, "pro")
    await c.post(`/v2/staff/payments/${upgrade.id}/accept/`, undefined, as(staff))
    const now = (await c.get("/v2/pricing/plan/current/", as(user))).body.data
    expect(now.plan.id).toBe("pro")
    expect((await c.get("/v2/pricing/plan/storage/", as(user))).body.data.total_storage).toBe(500 * GiB)
  })
})

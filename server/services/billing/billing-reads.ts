// The reads of a user's billing: the plan in force (with the open invoice and the plan they lapsed
// from), their invoices page by page, and one invoice in detail.
import { Effect } from "effect"
import type { CurrentPlan, Invoice } from "../../../src/contract/billing.ts"
import { listInvoices, openInvoiceOf } from "../../db/invoices.ts"
import { currentPeriods, lastEndedPeriod, periodsOfInvoices } from "../../db/subscriptions.ts"
import { toInvoice } from "../../domain/invoice-wire.ts"
import type { Paging } from "../../domain/paging.ts"
import { periodAt, planAt, toWirePlan } from "../../domain/plans.ts"
import { StaffRoles } from "../auth/StaffRoles.ts"
import { Database, sql } from "../platform/Database.ts"
import { detailOf, ownInvoice } from "./invoice-detail.ts"

export const makeBillingReads = Effect.gen(function* () {
  const { db } = yield* Database
  const staff = yield* StaffRoles

  const current = Effect.fn("Billing.current")(function* (userId: string) {
    const now = new Date()
    const [periods, open, last, isStaff] = yield* Effect.all([
      sql(() => currentPeriods(db, userId, now)),
      sql(() => openInvoiceOf(db, userId)),
      sql(() => lastEndedPeriod(db, userId, now)),
      staff.isStaff(userId)
    ])
    const period = periodAt(periods, now)
    return {
      plan: toWirePlan(planAt(periods, now)),
      subscription: period
        ? { plan_id: period.plan_id, invoice_id: period.invoice_id, started_at: period.started_at, ends_at: period.ends_at }
        : null,
      lapsed: !period && last ? { plan_id: last.plan_id, ended_at: last.ends_at } : null,
      open_invoice: open ? toInvoice(open.invoice, open.proof, undefined) : null,
      staff: isStaff
    } satisfies CurrentPlan
  })

  const list = Effect.fn("Billing.list")(function* (userId: string, { limit, offset }: Paging) {
    const { results, count } = yield* sql(() => listInvoices(db, userId, limit, offset))
    // Only paid invoices have a period; read those few.
    const paid = results.filter((r) => r.invoice.status === "paid").map((r) => r.invoice.id)
    const periods = yield* sql(() => periodsOfInvoices(db, paid))
    const byInvoice = new Map(periods.map((p) => [p.invoice_id, { starts_at: p.started_at, ends_at: p.ends_at }]))
    const page: ReadonlyArray<Invoice> = results.map((r) => toInvoice(r.invoice, r.proof, byInvoice.get(r.invoice.id)))
    return { results: page, count }
  })

  const get = Effect.fn("Billing.get")(function* (userId: string, invoiceId: string) {
    return yield* detailOf(db, yield* ownInvoice(db, userId, invoiceId))
  })

  return { current, list, get }
})

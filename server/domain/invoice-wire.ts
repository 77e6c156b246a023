// An invoice as the wire shows it (src/contract/billing.ts), from its row, its last receipt and its
// events. Pure, so what the SPA is told (status, dates, actions, history) is tested without a server.
import type { Invoice, InvoiceHistoryEntry } from "../../src/contract/billing.ts"
import type { InvoiceRow, ProofRow } from "../db/invoices.ts"
import type { LoggedEvent } from "./events.ts"
import { actionsOf, verifyBy } from "./invoice-rules.ts"
import { findPlan } from "./plans.ts"

export interface PaidPeriod {
  readonly starts_at: string
  readonly ends_at: string
}

export const toInvoice = (invoice: InvoiceRow, proof: ProofRow | undefined, period: PaidPeriod | undefined): Invoice => ({
  id: invoice.id,
  number: invoice.number,
  status: invoice.status,
  tier: invoice.plan_id,
  tier_name: findPlan(invoice.plan_id)?.name ?? invoice.plan_id,
  price: invoice.price,
  unique_code: invoice.unique_code,
  amount: invoice.amount,
  currency: "IDR",
  bank: { bank_name: invoice.bank_name, account_number: invoice.bank_account, account_holder: invoice.bank_holder },
  created_at: invoice.created_at,
  due_at: invoice.due_at,
  paid_at: invoice.paid_at,
  period: period ? { starts_at: period.starts_at, ends_at: period.ends_at } : null,
  proof: proof ? { id: proof.id, content_type: proof.content_type, size: proof.size, uploaded_at: proof.created_at } : null,
  verify_by: invoice.status === "waiting" && invoice.proof_at ? verifyBy(invoice.proof_at) : null,
  rejection_reason: invoice.status === "unpaid" ? invoice.rejection_reason : null,
  actions: actionsOf(invoice.status)
})

/** One event of an invoice's history as its owner sees it; undefined for an event that is not billing's. */
export const historyEntry = (e: LoggedEvent): InvoiceHistoryEntry | undefined => {
  const base = { id: e.id, at: e.created_at }
  switch (e.kind) {
    case "payment.invoice_issued":
      return { ...base, kind: "issued", by: "user", plan: e.payload.plan_id, amount: e.payload.amount }
    case "payment.plan_changed":
      return {
        ...base,
        kind: "plan_changed",
        by: "user",
        from_plan: e.payload.from_plan,
        plan: e.payload.plan_id,
        amount: e.payload.amount
      }
    case "payment.cancelled":
      return { ...base, kind: "cancelled", by: e.payload.by }
    case "payment.proof_uploaded":
      return { ...base, kind: "proof_uploaded", by: "user" }
    case "payment.accepted":
      return { ...base, kind: "accepted", by: "staff" }
    case "payment.rejected":
      return { ...base, kind: "rejected", by: "staff", reason: e.payload.reason }
    case "subscription.expired":
      return { ...base, kind: "expired", by: "system" }
    default:
      return undefined
  }
}

// What may happen to an invoice, and the numbers on it. Pure: the billing services apply these in
// their transactions; the SPA is told the outcome as `actions`.
import type { InvoiceStatus } from "../../src/contract/billing.ts"
import { VERIFICATION_HOURS } from "../../src/contract/billing.ts"
import { findPlan, type Period, type Plan } from "./plans.ts"

/**
 * Hours to transfer after the invoice is issued; an unpaid invoice is cancelled after that, which
 * frees its unique code. Short, since every unpaid invoice holds one of a price's UNIQUE_CODE_MAX
 * codes: a day is enough for a transfer, and whoever hoards codes must come back for each every day.
 */
export const INVOICE_DUE_HOURS = 24
/** The unique code is 1 to this, added to the price: at most this many invoices open at once per price. */
export const UNIQUE_CODE_MAX = 999
/**
 * The window of the per-address limit on issuing invoices (config.billing.invoicesPerAddress): with
 * invoices due within a day, it bounds how many codes one address can hold at once.
 */
export const INVOICE_ISSUE_WINDOW_SECONDS = 24 * 60 * 60

const DAY_MS = 24 * 60 * 60 * 1000
const HOUR_MS = 60 * 60 * 1000

export const dueAt = (issued: Date): string => new Date(issued.getTime() + INVOICE_DUE_HOURS * HOUR_MS).toISOString()

/** Staff promise to verify a receipt within 2 x 24 hours of its arrival. */
export const verifyBy = (proofAt: string): string => new Date(Date.parse(proofAt) + VERIFICATION_HOURS * HOUR_MS).toISOString()

/**
 * A code in 1..UNIQUE_CODE_MAX that no open invoice holds, starting from a random one so codes do
 * not reveal how many invoices are open; undefined when every code is taken.
 */
export const pickUniqueCode = (taken: ReadonlySet<number>, random: () => number): number | undefined => {
  const start = Math.floor(random() * UNIQUE_CODE_MAX)
  for (let i = 0; i < UNIQUE_CODE_MAX; i++) {
    const code = ((start + i) % UNIQUE_CODE_MAX) + 1
    if (!taken.has(code)) return code
  }
  return undefined
}

const NUMBER_ALPHABET = "0123456789ABCDEFGHJKLMNPQRSTUVWXYZ"

/** "INV-202611-7KQ2M9": the month it was issued and six characters without look-alikes (no I, O). */
export const invoiceNumber = (issued: Date, randomBytes: Uint8Array): string => {
  const month = `${issued.getUTCFullYear()}${String(issued.getUTCMonth() + 1).padStart(2, "0")}`
  const tail = [...randomBytes.subarray(0, 6)].map((b) => NUMBER_ALPHABET[b % NUMBER_ALPHABET.length]).join("")
  return `INV-${month}-${tail}`
}

export type InvoiceChange = "upload_proof" | "change_plan" | "cancel" | "accept" | "reject"

/**
 * Every change an invoice may go through: the statuses it starts from and the status it leaves. A
 * receipt and plan changes only while unpaid, decisions only while waiting; paid and cancelled are
 * final. The services' conditional updates and the owner's buttons both read this table.
 */
const transitions: Record<InvoiceChange, { readonly from: ReadonlyArray<InvoiceStatus>; readonly to: InvoiceStatus }> = {
  upload_proof: { from: ["unpaid"], to: "waiting" },
  change_plan: { from: ["unpaid"], to: "unpaid" },
  cancel: { from: ["unpaid"], to: "cancelled" },
  accept: { from: ["waiting"], to: "paid" },
  reject: { from: ["waiting"], to: "unpaid" }
}

export const allows = (status: InvoiceStatus, change: InvoiceChange): boolean => transitions[change].from.includes(status)

/** The statuses a change may start from: the guard of its conditional update. */
export const allowedFrom = (change: InvoiceChange): ReadonlyArray<InvoiceStatus> => transitions[change].from

/** The status a change leaves the invoice in. */
export const statusAfter = (change: InvoiceChange): InvoiceStatus => transitions[change].to

/** Open invoices, those something can still happen to (unpaid, waiting): they hold a unique code, one per user. */
export const OPEN_STATUSES: ReadonlyArray<InvoiceStatus> = [...new Set(Object.values(transitions).flatMap((t) => t.from))]

/** A new invoice waits for its transfer. */
export const ISSUED_STATUS: InvoiceStatus = "unpaid"

/** A receipt exists once the payment is accepted. */
export const hasReceipt = (status: InvoiceStatus): boolean => status === statusAfter("accept")

/** The owner's buttons: the invoice PDF always (it says what it is), the receipt once paid. */
export const actionsOf = (status: InvoiceStatus) => ({
  upload_proof: allows(status, "upload_proof"),
  change_plan: allows(status, "change_plan"),
  cancel: allows(status, "cancel"),
  download: true,
  receipt: hasReceipt(status)
})

/**
 * The period an accepted payment buys. A first plan, or a dearer one than the plan in force, starts
 * now; the same plan or a cheaper one follows the period in force, so nothing paid for is lost.
 */
export const periodOnAccept = (inForce: Period | undefined, plan: Plan, now: Date): { starts_at: string; ends_at: string } => {
  const current = inForce ? findPlan(inForce.plan_id) : undefined
  const queued = inForce !== undefined && current !== undefined && current.priceIdr >= plan.priceIdr
  const start = queued ? new Date(inForce.ends_at) : now
  const days = plan.periodDays ?? 0
  return { starts_at: start.toISOString(), ends_at: new Date(start.getTime() + days * DAY_MS).toISOString() }
}

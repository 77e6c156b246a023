// The invoice queries billing shares: an invoice with its last receipt, lists, the amounts open
// invoices hold, an invoice's period and history (its events, with who on the staff did each), and
// the facts its PDFs print.
import type { Selectable } from "kysely"
import { decodeLogged } from "../domain/events.ts"
import { allowedFrom, type InvoiceChange, OPEN_STATUSES, statusAfter } from "../domain/invoice-rules.ts"
import { findPlan } from "../domain/plans.ts"
import type { BillingDocument } from "../pdf/billing-pdf.ts"
import type { Trx } from "../services/platform/Database.ts"
import type { InvoicesTable, PaymentProofsTable } from "./schema.ts"
import type { MailUser } from "./users.ts"

export type InvoiceRow = Selectable<InvoicesTable>
export type ProofRow = Selectable<PaymentProofsTable>

export interface InvoiceWithProof {
  readonly invoice: InvoiceRow
  readonly proof: ProofRow | undefined
}

const withProofs = async (d: Trx, invoices: ReadonlyArray<InvoiceRow>): Promise<InvoiceWithProof[]> => {
  const ids = invoices.flatMap((i) => (i.proof_id ? [i.proof_id] : []))
  const proofs = ids.length === 0 ? [] : await d.selectFrom("payment_proofs").selectAll().where("id", "in", ids).execute()
  const byId = new Map(proofs.map((p) => [p.id, p]))
  return invoices.map((invoice) => ({ invoice, proof: invoice.proof_id ? byId.get(invoice.proof_id) : undefined }))
}

export const findInvoice = async (d: Trx, id: string): Promise<InvoiceWithProof | undefined> => {
  const invoice = await d.selectFrom("invoices").selectAll().where("id", "=", id).executeTakeFirst()
  return invoice ? (await withProofs(d, [invoice]))[0] : undefined
}

/** The user's open invoice (unpaid or waiting); at most one (index invoices_one_open). */
export const openInvoiceOf = async (d: Trx, userId: string): Promise<InvoiceWithProof | undefined> => {
  const invoice = await d
    .selectFrom("invoices")
    .selectAll()
    .where("user_id", "=", userId)
    .where("status", "in", OPEN_STATUSES)
    .executeTakeFirst()
  return invoice ? (await withProofs(d, [invoice]))[0] : undefined
}

/** The user's invoices, newest first. */
export const listInvoices = async (d: Trx, userId: string, limit: number, offset: number) => {
  const [rows, total] = await Promise.all([
    d
      .selectFrom("invoices")
      .selectAll()
      .where("user_id", "=", userId)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(limit)
      .offset(offset)
      .execute(),
    d
      .selectFrom("invoices")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("user_id", "=", userId)
      .executeTakeFirst()
  ])
  return { results: await withProofs(d, rows), count: Number(total?.n ?? 0) }
}

/** Unique codes open invoices of this price hold (their amounts must differ). */
export const takenCodes = async (d: Trx, price: number): Promise<Set<number>> => {
  const rows = await d
    .selectFrom("invoices")
    .select("unique_code")
    .where("price", "=", price)
    .where("status", "in", OPEN_STATUSES)
    .execute()
  return new Set(rows.map((r) => r.unique_code))
}

export interface StaffInvoiceRow extends InvoiceWithProof {
  readonly user: { readonly id: string; readonly email: string; readonly name: string }
}

/**
 * Invoices of one status for staff: waiting ones by their receipt's arrival, oldest first (the
 * queue); the others newest first.
 */
export const listForStaff = async (d: Trx, status: InvoiceRow["status"], limit: number, offset: number) => {
  let query = d
    .selectFrom("invoices as i")
    .innerJoin("users as u", "u.id", "i.user_id")
    .selectAll("i")
    .select(["u.email as user_email", "u.name as user_name"])
    .where("i.status", "=", status)
  query =
    status === "waiting"
      ? query.orderBy("i.proof_at", "asc").orderBy("i.id", "asc")
      : query.orderBy("i.created_at", "desc").orderBy("i.id", "desc")
  const [rows, total] = await Promise.all([
    query.limit(limit).offset(offset).execute(),
    d
      .selectFrom("invoices")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("status", "=", status)
      .executeTakeFirst()
  ])
  const withProof = await withProofs(d, rows)
  const results: StaffInvoiceRow[] = withProof.map((r, i) => ({
    ...r,
    user: { id: r.invoice.user_id, email: rows[i]!.user_email, name: rows[i]!.user_name }
  }))
  return { results, count: Number(total?.n ?? 0) }
}

/** An invoice's events in the order they happened. */
const invoiceEvents = (d: Trx, invoiceId: string) =>
  d
    .selectFrom("events")
    .select(["id", "kind", "actor_id", "lab_id", "payload", "created_at"])
    .where("invoice_id", "=", invoiceId)
    .orderBy("seq", "asc")
    .execute()

/** An invoice's events in the order they happened, and who on the staff did each (by event id). */
export const historyRows = async (d: Trx, invoiceId: string) => {
  const [events, actions] = await Promise.all([
    invoiceEvents(d, invoiceId),
    d.selectFrom("staff_actions").select(["event_id", "staff_label"]).where("invoice_id", "=", invoiceId).execute()
  ])
  const staff = new Map(actions.flatMap((a) => (a.event_id ? [[a.event_id, a.staff_label] as const] : [])))
  return { events, staff }
}

/** An invoice's detail parts every reader shares: its period once paid, its events. */
export const invoiceParts = (d: Trx, invoiceId: string) =>
  Promise.all([
    d.selectFrom("subscriptions").select(["started_at", "ends_at"]).where("invoice_id", "=", invoiceId).executeTakeFirst(),
    invoiceEvents(d, invoiceId)
  ]).then(([period, events]) => ({
    period: period ? { starts_at: period.started_at, ends_at: period.ends_at } : undefined,
    events: events.flatMap((row) => {
      const logged = decodeLogged(row)
      return logged ? [logged] : []
    })
  }))

/** A new invoice's row. */
export const insertInvoice = (d: Trx, row: InvoiceRow) => d.insertInto("invoices").values(row).execute()

/**
 * Moves the invoice by `change` when its status still allows it (invoice-rules.ts), narrowed to its
 * owner or to a due date passed when asked: a conditional update, so of two requests moving the
 * same invoice at once only one does. Whether it moved.
 */
export const moveInvoice = async (
  d: Trx,
  id: string,
  change: InvoiceChange,
  set: Omit<Partial<InvoiceRow>, "id" | "status"> = {},
  only: { readonly userId?: string; readonly dueBy?: string } = {}
): Promise<boolean> => {
  let query = d
    .updateTable("invoices")
    .set({ ...set, status: statusAfter(change), updated_at: set.updated_at ?? new Date().toISOString() })
    .where("id", "=", id)
    .where("status", "in", allowedFrom(change))
  if (only.userId !== undefined) query = query.where("user_id", "=", only.userId)
  if (only.dueBy !== undefined) query = query.where("due_at", "<=", only.dueBy)
  const updated = await query.executeTakeFirst()
  return Number(updated.numUpdatedRows) > 0
}

/** A receipt's row; the invoice names it once it moves to waiting. */
export const insertProof = (d: Trx, proof: ProofRow) => d.insertInto("payment_proofs").values(proof).execute()

/** The facts the invoice and receipt PDFs print. */
export const documentOf = (
  row: InvoiceRow,
  user: MailUser,
  period: { starts_at: string; ends_at: string } | undefined
): BillingDocument => {
  const plan = findPlan(row.plan_id)
  return {
    number: row.number,
    status: row.status,
    customer: { name: user.name, email: user.email },
    plan: { name: plan?.name ?? row.plan_id, periodDays: plan?.periodDays ?? null },
    price: row.price,
    uniqueCode: row.unique_code,
    amount: row.amount,
    bank: { bankName: row.bank_name, accountNumber: row.bank_account, accountHolder: row.bank_holder },
    createdAt: row.created_at,
    dueAt: row.due_at,
    paidAt: row.paid_at,
    period: period ? { startsAt: period.starts_at, endsAt: period.ends_at } : null,
    seller: row.bank_holder
  }
}

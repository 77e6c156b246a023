// Issuing a user's invoice for a paid plan, and changing or cancelling it while unpaid. Every change
// is a conditional update on the invoice's status written with its event in one transaction, so two
// requests (two tabs, two processes) never both move the same invoice; an amount two open invoices
// drew at once is drawn again.
import { randomBytes, randomUUID } from "node:crypto"
import { Data, Effect, Schedule } from "effect"
import { badRequest, Conflict } from "../../../src/contract/errors.ts"
import type { InvoiceChangePayload } from "../../../src/contract/billing.ts"
import { findInvoice, type InvoiceRow, insertInvoice, moveInvoice, openInvoiceOf, takenCodes } from "../../db/invoices.ts"
import { isUniqueViolation } from "../../db/unique-violation.ts"
import { type MailUser, mailUserOf } from "../../db/users.ts"
import { billingMessages } from "../../domain/billing-messages.ts"
import { allows, dueAt, INVOICE_ISSUE_WINDOW_SECONDS, invoiceNumber, ISSUED_STATUS, pickUniqueCode } from "../../domain/invoice-rules.ts"
import { findPlan, paidPlan } from "../../domain/plans.ts"
import { invoiceIssuedMail, invoiceLink } from "../../mail/billing.ts"
import { AppConfig } from "../platform/AppConfig.ts"
import { Database, sql, type Trx } from "../platform/Database.ts"
import { EventLog } from "../platform/EventLog.ts"
import { Mailer } from "../platform/Mailer.ts"
import { RateLimiter } from "../platform/RateLimiter.ts"
import { detailOf, ownInvoice } from "./invoice-detail.ts"

/** Two open invoices drew the same amount or number at once; the loser draws again. */
class Collision extends Data.TaggedError("Collision") {}

const retryCollisions = <A, E, R>(effect: Effect.Effect<A, E | Collision, R>): Effect.Effect<A, Exclude<E, Collision> | Conflict, R> =>
  effect.pipe(
    Effect.retry({ while: (e) => e instanceof Collision, schedule: Schedule.recurs(5) }),
    Effect.catchTag("Collision", () => Effect.fail(new Conflict({ message: billingMessages.busy })))
  ) as Effect.Effect<A, Exclude<E, Collision> | Conflict, R>

/** An insert or update that may meet a unique index: a Collision, anything else a defect. */
const guarded = <A>(run: () => Promise<A>): Effect.Effect<A, Collision> =>
  Effect.tryPromise({ try: run, catch: (e) => e }).pipe(
    Effect.catch((error) => (isUniqueViolation(error) ? Effect.fail(new Collision()) : Effect.die(error)))
  )

export const makeInvoiceIssue = Effect.gen(function* () {
  const database = yield* Database
  const config = yield* AppConfig
  const events = yield* EventLog
  const mailer = yield* Mailer
  const limiter = yield* RateLimiter

  const mailInvoice = (user: MailUser, row: InvoiceRow) =>
    mailer.sendInBackground({
      to: user.email,
      ...invoiceIssuedMail(user.locale, {
        name: user.name,
        number: row.number,
        plan: findPlan(row.plan_id)?.name ?? row.plan_id,
        amount: row.amount,
        dueAt: row.due_at,
        bank: { bankName: row.bank_name, accountNumber: row.bank_account, accountHolder: row.bank_holder },
        link: invoiceLink(config.publicUrl, user.locale, row.id)
      })
    })

  /** A unique code free for this price, or the 409 of a price whose every code is open. */
  const freeCode = (d: Trx, price: number) =>
    Effect.gen(function* () {
      const code = pickUniqueCode(yield* sql(() => takenCodes(d, price)), Math.random)
      if (code === undefined) return yield* new Conflict({ message: billingMessages.busy })
      return code
    })

  const choose = Effect.fn("Billing.choose")(function* (userId: string, planId: string, ip: string) {
    const plan = paidPlan(planId)
    if (!plan) return yield* Effect.fail(badRequest({ plan_id: [billingMessages.unknownPlan] }, billingMessages.unknownPlan))
    // Each unpaid invoice holds one of the price's unique codes until it is due: one address
    // (throwaway accounts behind it) may take only so many a day. Counted first, so parallel
    // requests cannot outrun it; given back when no invoice is issued (one already open).
    const perAddress = {
      key: `invoice-issue-ip:${ip}`,
      max: config.billing.invoicesPerAddress,
      windowSeconds: INVOICE_ISSUE_WINDOW_SECONDS
    }
    yield* limiter.attempt(perAddress)
    const issued = yield* retryCollisions(
      database.transaction((trx) =>
        Effect.gen(function* () {
          const open = yield* sql(() => openInvoiceOf(trx, userId))
          if (open) return yield* new Conflict({ message: billingMessages.alreadyOpen(open.invoice.number) })
          const now = new Date()
          const code = yield* freeCode(trx, plan.priceIdr)
          const { bank } = config.billing
          const row: InvoiceRow = {
            id: randomUUID(),
            number: invoiceNumber(now, randomBytes(6)),
            user_id: userId,
            plan_id: plan.id,
            price: plan.priceIdr,
            unique_code: code,
            amount: plan.priceIdr + code,
            bank_name: bank.bankName,
            bank_account: bank.accountNumber,
            bank_holder: bank.accountHolder,
            status: ISSUED_STATUS,
            rejection_reason: null,
            proof_id: null,
            proof_at: null,
            created_at: now.toISOString(),
            due_at: dueAt(now),
            paid_at: null,
            cancelled_at: null,
            updated_at: now.toISOString()
          }
          yield* guarded(() => insertInvoice(trx, row))
          yield* events.record(trx, {
            actorId: userId,
            invoiceId: row.id,
            kind: "payment.invoice_issued",
            payload: { invoice_id: row.id, number: row.number, plan_id: plan.id, amount: row.amount }
          })
          return { row, user: yield* sql(() => mailUserOf(trx, userId)), detail: yield* detailOf(trx, { invoice: row, proof: undefined }) }
        })
      )
    ).pipe(Effect.tapError(() => limiter.refund(perAddress)))
    if (issued.user) yield* mailInvoice(issued.user, issued.row)
    return issued.detail
  })

  /** Moves an unpaid invoice on; 409 when it is no longer unpaid (paid, waiting, cancelled meanwhile). */
  const whileUnpaid = (trx: Trx, row: InvoiceRow, change: "cancel" | "change_plan", set: Partial<InvoiceRow>) =>
    Effect.gen(function* () {
      const moved = yield* guarded(() => moveInvoice(trx, row.id, change, set))
      if (!moved) return yield* new Conflict({ message: billingMessages.notUnpaid })
    })

  const change = Effect.fn("Billing.change")(function* (userId: string, invoiceId: string, payload: InvoiceChangePayload) {
    const newPlan = payload.action === "change_plan" ? paidPlan(payload.plan_id) : undefined
    if (payload.action === "change_plan" && !newPlan)
      return yield* Effect.fail(badRequest({ plan_id: [billingMessages.unknownPlan] }, billingMessages.unknownPlan))
    return yield* retryCollisions(
      database.transaction((trx) =>
        Effect.gen(function* () {
          const found = yield* ownInvoice(trx, userId, invoiceId)
          const row = found.invoice
          if (!allows(row.status, payload.action)) return yield* new Conflict({ message: billingMessages.notUnpaid })
          if (payload.action === "cancel") {
            yield* whileUnpaid(trx, row, "cancel", { cancelled_at: new Date().toISOString() })
            yield* events.record(trx, {
              actorId: userId,
              invoiceId: row.id,
              kind: "payment.cancelled",
              payload: { invoice_id: row.id, by: "user" }
            })
          } else if (newPlan && newPlan.id !== row.plan_id) {
            const code = yield* freeCode(trx, newPlan.priceIdr)
            const amount = newPlan.priceIdr + code
            yield* whileUnpaid(trx, row, "change_plan", { plan_id: newPlan.id, price: newPlan.priceIdr, unique_code: code, amount })
            yield* events.record(trx, {
              actorId: userId,
              invoiceId: row.id,
              kind: "payment.plan_changed",
              payload: { invoice_id: row.id, from_plan: row.plan_id, plan_id: newPlan.id, amount }
            })
          }
          const now = yield* sql(() => findInvoice(trx, row.id))
          return yield* detailOf(trx, now ?? found)
        })
      )
    )
  })

  return { choose, change }
})

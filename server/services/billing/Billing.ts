// A user's side of paying for a plan: the plan in force, choosing a paid plan (an invoice), changing
// or cancelling it while unpaid, uploading the transfer receipt, and the invoice and receipt PDFs.
// Every change is a conditional update on the invoice's status written with its event in one
// transaction, so two requests (two tabs, two processes) never both move the same invoice.
import { randomBytes, randomUUID } from "node:crypto"
import { readFile, stat } from "node:fs/promises"
import { Context, Data, Effect, Layer, Schedule } from "effect"
import type { Multipart } from "effect/http"
import type { Locale } from "../../../src/contract/auth.ts"
import type { Paging } from "../../domain/paging.ts"
import { type BadRequest, badRequest, Conflict, NotFound, PayloadTooLarge, type TooManyRequests } from "../../../src/contract/errors.ts"
import {
  type CurrentPlan,
  type Invoice,
  type InvoiceChangePayload,
  type InvoiceDetail,
  PROOF_MAX_BYTES
} from "../../../src/contract/pricing.ts"
import { findInvoice, type InvoiceRow, type InvoiceWithProof, listInvoices, openInvoiceOf, takenCodes } from "../../db/invoices.ts"
import { currentPeriods } from "../../db/subscriptions.ts"
import { isUniqueViolation } from "../../db/unique-violation.ts"
import { billingMessages } from "../../domain/billing-messages.ts"
import { decodeLogged } from "../../domain/events.ts"
import { dueAt, INVOICE_ISSUE_WINDOW_SECONDS, invoiceNumber, pickUniqueCode, verifyBy } from "../../domain/invoice-rules.ts"
import { historyEntry, toInvoice } from "../../domain/invoice-wire.ts"
import { catalogue, findPlan, paidPlan, periodAt, planAt, toWirePlan } from "../../domain/plans.ts"
import { PROOF_SNIFF_BYTES, proofTypeOf } from "../../domain/proof-type.ts"
import { invoiceIssuedMail, invoiceLink, proofReceivedMail, staffProofMail } from "../../mail/billing.ts"
import { type BillingDocument, invoicePdf, receiptPdf } from "../../pdf/billing-pdf.ts"
import { ProofRefused, rewriteProof } from "../../pdf/proof-rewrite.ts"
import { AppConfig } from "../platform/AppConfig.ts"
import { BlobStore } from "../platform/BlobStore.ts"
import { Database, sql, type Trx } from "../platform/Database.ts"
import { EventLog } from "../platform/EventLog.ts"
import { Mailer } from "../platform/Mailer.ts"
import { RateLimiter } from "../platform/RateLimiter.ts"
import { StaffRoles } from "../auth/StaffRoles.ts"

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

export interface UserOfInvoice {
  readonly id: string
  readonly email: string
  readonly name: string
  readonly locale: Locale
}

export interface Pdf {
  readonly bytes: Uint8Array
  readonly filename: string
}

/** An invoice's detail parts every reader shares: its period once paid, its events. */
export const invoiceParts = (d: Trx, invoiceId: string) =>
  Promise.all([
    d.selectFrom("subscriptions").select(["started_at", "ends_at"]).where("invoice_id", "=", invoiceId).executeTakeFirst(),
    d
      .selectFrom("events")
      .select(["id", "kind", "actor_id", "lab_id", "payload", "created_at"])
      .where("invoice_id", "=", invoiceId)
      .orderBy("seq", "asc")
      .execute()
  ]).then(([period, events]) => ({
    period: period ? { starts_at: period.started_at, ends_at: period.ends_at } : undefined,
    events: events.flatMap((row) => {
      const logged = decodeLogged(row)
      return logged ? [logged] : []
    })
  }))

export const userOf = (d: Trx, userId: string): Promise<UserOfInvoice | undefined> =>
  d
    .selectFrom("users")
    .select(["id", "email", "name", "locale"])
    .where("id", "=", userId)
    .executeTakeFirst()
    .then((u) => (u ? { ...u, locale: u.locale === "id" ? "id" : "en" } : undefined))

/** The facts the invoice and receipt PDFs print. */
export const documentOf = (
  row: InvoiceRow,
  user: UserOfInvoice,
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

export class Billing extends Context.Service<
  Billing,
  {
    readonly current: (userId: string) => Effect.Effect<CurrentPlan>
    readonly list: (userId: string, paging: Paging) => Effect.Effect<{ readonly results: ReadonlyArray<Invoice>; readonly count: number }>
    readonly get: (userId: string, invoiceId: string) => Effect.Effect<InvoiceDetail, NotFound>
    /** `ip`: the caller's address, which may have issued only so many invoices a day (429 past them). */
    readonly choose: (userId: string, planId: string, ip: string) => Effect.Effect<InvoiceDetail, BadRequest | Conflict | TooManyRequests>
    readonly change: (
      userId: string,
      invoiceId: string,
      change: InvoiceChangePayload
    ) => Effect.Effect<InvoiceDetail, BadRequest | NotFound | Conflict>
    readonly uploadProof: (
      userId: string,
      invoiceId: string,
      file: Multipart.PersistedFile
    ) => Effect.Effect<InvoiceDetail, BadRequest | NotFound | Conflict | PayloadTooLarge | TooManyRequests>
    readonly invoicePdf: (userId: string, invoiceId: string) => Effect.Effect<Pdf, NotFound>
    readonly receiptPdf: (userId: string, invoiceId: string) => Effect.Effect<Pdf, NotFound | Conflict>
  }
>()("preparat/Billing") {
  static readonly layer = Layer.effect(
    Billing,
    Effect.gen(function* () {
      const database = yield* Database
      const { db } = database
      const config = yield* AppConfig
      const events = yield* EventLog
      const blobs = yield* BlobStore
      const mailer = yield* Mailer
      const limiter = yield* RateLimiter
      const staff = yield* StaffRoles

      const detailOf = (d: Trx, { invoice, proof }: InvoiceWithProof) =>
        sql(() => invoiceParts(d, invoice.id)).pipe(
          Effect.map(
            ({ period, events: logged }): InvoiceDetail => ({
              ...toInvoice(invoice, proof, period),
              history: logged.flatMap((e) => {
                const entry = historyEntry(e)
                return entry ? [entry] : []
              })
            })
          )
        )

      /** The user's own invoice; someone else's is as absent as one that does not exist. */
      const own = (d: Trx, userId: string, invoiceId: string) =>
        Effect.gen(function* () {
          const found = yield* sql(() => findInvoice(d, invoiceId))
          if (!found || found.invoice.user_id !== userId) return yield* new NotFound({ message: billingMessages.invoiceNotFound })
          return found
        })

      const current = Effect.fn("Billing.current")(function* (userId: string) {
        const now = new Date()
        const [periods, open, last, isStaff] = yield* Effect.all([
          sql(() => currentPeriods(db, userId, now)),
          sql(() => openInvoiceOf(db, userId)),
          sql(() =>
            db
              .selectFrom("subscriptions")
              .select(["plan_id", "ends_at"])
              .where("user_id", "=", userId)
              .where("ends_at", "<=", now.toISOString())
              .orderBy("ends_at", "desc")
              .executeTakeFirst()
          ),
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
        }
      })

      const list = Effect.fn("Billing.list")(function* (userId: string, { limit, offset }: Paging) {
        const { results, count } = yield* sql(() => listInvoices(db, userId, limit, offset))
        // Only paid invoices have a period; read those few.
        const paid = results.filter((r) => r.invoice.status === "paid").map((r) => r.invoice.id)
        const periods =
          paid.length === 0
            ? []
            : yield* sql(() =>
                db.selectFrom("subscriptions").select(["invoice_id", "started_at", "ends_at"]).where("invoice_id", "in", paid).execute()
              )
        const byInvoice = new Map(periods.map((p) => [p.invoice_id, { starts_at: p.started_at, ends_at: p.ends_at }]))
        return { results: results.map((r) => toInvoice(r.invoice, r.proof, byInvoice.get(r.invoice.id))), count }
      })

      const get = Effect.fn("Billing.get")(function* (userId: string, invoiceId: string) {
        return yield* detailOf(db, yield* own(db, userId, invoiceId))
      })

      const mailInvoice = (user: UserOfInvoice, row: InvoiceRow) =>
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
                status: "unpaid",
                rejection_reason: null,
                proof_id: null,
                proof_at: null,
                created_at: now.toISOString(),
                due_at: dueAt(now),
                paid_at: null,
                cancelled_at: null,
                updated_at: now.toISOString()
              }
              yield* guarded(() => trx.insertInto("invoices").values(row).execute())
              yield* events.record(trx, {
                actorId: userId,
                invoiceId: row.id,
                kind: "payment.invoice_issued",
                payload: { invoice_id: row.id, number: row.number, plan_id: plan.id, amount: row.amount }
              })
              return { row, user: yield* sql(() => userOf(trx, userId)), detail: yield* detailOf(trx, { invoice: row, proof: undefined }) }
            })
          )
        ).pipe(Effect.tapError(() => limiter.refund(perAddress)))
        if (issued.user) yield* mailInvoice(issued.user, issued.row)
        return issued.detail
      })

      /** Moves an unpaid invoice on; 409 when it is no longer unpaid (paid, waiting, cancelled meanwhile). */
      const whileUnpaid = (trx: Trx, row: InvoiceRow, set: Partial<InvoiceRow>) =>
        Effect.gen(function* () {
          const updated = yield* guarded(() =>
            trx
              .updateTable("invoices")
              .set({ ...set, updated_at: new Date().toISOString() })
              .where("id", "=", row.id)
              .where("status", "=", "unpaid")
              .executeTakeFirst()
          )
          if (Number(updated.numUpdatedRows) === 0) return yield* new Conflict({ message: billingMessages.notUnpaid })
        })

      const change = Effect.fn("Billing.change")(function* (userId: string, invoiceId: string, payload: InvoiceChangePayload) {
        const newPlan = payload.action === "change_plan" ? paidPlan(payload.plan_id) : undefined
        if (payload.action === "change_plan" && !newPlan)
          return yield* Effect.fail(badRequest({ plan_id: [billingMessages.unknownPlan] }, billingMessages.unknownPlan))
        return yield* retryCollisions(
          database.transaction((trx) =>
            Effect.gen(function* () {
              const found = yield* own(trx, userId, invoiceId)
              const row = found.invoice
              if (row.status !== "unpaid") return yield* new Conflict({ message: billingMessages.notUnpaid })
              if (payload.action === "cancel") {
                yield* whileUnpaid(trx, row, { status: "cancelled", cancelled_at: new Date().toISOString() })
                yield* events.record(trx, {
                  actorId: userId,
                  invoiceId: row.id,
                  kind: "payment.cancelled",
                  payload: { invoice_id: row.id, by: "user" }
                })
              } else if (newPlan && newPlan.id !== row.plan_id) {
                const code = yield* freeCode(trx, newPlan.priceIdr)
                const amount = newPlan.priceIdr + code
                yield* whileUnpaid(trx, row, { plan_id: newPlan.id, price: newPlan.priceIdr, unique_code: code, amount })
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

      /** The receipt's type by its bytes, within the size limit; the 413 or 400 that says why not. */
      const inspectProof = (file: Multipart.PersistedFile) =>
        Effect.gen(function* () {
          const { size } = yield* Effect.promise(() => stat(file.path))
          if (size > PROOF_MAX_BYTES) return yield* new PayloadTooLarge({ message: billingMessages.proofTooLarge })
          const bytes = yield* Effect.promise(() => readFile(file.path))
          const type = proofTypeOf(bytes.subarray(0, PROOF_SNIFF_BYTES))
          const refused = Effect.fail({
            ...badRequest({ file: [billingMessages.proofFormat] }, billingMessages.proofFormat),
            code: "unsupported_format"
          })
          if (!type || size === 0) return yield* refused
          // What is stored is a copy holding only the picture or the pages (pdf/proof-rewrite.ts).
          const copy = yield* Effect.tryPromise({ try: () => rewriteProof(bytes, type), catch: (e) => e }).pipe(
            Effect.catch((error) =>
              error instanceof ProofRefused
                ? Effect.logInfo(`receipt refused: ${error.message}`).pipe(Effect.andThen(refused))
                : Effect.die(error)
            )
          )
          return { bytes: copy, type, size: copy.length }
        })

      const tellStaff = (row: InvoiceRow, user: UserOfInvoice, proofAt: string) =>
        Effect.gen(function* () {
          const members = yield* staff.list()
          const to = members.length > 0 ? members.map((m) => m.email) : [config.staffEmail]
          for (const address of to)
            yield* mailer.sendInBackground({
              to: address,
              ...staffProofMail({
                number: row.number,
                user: `${user.name} <${user.email}>`,
                plan: findPlan(row.plan_id)?.name ?? row.plan_id,
                amount: row.amount,
                verifyBy: verifyBy(proofAt),
                link: `${config.publicUrl}/dashboard/staff/payments`
              })
            })
        })

      const uploadProof = Effect.fn("Billing.uploadProof")(function* (userId: string, invoiceId: string, file: Multipart.PersistedFile) {
        yield* limiter.attempt({ key: `payment-proof:${userId}` })
        const found = yield* own(db, userId, invoiceId)
        if (found.invoice.status !== "unpaid") return yield* new Conflict({ message: billingMessages.notUnpaid })
        const proof = yield* inspectProof(file)
        const key = yield* blobs.put(proof.bytes)
        const saved = yield* database
          .transaction((trx) =>
            Effect.gen(function* () {
              const proofId = randomUUID()
              const at = new Date().toISOString()
              yield* sql(() =>
                trx
                  .insertInto("payment_proofs")
                  .values({
                    id: proofId,
                    invoice_id: invoiceId,
                    user_id: userId,
                    blob_key: key,
                    content_type: proof.type,
                    size: proof.size,
                    created_at: at
                  })
                  .execute()
              )
              const updated = yield* sql(() =>
                trx
                  .updateTable("invoices")
                  .set({ status: "waiting", proof_id: proofId, proof_at: at, rejection_reason: null, updated_at: at })
                  .where("id", "=", invoiceId)
                  .where("user_id", "=", userId)
                  .where("status", "=", "unpaid")
                  .executeTakeFirst()
              )
              if (Number(updated.numUpdatedRows) === 0) return yield* new Conflict({ message: billingMessages.notUnpaid })
              yield* events.record(trx, {
                actorId: userId,
                invoiceId,
                kind: "payment.proof_uploaded",
                payload: { invoice_id: invoiceId, proof_id: proofId, content_type: proof.type, size: proof.size }
              })
              const now = (yield* sql(() => findInvoice(trx, invoiceId)))!
              return { now, at, user: yield* sql(() => userOf(trx, userId)), detail: yield* detailOf(trx, now) }
            })
          )
          // A receipt whose invoice did not move is not kept.
          .pipe(Effect.onError(() => blobs.remove([key])))
        if (saved.user) {
          const user = saved.user
          yield* mailer.sendInBackground({
            to: user.email,
            ...proofReceivedMail(user.locale, {
              name: user.name,
              number: saved.now.invoice.number,
              verifyBy: verifyBy(saved.at),
              link: invoiceLink(config.publicUrl, user.locale, invoiceId)
            })
          })
          yield* tellStaff(saved.now.invoice, user, saved.at)
        }
        return saved.detail
      })

      const documentFor = (userId: string, invoiceId: string) =>
        Effect.gen(function* () {
          const { invoice } = yield* own(db, userId, invoiceId)
          const user = yield* sql(() => userOf(db, userId))
          const { period } = yield* sql(() => invoiceParts(db, invoiceId))
          return { invoice, user: user!, document: documentOf(invoice, user!, period) }
        })

      const invoiceDocument = Effect.fn("Billing.invoicePdf")(function* (userId: string, invoiceId: string) {
        const { invoice, user, document } = yield* documentFor(userId, invoiceId)
        return { bytes: yield* Effect.promise(() => invoicePdf(document, user.locale)), filename: `${invoice.number}.pdf` }
      })

      const receiptDocument = Effect.fn("Billing.receiptPdf")(function* (userId: string, invoiceId: string) {
        const { invoice, user, document } = yield* documentFor(userId, invoiceId)
        if (invoice.status !== "paid") return yield* new Conflict({ message: billingMessages.noReceiptYet })
        return { bytes: yield* Effect.promise(() => receiptPdf(document, user.locale)), filename: `${invoice.number}-receipt.pdf` }
      })

      return Billing.of({
        current,
        list,
        get,
        choose,
        change,
        uploadProof,
        invoicePdf: invoiceDocument,
        receiptPdf: receiptDocument
      })
    })
  )
}

export const catalogueOnWire = () => catalogue.map(toWirePlan)

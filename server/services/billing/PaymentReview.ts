// Staff's side of payments: the queue of receipts waiting (oldest first), one invoice with its
// receipt and history, and the decision. Accepting starts the plan's period in the same transaction
// as the invoice turns paid, so the quota and paid features follow at its commit; rejecting sends
// the invoice back to unpaid with the reason. Each decision is written with its event, the user's
// notification and a staff_actions row naming who decided (a staff user, or the operator's
// command), and mailed to the user after the commit. Callers check that the actor is staff.
import { randomUUID } from "node:crypto"
import type { Readable } from "node:stream"
import { Context, Effect, Layer } from "effect"
import { Conflict, NotFound } from "../../../src/contract/errors.ts"
import type { InvoiceStatus, StaffInvoice, StaffInvoiceDetail } from "../../../src/contract/billing.ts"
import { findInvoice, historyRows, type InvoiceWithProof, invoiceParts, listForStaff, moveInvoice } from "../../db/invoices.ts"
import { mailUserOf } from "../../db/users.ts"
import { currentPeriods } from "../../db/subscriptions.ts"
import { billingMessages } from "../../domain/billing-messages.ts"
import { decodeLogged } from "../../domain/events.ts"
import { dueAt, periodOnAccept } from "../../domain/invoice-rules.ts"
import { historyEntry, toInvoice } from "../../domain/invoice-wire.ts"
import type { Paging } from "../../domain/paging.ts"
import { findPlan, periodAt } from "../../domain/plans.ts"
import { invoiceLink, paymentAcceptedMail, paymentRejectedMail } from "../../mail/billing.ts"
import { AppConfig } from "../platform/AppConfig.ts"
import { BlobStore } from "../platform/BlobStore.ts"
import { Database, sql, type Trx } from "../platform/Database.ts"
import { EventLog } from "../platform/EventLog.ts"
import { Mailer } from "../platform/Mailer.ts"
import { Notifications } from "../platform/Notifications.ts"
import { type StaffActor, StaffRoles } from "../auth/StaffRoles.ts"

export interface StoredProof {
  /** The receipt's bytes, from the blob store. */
  readonly stream: Readable
  readonly contentType: string
  readonly size: number
  readonly filename: string
}

const extensions: Record<string, string> = { "image/png": "png", "image/jpeg": "jpg", "image/webp": "webp", "application/pdf": "pdf" }

export class PaymentReview extends Context.Service<
  PaymentReview,
  {
    readonly list: (
      status: InvoiceStatus,
      paging: Paging
    ) => Effect.Effect<{ readonly results: ReadonlyArray<StaffInvoice>; readonly count: number }>
    /** An invoice by its id or its number (the command line takes either). */
    readonly get: (ref: string) => Effect.Effect<StaffInvoiceDetail, NotFound>
    readonly proof: (ref: string) => Effect.Effect<StoredProof, NotFound>
    readonly accept: (actor: StaffActor, ref: string) => Effect.Effect<StaffInvoiceDetail, NotFound | Conflict>
    readonly reject: (actor: StaffActor, ref: string, reason: string) => Effect.Effect<StaffInvoiceDetail, NotFound | Conflict>
  }
>()("preparat/PaymentReview") {
  static readonly layer = Layer.effect(
    PaymentReview,
    Effect.gen(function* () {
      const database = yield* Database
      const { db } = database
      const config = yield* AppConfig
      const events = yield* EventLog
      const notifications = yield* Notifications
      const staff = yield* StaffRoles
      const blobs = yield* BlobStore
      const mailer = yield* Mailer

      const find = (d: Trx, ref: string) =>
        Effect.gen(function* () {
          const byId = yield* sql(() => findInvoice(d, ref))
          if (byId) return byId
          const byNumber = yield* sql(() =>
            d.selectFrom("invoices").select("id").where("number", "=", ref.trim().toUpperCase()).executeTakeFirst()
          )
          const found = byNumber ? yield* sql(() => findInvoice(d, byNumber.id)) : undefined
          if (!found) return yield* new NotFound({ message: billingMessages.invoiceNotFound })
          return found
        })

      const detailOf = (d: Trx, found: InvoiceWithProof) =>
        Effect.gen(function* () {
          const [{ period }, { events: rows, staff: labels }, user] = yield* sql(() =>
            Promise.all([invoiceParts(d, found.invoice.id), historyRows(d, found.invoice.id), mailUserOf(d, found.invoice.user_id)])
          )
          const history = rows.flatMap((row) => {
            const logged = decodeLogged(row)
            const entry = logged ? historyEntry(logged) : undefined
            if (!entry) return []
            const by = labels.get(row.id)
            return [by === undefined ? entry : { ...entry, staff: by }]
          })
          return {
            ...toInvoice(found.invoice, found.proof, period),
            user: { id: found.invoice.user_id, email: user?.email ?? "", name: user?.name ?? "" },
            history
          } satisfies StaffInvoiceDetail
        })

      const list = Effect.fn("PaymentReview.list")(function* (status: InvoiceStatus, { limit, offset }: Paging) {
        const { results, count } = yield* sql(() => listForStaff(db, status, limit, offset))
        return {
          results: results.map((r): StaffInvoice => ({ ...toInvoice(r.invoice, r.proof, undefined), user: r.user })),
          count
        }
      })

      const get = Effect.fn("PaymentReview.get")(function* (ref: string) {
        return yield* detailOf(db, yield* find(db, ref))
      })

      const proof = Effect.fn("PaymentReview.proof")(function* (ref: string) {
        const found = yield* find(db, ref)
        const bytes = found.proof ? yield* blobs.open(found.proof.blob_key) : undefined
        if (!found.proof || !bytes) return yield* new NotFound({ message: billingMessages.proofMissing })
        return {
          stream: bytes.stream,
          contentType: found.proof.content_type,
          size: bytes.size,
          filename: `${found.invoice.number}-transfer.${extensions[found.proof.content_type] ?? "bin"}`
        }
      })

      /** Moves a waiting invoice on; 409 when it is not waiting (decided meanwhile, or never sent a receipt). */
      const whileWaiting = (
        trx: Trx,
        id: string,
        change: "accept" | "reject",
        set: { paid_at?: string; rejection_reason?: string; due_at?: string }
      ) =>
        Effect.gen(function* () {
          const moved = yield* sql(() => moveInvoice(trx, id, change, set))
          if (!moved) return yield* new Conflict({ message: billingMessages.notWaiting })
        })

      /** The user's notification and the staff decision's event, named by each other, and who decided. */
      const decide = (
        trx: Trx,
        actor: StaffActor,
        found: InvoiceWithProof,
        event:
          | { readonly kind: "payment.accepted"; readonly plan_id: string; readonly starts_at: string; readonly ends_at: string }
          | { readonly kind: "payment.rejected"; readonly reason: string }
      ) =>
        Effect.gen(function* () {
          const invoice = found.invoice
          const eventId = randomUUID()
          const notificationId = yield* notifications.create(trx, {
            userId: invoice.user_id,
            type: "payment",
            labId: null,
            senderId: null,
            eventId,
            invoiceId: invoice.id
          })
          const by = actor.kind === "operator" ? ("operator" as const) : ("staff" as const)
          const common = { invoice_id: invoice.id, by, notification_id: notificationId, recipients: [invoice.user_id] }
          const actorId = actor.kind === "staff" ? actor.userId : null
          if (event.kind === "payment.accepted") {
            const { plan_id, starts_at, ends_at } = event
            yield* events.record(trx, {
              id: eventId,
              actorId,
              invoiceId: invoice.id,
              kind: event.kind,
              payload: { ...common, plan_id, starts_at, ends_at }
            })
          } else {
            yield* events.record(trx, {
              id: eventId,
              actorId,
              invoiceId: invoice.id,
              kind: event.kind,
              payload: { ...common, reason: event.reason }
            })
          }
          yield* staff.record(trx, actor, {
            action: event.kind === "payment.accepted" ? "payment.accept" : "payment.reject",
            invoiceId: invoice.id,
            targetUserId: invoice.user_id,
            ...(event.kind === "payment.rejected" ? { reason: event.reason } : {}),
            eventId
          })
        })

      const accept = Effect.fn("PaymentReview.accept")(function* (actor: StaffActor, ref: string) {
        const decided = yield* database.transaction((trx) =>
          Effect.gen(function* () {
            const found = yield* find(trx, ref)
            const plan = findPlan(found.invoice.plan_id)
            if (!plan?.paid) return yield* new Conflict({ message: billingMessages.planGone })
            const now = new Date()
            yield* whileWaiting(trx, found.invoice.id, "accept", { paid_at: now.toISOString() })
            const userId = found.invoice.user_id
            const inForce = periodAt(yield* sql(() => currentPeriods(trx, userId, now)), now)
            const period = periodOnAccept(inForce, plan, now)
            yield* sql(() =>
              trx
                .insertInto("subscriptions")
                .values({
                  id: randomUUID(),
                  user_id: userId,
                  plan_id: plan.id,
                  invoice_id: found.invoice.id,
                  started_at: period.starts_at,
                  ends_at: period.ends_at,
                  expired_at: null,
                  created_at: now.toISOString()
                })
                .execute()
            )
            yield* decide(trx, actor, found, { kind: "payment.accepted", plan_id: plan.id, ...period })
            const now2 = (yield* sql(() => findInvoice(trx, found.invoice.id)))!
            return { detail: yield* detailOf(trx, now2), user: yield* sql(() => mailUserOf(trx, userId)), plan, period }
          })
        )
        const { user, detail, plan, period } = decided
        if (user)
          yield* mailer.sendInBackground({
            to: user.email,
            ...paymentAcceptedMail(user.locale, {
              name: user.name,
              number: detail.number,
              plan: plan.name,
              startsAt: period.starts_at,
              endsAt: period.ends_at,
              link: invoiceLink(config.publicUrl, user.locale, detail.id)
            })
          })
        return detail
      })

      const reject = Effect.fn("PaymentReview.reject")(function* (actor: StaffActor, ref: string, reason: string) {
        const why = reason.trim()
        const decided = yield* database.transaction((trx) =>
          Effect.gen(function* () {
            const found = yield* find(trx, ref)
            // Back to waiting for payment, with time to send the right receipt even if the due date passed meanwhile.
            const due = dueAt(new Date())
            yield* whileWaiting(trx, found.invoice.id, "reject", {
              rejection_reason: why,
              due_at: Date.parse(found.invoice.due_at) > Date.parse(due) ? found.invoice.due_at : due
            })
            yield* decide(trx, actor, found, { kind: "payment.rejected", reason: why })
            const now = (yield* sql(() => findInvoice(trx, found.invoice.id)))!
            return { detail: yield* detailOf(trx, now), user: yield* sql(() => mailUserOf(trx, found.invoice.user_id)) }
          })
        )
        const { user, detail } = decided
        if (user)
          yield* mailer.sendInBackground({
            to: user.email,
            ...paymentRejectedMail(user.locale, {
              name: user.name,
              number: detail.number,
              reason: why,
              link: invoiceLink(config.publicUrl, user.locale, detail.id)
            })
          })
        return detail
      })

      return PaymentReview.of({ list, get, proof, accept, reject })
    })
  )
}

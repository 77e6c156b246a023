// Ends what time ends: a paid period whose end has passed (its invoice's history says "expired",
// and a user now back on the free plan is told, live and by mail), and an invoice left unpaid past
// its due date (cancelled, freeing its unique code). The quota itself follows a period's end without
// waiting for this (server/db/subscriptions.ts). Every process sweeps; a conditional update lets only
// one of them record each change.
import { Context, Effect, Layer, Schedule } from "effect"
import { moveInvoice } from "../../db/invoices.ts"
import { currentPeriods } from "../../db/subscriptions.ts"
import { allowedFrom } from "../../domain/invoice-rules.ts"
import { findPlan, planAt } from "../../domain/plans.ts"
import { periodEndedMail, pricingLink } from "../../mail/billing.ts"
import { mailUserOf } from "../../db/users.ts"
import { AppConfig } from "../platform/AppConfig.ts"
import { Database, sql } from "../platform/Database.ts"
import { EventLog } from "../platform/EventLog.ts"
import { Mailer } from "../platform/Mailer.ts"

const BATCH = 500

export class BillingSweep extends Context.Service<
  BillingSweep,
  {
    /** One pass; answers how many periods it ended and invoices it cancelled. */
    readonly sweep: () => Effect.Effect<{ readonly expired: number; readonly cancelled: number }>
  }
>()("preparat/BillingSweep") {
  static readonly layer = Layer.effect(
    BillingSweep,
    Effect.gen(function* () {
      const database = yield* Database
      const { db } = database
      const config = yield* AppConfig
      const events = yield* EventLog
      const mailer = yield* Mailer

      const endPeriods = Effect.gen(function* () {
        const now = new Date()
        const ended = yield* sql(() =>
          db
            .selectFrom("subscriptions")
            .selectAll()
            .where("expired_at", "is", null)
            .where("ends_at", "<=", now.toISOString())
            .orderBy("ends_at")
            .limit(BATCH)
            .execute()
        )
        let count = 0
        for (const period of ended) {
          const told = yield* database.transaction((trx) =>
            Effect.gen(function* () {
              const marked = yield* sql(() =>
                trx
                  .updateTable("subscriptions")
                  .set({ expired_at: now.toISOString() })
                  .where("id", "=", period.id)
                  .where("expired_at", "is", null)
                  .executeTakeFirst()
              )
              if (Number(marked.numUpdatedRows) === 0) return undefined
              // A period that follows (a renewal) keeps the account paid: the user hears of nothing then.
              const backToFree = !planAt(yield* sql(() => currentPeriods(trx, period.user_id, now)), now).paid
              yield* events.record(trx, {
                actorId: null,
                invoiceId: period.invoice_id,
                kind: "subscription.expired",
                payload: {
                  invoice_id: period.invoice_id,
                  plan_id: period.plan_id,
                  ended_at: period.ends_at,
                  recipients: backToFree ? [period.user_id] : []
                }
              })
              return backToFree ? yield* sql(() => mailUserOf(trx, period.user_id)) : undefined
            })
          )
          count++
          if (told)
            yield* mailer.sendInBackground({
              to: told.email,
              ...periodEndedMail(told.locale, {
                name: told.name,
                plan: findPlan(period.plan_id)?.name ?? period.plan_id,
                link: pricingLink(config.publicUrl, told.locale)
              })
            })
        }
        return count
      })

      const cancelOverdue = Effect.gen(function* () {
        const now = new Date().toISOString()
        const overdue = yield* sql(() =>
          db
            .selectFrom("invoices")
            .select("id")
            .where("status", "in", allowedFrom("cancel"))
            .where("due_at", "<=", now)
            .limit(BATCH)
            .execute()
        )
        let count = 0
        for (const { id } of overdue) {
          const done = yield* database.transaction((trx) =>
            Effect.gen(function* () {
              const moved = yield* sql(() => moveInvoice(trx, id, "cancel", { cancelled_at: now, updated_at: now }, { dueBy: now }))
              if (!moved) return false
              yield* events.record(trx, {
                actorId: null,
                invoiceId: id,
                kind: "payment.cancelled",
                payload: { invoice_id: id, by: "system" }
              })
              return true
            })
          )
          if (done) count++
        }
        return count
      })

      const sweep = Effect.fn("BillingSweep.sweep")(function* () {
        const expired = yield* endPeriods
        const cancelled = yield* cancelOverdue
        return { expired, cancelled }
      })

      return BillingSweep.of({ sweep })
    })
  )

  /** Sweeps at start and then every `billing.sweepSeconds`. */
  static readonly schedule = Layer.effectDiscard(
    Effect.gen(function* () {
      const { sweep } = yield* BillingSweep
      const seconds = (yield* AppConfig).billing.sweepSeconds
      const once = sweep().pipe(Effect.catchCause((cause) => Effect.logWarning("billing sweep failed; will retry", cause)))
      yield* Effect.forkScoped(Effect.repeat(once, Schedule.spaced(`${seconds} seconds`)))
    })
  )
}

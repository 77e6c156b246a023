// The plan in force for a user, read from their paid periods: what every quota check and paid
// feature asks, inside the caller's transaction where there is one. A staff acceptance therefore
// counts from its commit, and a period's end from the moment it passes (no job needed).
import type { Trx } from "../services/platform/Database.ts"
import { type Plan, planAt } from "../domain/plans.ts"

/** The user's periods that have not ended by `now`. */
export const currentPeriods = (d: Trx, userId: string, now: Date) =>
  d
    .selectFrom("subscriptions")
    .select(["id", "plan_id", "invoice_id", "started_at", "ends_at"])
    .where("user_id", "=", userId)
    .where("ends_at", ">", now.toISOString())
    .execute()

export const planOfUser = async (d: Trx, userId: string, now = new Date()): Promise<Plan> =>
  planAt(await currentPeriods(d, userId, now), now)

/** The user's latest period that has ended by `now`: the plan they lapsed from. */
export const lastEndedPeriod = (d: Trx, userId: string, now: Date) =>
  d
    .selectFrom("subscriptions")
    .select(["plan_id", "ends_at"])
    .where("user_id", "=", userId)
    .where("ends_at", "<=", now.toISOString())
    .orderBy("ends_at", "desc")
    .executeTakeFirst()

/** The periods these (paid) invoices bought. */
export const periodsOfInvoices = (d: Trx, invoiceIds: ReadonlyArray<string>) =>
  invoiceIds.length === 0
    ? Promise.resolve([])
    : d.selectFrom("subscriptions").select(["invoice_id", "started_at", "ends_at"]).where("invoice_id", "in", invoiceIds).execute()

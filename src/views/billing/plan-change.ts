// What becomes of the plan in force when another is paid for, by the server's rule for the period a
// payment buys (server/domain: a dearer plan starts once the payment is verified; the same or a cheaper
// one follows the period in force, so no paid day is lost; on the free plan it starts at once).
import type { CurrentPlan, Plan } from "../../contract/billing.ts"

interface PlanChange {
  readonly kind: "startsNow" | "follows" | "replaces"
  /** When the period in force ends, for "follows". */
  readonly until?: string
}

/** What becomes of the plan in force when `plan` is paid for. */
export const changeOf = (plan: Plan, current: CurrentPlan): PlanChange => {
  if (current.subscription === null || !current.plan.paid) return { kind: "startsNow" }
  if (plan.price_idr <= current.plan.price_idr) return { kind: "follows", until: current.subscription.ends_at }
  return { kind: "replaces" }
}

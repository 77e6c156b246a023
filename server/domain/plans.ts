// The plan catalogue: the one place to change what each plan allows and costs. The wire serves it
// (GET /v2/pricing/plans/), invoices copy a plan's price when issued, and the quota and paid
// features follow the plan in force, which `planAt` decides from the user's paid periods.
import type { Plan as WirePlan } from "../../src/contract/billing.ts"

export const GiB = 1024 ** 3

export type PlanId = "free" | "basic" | "pro"

export interface Plan {
  readonly id: PlanId
  readonly name: string
  readonly paid: boolean
  /** Bytes of files a user may own, the trash included. */
  readonly storageBytes: number
  /** AI analyses per period. */
  readonly analyses: number
  /** AI analysis and auto tagging are paid-only (paid-features.ts). */
  readonly ai: boolean
  readonly autoTagging: boolean
  /** Days one payment lasts; null for the free plan, which never ends. */
  readonly periodDays: number | null
  /** Price of one period, whole rupiah. */
  readonly priceIdr: number
}

export const plans = {
  free: {
    id: "free",
    name: "Free",
    paid: false,
    storageBytes: 5 * GiB,
    analyses: 0,
    ai: false,
    autoTagging: false,
    periodDays: null,
    priceIdr: 0
  },
  basic: {
    id: "basic",
    name: "Basic",
    paid: true,
    storageBytes: 50 * GiB,
    analyses: 100,
    ai: true,
    autoTagging: true,
    periodDays: 30,
    priceIdr: 150_000
  },
  pro: {
    id: "pro",
    name: "Professional",
    paid: true,
    storageBytes: 500 * GiB,
    analyses: 1000,
    ai: true,
    autoTagging: true,
    periodDays: 30,
    priceIdr: 750_000
  }
} as const satisfies Record<PlanId, Plan>

/** In the order the pricing page shows them. */
export const catalogue: ReadonlyArray<Plan> = [plans.free, plans.basic, plans.pro]

export const findPlan = (id: string): Plan | undefined => catalogue.find((p) => p.id === id)

/** A plan an invoice may be issued for: known and paid. */
export const paidPlan = (id: string): Plan | undefined => {
  const plan = findPlan(id)
  return plan?.paid ? plan : undefined
}

/** A paid period as the plan rule reads it. */
export interface Period {
  readonly plan_id: string
  readonly started_at: string
  readonly ends_at: string
}

/**
 * The period in force at `now`: the latest-starting one that has started and not ended. A plan
 * that left the catalogue keeps nothing (free), so a stale row cannot grant what no plan offers.
 */
export const periodAt = <P extends Period>(periods: ReadonlyArray<P>, now: Date): P | undefined => {
  const at = now.toISOString()
  return periods
    .filter((p) => p.started_at <= at && at < p.ends_at && findPlan(p.plan_id)?.paid)
    .sort((a, b) => (a.started_at < b.started_at ? 1 : a.started_at > b.started_at ? -1 : 0))[0]
}

/** The plan in force at `now`: a paid period's plan, else free. */
export const planAt = (periods: ReadonlyArray<Period>, now: Date): Plan => {
  const period = periodAt(periods, now)
  return (period && findPlan(period.plan_id)) ?? plans.free
}

/** Percentage with two decimals, as the storage bar shows it. */
export const percentageUsed = (used: number, total: number): number => (total <= 0 ? 100 : Math.round((used / total) * 10_000) / 100)

export const toWirePlan = (plan: Plan): WirePlan => ({
  id: plan.id,
  name: plan.name,
  paid: plan.paid,
  storage_bytes: plan.storageBytes,
  analyses: plan.analyses,
  ai: plan.ai,
  auto_tagging: plan.autoTagging,
  period_days: plan.periodDays,
  price_idr: plan.priceIdr
})

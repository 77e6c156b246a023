import { describe, expect, it } from "vitest"
import type { CurrentPlan, Plan } from "../../contract/billing.ts"
import { changeOf } from "./plan-change.ts"

const plan = (id: string, price: number): Plan => ({
  id,
  name: id,
  paid: price > 0,
  storage_bytes: 1,
  analyses: 0,
  ai: false,
  auto_tagging: false,
  period_days: price > 0 ? 30 : null,
  price_idr: price
})
const free = plan("free", 0)
const basic = plan("basic", 150_000)
const pro = plan("professional", 750_000)
const on = (current: Plan): CurrentPlan => ({
  plan: current,
  subscription: current.paid
    ? { plan_id: current.id, invoice_id: "i", started_at: "2026-11-01T00:00:00Z", ends_at: "2026-12-01T00:00:00Z" }
    : null,
  lapsed: null,
  open_invoice: null,
  staff: false
})

describe("what becomes of the plan in force", () => {
  it("on the free plan, a paid one starts once the payment is verified", () => {
    expect(changeOf(basic, on(free))).toEqual({ kind: "startsNow" })
  })
  it("the same plan or a cheaper one follows the period in force, to its end", () => {
    expect(changeOf(basic, on(basic))).toEqual({ kind: "follows", until: "2026-12-01T00:00:00Z" })
    expect(changeOf(basic, on(pro))).toEqual({ kind: "follows", until: "2026-12-01T00:00:00Z" })
  })
  it("a dearer plan replaces the one in force", () => {
    expect(changeOf(pro, on(basic))).toEqual({ kind: "replaces" })
  })
})

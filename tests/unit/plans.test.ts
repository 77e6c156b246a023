// The plan in force from a user's paid periods, and the catalogue's shape.
import { describe, expect, it } from "vitest"
import { catalogue, findPlan, paidPlan, percentageUsed, periodAt, planAt, plans, toWirePlan } from "../../server/domain/plans.ts"

const at = (iso: string) => new Date(iso)
const period = (plan_id: string, started_at: string, ends_at: string) => ({ plan_id, started_at, ends_at })

describe("the plan in force", () => {
  it("is free without a paid period", () => {
    expect(planAt([], at("2026-01-01T00:00:00Z"))).toBe(plans.free)
  })

  it("is a period's plan from its start until just before its end", () => {
    const basic = [period("basic", "2026-01-01T00:00:00.000Z", "2026-01-31T00:00:00.000Z")]
    expect(planAt(basic, at("2025-12-31T23:59:59.999Z")).id).toBe("free")
    expect(planAt(basic, at("2026-01-01T00:00:00.000Z")).id).toBe("basic")
    expect(planAt(basic, at("2026-01-30T23:59:59.999Z")).id).toBe("basic")
    expect(planAt(basic, at("2026-01-31T00:00:00.000Z")).id).toBe("free")
  })

  it("is the latest-started of overlapping periods (an upgrade supersedes)", () => {
    const periods = [
      period("pro", "2026-01-01T00:00:00.000Z", "2026-03-01T00:00:00.000Z"),
      period("basic", "2026-02-01T00:00:00.000Z", "2026-02-10T00:00:00.000Z")
    ]
    expect(planAt(periods, at("2026-02-05T00:00:00.000Z")).id).toBe("basic")
    expect(planAt(periods, at("2026-02-15T00:00:00.000Z")).id).toBe("pro")
    expect(periodAt(periods, at("2026-02-15T00:00:00.000Z"))).toBe(periods[0])
  })

  it("grants nothing for a plan no longer in the catalogue", () => {
    expect(planAt([period("gold", "2026-01-01T00:00:00.000Z", "2027-01-01T00:00:00.000Z")], at("2026-06-01T00:00:00Z")).id).toBe("free")
  })
})

describe("the catalogue", () => {
  it("has one free plan without AI and paid plans with more room, AI, a period and a price", () => {
    expect(catalogue.filter((p) => !p.paid).map((p) => p.id)).toEqual(["free"])
    for (const plan of catalogue.filter((p) => p.paid)) {
      expect(plan.storageBytes).toBeGreaterThan(plans.free.storageBytes)
      expect(plan.ai && plan.autoTagging).toBe(true)
      expect(plan.periodDays).toBeGreaterThan(0)
      expect(plan.priceIdr).toBeGreaterThan(0)
    }
    expect(plans.free.ai || plans.free.autoTagging).toBe(false)
  })

  it("issues invoices only for paid plans it knows", () => {
    expect(paidPlan("basic")?.id).toBe("basic")
    expect(paidPlan("free")).toBeUndefined()
    expect(paidPlan("gold")).toBeUndefined()
    expect(findPlan("free")).toBe(plans.free)
  })

  it("goes over the wire with the contract's names", () => {
    expect(toWirePlan(plans.basic)).toEqual({
      id: "basic",
      name: "Basic",
      paid: true,
      storage_bytes: plans.basic.storageBytes,
      analyses: plans.basic.analyses,
      ai: true,
      auto_tagging: true,
      period_days: 30,
      price_idr: plans.basic.priceIdr
    })
  })

  it("rounds the share used to two decimals, and a zero quota to full", () => {
    expect(percentageUsed(1, 3)).toBe(33.33)
    expect(percentageUsed(5, 0)).toBe(100)
  })
})

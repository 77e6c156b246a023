import { describe, expect, it } from "vitest"
import type { CurrentPlan, Plan } from "../../contract/billing.ts"
import { Conflict } from "../../effects/ApiError.ts"
import { invoice } from "../../testing/billingFixtures.ts"
import { drive } from "../../testing/drive.ts"
import { serverDown } from "../../testing/fixtures.ts"
import { modelFor } from "../../testing/modelHarness.ts"
import { type PricingEvent, pricingMachine } from "./pricing.machine.ts"

const GiB = 1024 ** 3
const plan = (id: string, paid: boolean, price: number): Plan => ({
  id,
  name: id,
  paid,
  storage_bytes: (paid ? 50 : 5) * GiB,
  analyses: paid ? 100 : 0,
  ai: paid,
  auto_tagging: paid,
  period_days: paid ? 30 : null,
  price_idr: price
})
const plans = [plan("free", false, 0), plan("basic", true, 150_000)]
const onFree: CurrentPlan = { plan: plans[0]!, subscription: null, lapsed: null, open_invoice: null, staff: false }
const { history: _history, ...openInvoice } = invoice()
const withOpen: CurrentPlan = { ...onFree, open_invoice: openInvoice }
const issued = invoice({ id: "new" })
const conflict = new Conflict({ message: "You already have an open invoice." })

const model = modelFor({
  machine: pricingMachine,
  promiseActors: ["load", "choose"],
  events: {
    "loaded on free": { type: "xstate.done.actor.load", output: { plans, current: onFree } },
    "loaded with an open invoice": { type: "xstate.done.actor.load", output: { plans, current: withOpen } },
    "load failed": { type: "xstate.error.actor.load", error: serverDown },
    retry: { type: "pricing.retry" },
    "choose basic": { type: "pricing.choose", planId: "basic" },
    "choose free": { type: "pricing.choose", planId: "free" },
    confirm: { type: "pricing.confirm" },
    back: { type: "pricing.back" },
    issued: { type: "xstate.done.actor.choose", output: issued },
    "another is open": { type: "xstate.error.actor.choose", error: conflict },
    "choose failed": { type: "xstate.error.actor.choose", error: serverDown }
  } as unknown as Record<string, PricingEvent>,
  distinguish: ({ value, context }) => ({ value, open: context.current?.open_invoice != null, error: context.chooseError !== null }),
  states: {
    loading: (actual, calls, { via }) => {
      expect(calls.at(-1)?.src).toBe("load")
      if (via === "another is open") expect(actual.context.chooseError).toEqual({ text: conflict.message })
    },
    failed: (actual) => expect(actual.context.error).toEqual({ key: "errors.serverError" }),
    ready: (actual, calls, { via, callsBefore }) => {
      // The free plan needs no invoice, nothing is chosen while an invoice is open, and going back
      // from the review issues nothing.
      if (via === "choose free" || via === "choose basic" || via === "back") expect(calls).toHaveLength(callsBefore)
      if (via === "choose failed") expect(actual.context.chooseError).toEqual({ key: "errors.serverError" })
      expect(actual.context.choosing).toBeNull()
    },
    // Choosing only shows what it means: no invoice is issued until it is confirmed.
    reviewing: (actual, calls, { via, callsBefore }) => {
      expect(via).toBe("choose basic")
      expect(calls).toHaveLength(callsBefore)
      expect(actual.context.choosing).toBe("basic")
      expect(actual.hasTag("busy")).toBe(false)
    },
    choosing: (actual, calls, { before, via }) => {
      expect(via).toBe("confirm")
      expect(calls.at(-1)).toEqual({ src: "choose", input: "basic" })
      expect(before?.context.current?.open_invoice).toBeNull()
      expect(actual.context.choosing).toBe("basic")
    },
    chosen: (actual) => {
      expect(actual.status).toBe("done")
      expect(actual.context.chosen?.id).toBe("new")
    }
  }
})

describe("pricing model", () => {
  it.each(model.paths.map((path) => [path.description, path] as const))("%s", async (_, path) => {
    await path.run()
  })

  it("the paths cover every state and every transition", async () => {
    expect(await model.coverage()).toEqual({ missingStates: [], missingTransitions: [], uncheckedStates: [] })
  })
})

describe("pricing scenarios", () => {
  it("an invoice opened meanwhile is shown instead of a second one", async () => {
    const run = drive(pricingMachine, ["load", "choose"])
    await run.succeed("load", { plans, current: onFree })
    await run.send({ type: "pricing.choose", planId: "basic" })
    await run.send({ type: "pricing.confirm" })
    await run.fail("choose", conflict)
    await run.succeed("load", { plans, current: withOpen })
    await run.send({ type: "pricing.choose", planId: "basic" })
    expect(run.isRunning("choose")).toBe(false)
    expect(run.actor.getSnapshot().context.current?.open_invoice?.id).toBe("inv1")
  })
})

import { describe, expect, it } from "vitest"
import type { StaffInvoice } from "../../contract/billing.ts"
import { Conflict, Forbidden } from "../../effects/ApiError.ts"
import { invoice, noActions } from "../../testing/billingFixtures.ts"
import { drive } from "../../testing/drive.ts"
import { serverDown } from "../../testing/fixtures.ts"
import { modelFor } from "../../testing/modelHarness.ts"
import { type PaymentReviewEvent, paymentReviewMachine } from "./paymentReview.machine.ts"

const waiting = (id: string): StaffInvoice => {
  const { history: _history, ...fields } = invoice({ id, number: `INV-${id}`, status: "waiting", actions: noActions })
  return { ...fields, user: { id: "u1", email: "ana@lab.example", name: "Ana" } }
}
const receipt = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: "image/png" })
const listed = { results: [waiting("a"), waiting("b")], count: 2, proofs: { a: receipt, b: null } }
const conflict = new Conflict({ message: "Another staff member decided on this invoice meanwhile." })

const model = modelFor({
  machine: paymentReviewMachine,
  promiseActors: ["load", "decide"],
  events: {
    listed: { type: "xstate.done.actor.load", output: listed },
    "not staff": { type: "xstate.error.actor.load", error: new Forbidden({ message: "Only staff." }) },
    "list failed": { type: "xstate.error.actor.load", error: serverDown },
    retry: { type: "staff.retry" },
    "accept a": { type: "staff.accept", id: "a" },
    "accept an unknown one": { type: "staff.accept", id: "zz" },
    "reject b without a reason": { type: "staff.reject", id: "b", reason: "   " },
    "reject b": { type: "staff.reject", id: "b", reason: "  Amount differs " },
    accepted: { type: "xstate.done.actor.decide", output: { ...waiting("a"), status: "paid" } },
    "decided meanwhile": { type: "xstate.error.actor.decide", error: conflict },
    "decision refused": { type: "xstate.error.actor.decide", error: new Forbidden({ message: "Only staff." }) },
    "decision failed": { type: "xstate.error.actor.decide", error: serverDown }
  } as unknown as Record<string, PaymentReviewEvent>,
  distinguish: ({ value, context }) => ({
    value,
    listed: context.results.length,
    reason: Object.keys(context.fields).length > 0,
    action: context.actionError !== null,
    decided: context.decided !== null
  }),
  states: {
    loading: (actual, calls, { via }) => {
      expect(actual.hasTag("busy")).toBe(true)
      expect(calls.at(-1)?.src).toBe("load")
      // Loaded again after each decision, with what was decided said.
      if (via === "accepted") expect(actual.context.decided).toEqual({ number: "INV-a", decision: "accepted" })
      if (via === "decided meanwhile") expect(actual.context.actionError).toEqual({ text: conflict.message })
    },
    deciding: (actual, calls, { via }) => {
      expect(actual.hasTag("busy")).toBe(true)
      // Only listed invoices, a rejection only with its reason (trimmed).
      if (via === "accept a") expect(calls.at(-1)).toEqual({ src: "decide", input: { id: "a" } })
      if (via === "reject b") expect(calls.at(-1)).toEqual({ src: "decide", input: { id: "b", reason: "Amount differs" } })
      expect(via).not.toBe("reject b without a reason")
      expect(via).not.toBe("accept an unknown one")
      expect(actual.context.acting).toBe((calls.at(-1)?.input as { id: string } | undefined)?.id)
    },
    ready: (actual, calls, { via, callsBefore }) => {
      expect(actual.hasTag("busy")).toBe(false)
      if (via === "listed") {
        expect(actual.context.results.map((i) => i.id)).toEqual(["a", "b"])
        expect(actual.context.proofs).toEqual({ a: receipt, b: null })
      }
      if (via === "reject b without a reason") {
        expect(actual.context.fields).toEqual({ reason: [{ key: "validation.required" }] })
        expect(calls).toHaveLength(callsBefore)
      }
      if (via === "accept an unknown one") expect(calls).toHaveLength(callsBefore)
      if (via === "decision failed") {
        expect(actual.context.actionError).toEqual({ key: "errors.serverError" })
        expect(actual.context.acting).toBeNull()
      }
    },
    failed: (actual) => expect(actual.context.error).toEqual({ key: "errors.serverError" }),
    forbidden: (actual) => expect(actual.status).toBe("done")
  }
})

describe("payment review model", () => {
  it.each(model.paths.map((path) => [path.description, path] as const))("%s", async (_, path) => {
    await path.run()
  })

  it("the paths cover every state and every transition", async () => {
    expect(await model.coverage()).toEqual({ missingStates: [], missingTransitions: [], uncheckedStates: [] })
  })
})

describe("payment review scenarios", () => {
  it("a rejection with its reason reloads the list without the invoice", async () => {
    const run = drive(paymentReviewMachine, ["load", "decide"])
    await run.succeed("load", listed)
    await run.send({ type: "staff.reject", id: "b", reason: "Amount differs" })
    await run.succeed("decide", { ...waiting("b"), status: "unpaid" })
    expect(run.actor.getSnapshot().context.decided).toEqual({ number: "INV-b", decision: "rejected" })
    await run.succeed("load", { results: [waiting("a")], count: 1, proofs: { a: receipt } })
    expect(run.actor.getSnapshot().context.results.map((i) => i.id)).toEqual(["a"])
  })
})

import { describe, expect, it } from "vitest"
import { PROOF_MAX_BYTES } from "../../contract/billing.ts"
import { Conflict, NotFound, PayloadTooLarge } from "../../effects/ApiError.ts"
import { invoice, noActions } from "../../testing/billingFixtures.ts"
import { drive } from "../../testing/drive.ts"
import { serverDown } from "../../testing/fixtures.ts"
import { modelFor } from "../../testing/modelHarness.ts"
import { type InvoicePaymentEvent, invoicePaymentMachine, proofProblem } from "./invoicePayment.machine.ts"

const unpaid = invoice()
const waiting = invoice({
  status: "waiting",
  proof: { id: "p1", content_type: "image/png", size: 68, uploaded_at: "2026-11-25T06:10:00.000Z" },
  verify_by: "2026-11-27T06:10:00.000Z",
  actions: noActions
})
const paid = invoice({ status: "paid", paid_at: "2026-11-25T07:00:00.000Z", actions: { ...noActions, receipt: true } })
const cancelled = invoice({ status: "cancelled", actions: noActions })

const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "transfer.png", { type: "image/png" })
const text = new File(["hello"], "notes.txt", { type: "text/plain" })
const huge = { name: "scan.pdf", type: "application/pdf", size: PROOF_MAX_BYTES + 1 } as File
const pdf = { blob: new Blob(["%PDF-1.7"]), filename: "INV-2026-000001.pdf" }
const changed = new Conflict({ message: "This invoice is no longer waiting for payment." })

const model = modelFor({
  machine: invoicePaymentMachine,
  promiseActors: ["load", "upload", "cancel", "download"],
  input: { id: "inv1" },
  events: {
    "loaded unpaid": { type: "xstate.done.actor.load", output: unpaid },
    "loaded paid": { type: "xstate.done.actor.load", output: paid },
    "not found": { type: "xstate.error.actor.load", error: new NotFound({ message: "Not found." }) },
    "load failed": { type: "xstate.error.actor.load", error: serverDown },
    "upload a png": { type: "invoice.upload", file: png },
    "upload text": { type: "invoice.upload", file: text },
    "upload too large": { type: "invoice.upload", file: huge },
    uploaded: { type: "xstate.done.actor.upload", output: waiting },
    "upload refused as too large": { type: "xstate.error.actor.upload", error: new PayloadTooLarge({ message: "" }) },
    "upload met a change": { type: "xstate.error.actor.upload", error: changed },
    cancel: { type: "invoice.cancel" },
    "confirm cancel": { type: "invoice.confirmCancel" },
    "keep it": { type: "invoice.back" },
    cancelled: { type: "xstate.done.actor.cancel", output: cancelled },
    "cancel failed": { type: "xstate.error.actor.cancel", error: serverDown },
    "cancel met a change": { type: "xstate.error.actor.cancel", error: changed },
    "download the invoice": { type: "invoice.download", which: "invoice" },
    "download the receipt": { type: "invoice.download", which: "receipt" },
    downloaded: { type: "xstate.done.actor.download", output: pdf },
    "download failed": { type: "xstate.error.actor.download", error: serverDown },
    refresh: { type: "invoice.refresh" },
    retry: { type: "invoice.retry" }
  } as unknown as Record<string, InvoicePaymentEvent>,
  distinguish: ({ value, context }) => ({
    value,
    status: context.invoice?.status ?? null,
    file: context.fileError !== null,
    action: context.actionError !== null,
    done: context.done
  }),
  states: {
    loading: (actual, calls, { via }) => {
      expect(actual.hasTag("busy")).toBe(true)
      expect(calls.at(-1)).toEqual({ src: "load", input: "inv1" })
      if (via === "upload met a change" || via === "cancel met a change")
        expect(actual.context.actionError).toEqual({ text: changed.message })
    },
    failed: (actual) => expect(actual.context.error).toEqual({ key: "errors.serverError" }),
    notFound: (actual) => expect(actual.status).toBe("done"),
    uploading: (actual, calls, { before }) => {
      // Only a receipt of an allowed kind and size, only while the server allows one.
      expect(calls.at(-1)).toEqual({ src: "upload", input: { id: "inv1", file: png } })
      expect(before?.context.invoice?.actions.upload_proof).toBe(true)
      expect(actual.context.actionError).toBeNull()
    },
    confirmingCancel: (actual, calls, { callsBefore, before }) => {
      // Asking sends nothing; only an invoice the server lets be cancelled is asked about.
      expect(calls).toHaveLength(callsBefore)
      expect(before?.value).toBe("ready")
      expect(actual.context.invoice?.actions.cancel).toBe(true)
      expect(actual.hasTag("busy")).toBe(false)
    },
    cancelling: (_actual, calls, { before }) => {
      // Only once confirmed.
      expect(before?.value).toBe("confirmingCancel")
      expect(calls.at(-1)).toEqual({ src: "cancel", input: "inv1" })
      expect(before?.context.invoice?.actions.cancel).toBe(true)
    },
    downloading: (_actual, calls, { via, before }) => {
      const which = via === "download the receipt" ? "receipt" : "invoice"
      expect(calls.at(-1)).toEqual({ src: "download", input: { id: "inv1", number: "INV-2026-000001", which } })
      // The receipt exists only once paid.
      if (which === "receipt") expect(before?.context.invoice?.status).toBe("paid")
    },
    ready: (actual, calls, { via, callsBefore, before }) => {
      expect(actual.hasTag("busy")).toBe(false)
      const ctx = actual.context
      if (via === "upload text") {
        expect(ctx.fileError).toEqual({ key: "billing.invoice.proofKind" })
        expect(calls).toHaveLength(callsBefore)
      }
      if (via === "upload too large") {
        expect(ctx.fileError).toEqual({ key: "billing.invoice.proofTooLarge", params: { mb: 5 } })
        expect(calls).toHaveLength(callsBefore)
      }
      if (via === "upload refused as too large")
        expect(ctx.actionError).toEqual({ key: "billing.invoice.proofTooLarge", params: { mb: 5 } })
      if (via === "uploaded") {
        expect(ctx.invoice?.status).toBe("waiting")
        expect(ctx.done).toBe("uploaded")
      }
      if (via === "cancelled") {
        expect(ctx.invoice?.status).toBe("cancelled")
        expect(ctx.done).toBe("cancelled")
      }
      if (via === "cancel failed" || via === "download failed") expect(ctx.actionError).toEqual({ key: "errors.serverError" })
      if (via === "downloaded") {
        expect(ctx.file?.filename).toBe("INV-2026-000001.pdf")
        expect(ctx.file?.blob).toBe(pdf.blob)
      }
      // Keeping the invoice sends nothing and leaves it waiting for payment.
      if (via === "keep it") {
        expect(calls).toHaveLength(callsBefore)
        expect(before?.value).toBe("confirmingCancel")
        expect(ctx.invoice?.status).toBe("unpaid")
        expect(ctx.done).toBeNull()
      }
      // What the server does not allow now sends nothing.
      if (via === "cancel" || via === "upload a png" || via.startsWith("download the")) {
        expect(calls).toHaveLength(callsBefore)
        expect(before?.value).toBe("ready")
      }
    }
  }
})

describe("invoice payment model", () => {
  it.each(model.paths.map((path) => [path.description, path] as const))("%s", async (_, path) => {
    await path.run()
  })

  it("the paths cover every state and every transition", async () => {
    expect(await model.coverage()).toEqual({ missingStates: [], missingTransitions: [], uncheckedStates: [] })
  })
})

describe("invoice payment scenarios", () => {
  it("a receipt met by a change made meanwhile reloads the invoice and says why", async () => {
    const run = drive(invoicePaymentMachine, ["load", "upload", "cancel", "download"], { input: { id: "inv1" } })
    await run.succeed("load", unpaid)
    await run.send({ type: "invoice.upload", file: png })
    await run.fail("upload", changed)
    expect(run.actor.getSnapshot().value).toBe("loading")
    expect(run.actor.getSnapshot().context.actionError).toEqual({ text: changed.message })
    await run.succeed("load", { ...unpaid, status: "cancelled", actions: noActions })
    await run.send({ type: "invoice.upload", file: png })
    expect(run.isRunning("upload")).toBe(false)
  })

  it("names what is wrong with a receipt", () => {
    expect(proofProblem({ type: "image/jpeg", size: 10 })).toBeNull()
    expect(proofProblem({ type: "application/pdf", size: 0 })).toEqual({ key: "billing.invoice.proofEmpty" })
    expect(proofProblem({ type: "image/gif", size: 10 })).toEqual({ key: "billing.invoice.proofKind" })
  })
})

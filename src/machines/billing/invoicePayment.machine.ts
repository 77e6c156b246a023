// One invoice and paying it by bank transfer (waiting for payment, then the transfer receipt uploaded,
// then the transaction finished; staff verify within 2 x 24 hours). The server decides what may be done
// now (`actions`); the machine only offers that: send a receipt (checked here for its kind and size
// before it is sent, by its bytes on the server), cancel while unpaid, and fetch the invoice PDF, or
// the receipt PDF once paid. Cancelling is asked first (confirmingCancel): it cannot be undone, and
// the invoice's unique code goes back to the pool, so a transfer made after it matches nothing.
// A staff decision elsewhere arrives as `invoice.refresh`.
import { assign, setup } from "xstate"
import { type InvoiceDetail, isProofType, PROOF_MAX_BYTES } from "../../contract/billing.ts"
import type { AppFailure } from "../../effects/AppFailure.ts"
import { cancelInvoice, downloadInvoiceFile, loadInvoice, uploadProof } from "../../effects/billing/billing.ts"
import { present } from "../../effects/Catalogue.ts"
import type { DownloadedFile } from "../../effects/download.ts"
import { type Notice, noticeKey } from "../../effects/Notice.ts"
import { failureFrom, fromEffect } from "../support/fromEffect.ts"

export type InvoiceFileKind = "invoice" | "receipt"

export interface InvoicePaymentContext {
  readonly id: string
  readonly invoice: InvoiceDetail | null
  /** Why the invoice could not load. */
  readonly error: Notice | null
  /** Why the last action (upload, cancel, download) did not happen. */
  readonly actionError: Notice | null
  /** The receipt's own problem (kind, size), shown beside the file input. */
  readonly fileError: Notice | null
  /** The last file fetched, for the view to save; `at` tells two fetches of one file apart. */
  readonly file: (DownloadedFile & { readonly at: number }) | null
  /** What just happened, for the view to announce. */
  readonly done: "uploaded" | "cancelled" | null
}

export type InvoicePaymentEvent =
  | { readonly type: "invoice.upload"; readonly file: File }
  /** Asks to cancel: the confirmation opens. */
  | { readonly type: "invoice.cancel" }
  | { readonly type: "invoice.confirmCancel" }
  /** Keeps the invoice: the confirmation closes and nothing is sent. */
  | { readonly type: "invoice.back" }
  | { readonly type: "invoice.download"; readonly which: InvoiceFileKind }
  | { readonly type: "invoice.refresh" }
  | { readonly type: "invoice.retry" }

/** The receipt's problem before sending it, if it has one; the server checks the bytes, this only spares a doomed upload. */
export const proofProblem = (file: { readonly type: string; readonly size: number }): Notice | null => {
  if (!isProofType(file.type)) return noticeKey("billing.invoice.proofKind")
  if (file.size > PROOF_MAX_BYTES) return noticeKey("billing.invoice.proofTooLarge", { mb: PROOF_MAX_BYTES / 1024 / 1024 })
  if (file.size === 0) return noticeKey("billing.invoice.proofEmpty")
  return null
}

/** The server's own words when it gives them (a refused receipt, a change made meanwhile). */
const actionNotice = (error: AppFailure): Notice => {
  if (error._tag === "PayloadTooLarge") return noticeKey("billing.invoice.proofTooLarge", { mb: PROOF_MAX_BYTES / 1024 / 1024 })
  if ((error._tag === "Conflict" || error._tag === "NotFound") && error.message !== "") return { text: error.message }
  return present(error).notice
}

const actors = {
  load: fromEffect((id: string) => loadInvoice(id)),
  upload: fromEffect((input: { readonly id: string; readonly file: File }) => uploadProof(input)),
  cancel: fromEffect((id: string) => cancelInvoice(id)),
  download: fromEffect((input: { readonly id: string; readonly number: string; readonly which: InvoiceFileKind }) =>
    downloadInvoiceFile(input)
  )
}

export const invoicePaymentMachine = setup({
  types: {
    input: {} as { readonly id: string },
    context: {} as InvoicePaymentContext,
    events: {} as InvoicePaymentEvent
  },
  actors,
  guards: {
    notFound: (_, error: AppFailure) => error._tag === "NotFound",
    conflict: (_, error: AppFailure) => error._tag === "Conflict",
    mayUpload: ({ context }) => context.invoice?.actions.upload_proof === true,
    badFile: ({ event }) => event.type === "invoice.upload" && proofProblem(event.file) !== null,
    mayCancel: ({ context }) => context.invoice?.actions.cancel === true,
    mayDownload: ({ context, event }) =>
      event.type === "invoice.download" &&
      (event.which === "invoice" ? context.invoice?.actions.download === true : context.invoice?.actions.receipt === true)
  },
  actions: {
    show: assign((_, invoice: InvoiceDetail) => ({ invoice, error: null })),
    showFailure: assign((_, error: AppFailure) => ({ error: present(error).notice })),
    refuseFile: assign(({ event }) => (event.type === "invoice.upload" ? { fileError: proofProblem(event.file), done: null } : {})),
    startAction: assign({ actionError: null, fileError: null, done: null }),
    actionFailed: assign((_, error: AppFailure) => ({ actionError: actionNotice(error) })),
    uploaded: assign((_, invoice: InvoiceDetail) => ({ invoice, done: "uploaded" as const })),
    cancelled: assign((_, invoice: InvoiceDetail) => ({ invoice, done: "cancelled" as const })),
    keepFile: assign((_, file: DownloadedFile) => ({ file: { ...file, at: Date.now() } }))
  }
}).createMachine({
  id: "invoicePayment",
  context: ({ input }) => ({ id: input.id, invoice: null, error: null, actionError: null, fileError: null, file: null, done: null }),
  initial: "loading",
  states: {
    loading: {
      tags: ["busy"],
      invoke: {
        id: "load",
        src: "load",
        input: ({ context }) => context.id,
        onDone: { target: "ready", actions: { type: "show", params: ({ event }) => event.output } },
        onError: [
          { guard: { type: "notFound", params: failureFrom(actors.load) }, target: "notFound" },
          { target: "failed", actions: { type: "showFailure", params: failureFrom(actors.load) } }
        ]
      }
    },
    failed: { on: { "invoice.retry": "loading" } },
    notFound: { type: "final" },
    ready: {
      on: {
        "invoice.refresh": "loading",
        "invoice.upload": [
          { guard: "badFile", actions: "refuseFile" },
          { guard: "mayUpload", target: "uploading", actions: "startAction" }
        ],
        "invoice.cancel": { guard: "mayCancel", target: "confirmingCancel", actions: "startAction" },
        "invoice.download": { guard: "mayDownload", target: "downloading", actions: "startAction" }
      }
    },
    confirmingCancel: {
      on: {
        "invoice.confirmCancel": "cancelling",
        "invoice.back": "ready",
        // Staff decided meanwhile (accepted the receipt, say): the question may no longer stand, so
        // it closes and the invoice shows as it is now, with only what may still be done.
        "invoice.refresh": "loading"
      }
    },
    uploading: {
      tags: ["busy"],
      invoke: {
        id: "upload",
        src: "upload",
        input: ({ context, event }) => ({ id: context.id, file: (event as Extract<InvoicePaymentEvent, { type: "invoice.upload" }>).file }),
        onDone: { target: "ready", actions: { type: "uploaded", params: ({ event }) => event.output } },
        onError: [
          // Changed meanwhile (staff decided, another tab cancelled): say why and show it as it is now.
          {
            guard: { type: "conflict", params: failureFrom(actors.upload) },
            target: "loading",
            actions: { type: "actionFailed", params: failureFrom(actors.upload) }
          },
          { target: "ready", actions: { type: "actionFailed", params: failureFrom(actors.upload) } }
        ]
      }
    },
    cancelling: {
      tags: ["busy"],
      invoke: {
        id: "cancel",
        src: "cancel",
        input: ({ context }) => context.id,
        onDone: { target: "ready", actions: { type: "cancelled", params: ({ event }) => event.output } },
        onError: [
          {
            guard: { type: "conflict", params: failureFrom(actors.cancel) },
            target: "loading",
            actions: { type: "actionFailed", params: failureFrom(actors.cancel) }
          },
          { target: "ready", actions: { type: "actionFailed", params: failureFrom(actors.cancel) } }
        ]
      }
    },
    downloading: {
      tags: ["busy"],
      invoke: {
        id: "download",
        src: "download",
        input: ({ context, event }) => ({
          id: context.id,
          number: context.invoice?.number ?? context.id,
          which: (event as Extract<InvoicePaymentEvent, { type: "invoice.download" }>).which
        }),
        onDone: { target: "ready", actions: { type: "keepFile", params: ({ event }) => event.output } },
        onError: { target: "ready", actions: { type: "actionFailed", params: failureFrom(actors.download) } }
      }
    }
  }
})

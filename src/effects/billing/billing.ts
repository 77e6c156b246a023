// The billing calls: the plan catalogue and the plan in force, choosing a plan (which issues an
// invoice), one's invoices, one invoice and its changes, the transfer receipt, the PDFs; and staff's
// review of receipts.
import { Effect } from "effect"
import type { ContactPayload } from "../../contract/billing.ts"
import { call, endpoints } from "../call.ts"
import { type DownloadedFile, download } from "../download.ts"

/** Invoices asked for at a time. */
export const INVOICES_PAGE_SIZE = 20

/** The plans compared, and what the account has now. */
export const loadPricing = Effect.fn("Billing.pricing")(function* () {
  const [plans, current] = yield* Effect.all([call(endpoints.billing.plans), call(endpoints.billing.current)], { concurrency: 2 })
  return { plans: plans.data.results, current: current.data }
})

export const loadCurrentPlan = Effect.fn("Billing.current")(function* () {
  return (yield* call(endpoints.billing.current)).data
})

/** Issues the invoice of a paid plan. */
export const choosePlan = Effect.fn("Billing.choose")(function* (planId: string) {
  return (yield* call(endpoints.billing.choose, { payload: { plan_id: planId } })).data
})

export const loadInvoices = Effect.fn("Billing.invoices")(function* (page: number) {
  return (yield* call(endpoints.billing.payments, { query: { page, limit: INVOICES_PAGE_SIZE } })).data
})

export const loadInvoice = Effect.fn("Billing.invoice")(function* (id: string) {
  return (yield* call(endpoints.billing.payment, { params: { id } })).data
})

export const cancelInvoice = Effect.fn("Billing.cancel")(function* (id: string) {
  return (yield* call(endpoints.billing.updatePayment, { params: { id }, payload: { action: "cancel" } })).data
})

/** Sends the transfer receipt; the server recognises an image or a PDF by its bytes. */
export const uploadProof = Effect.fn("Billing.uploadProof")(function* (input: { readonly id: string; readonly file: File }) {
  const form = new FormData()
  form.append("invoice_id", input.id)
  form.append("file", input.file, input.file.name)
  return (yield* call(endpoints.billing.uploadProof, { payload: form })).data
})

/** The invoice's PDF, or its receipt once paid, named by the invoice's number. */
export const downloadInvoiceFile = Effect.fn("Billing.downloadFile")(function* (input: {
  readonly id: string
  readonly number: string
  readonly which: "invoice" | "receipt"
}) {
  const endpoint = input.which === "invoice" ? endpoints.billing.download : endpoints.billing.receipt
  const blob = yield* download(endpoint, { id: input.id })
  const file: DownloadedFile = { blob, filename: `${input.number}${input.which === "receipt" ? "-receipt" : ""}.pdf` }
  return file
})

/** Receipts waiting for verification, oldest first. */
export const loadWaitingPayments = Effect.fn("Billing.staffList")(function* (page: number) {
  return (yield* call(endpoints.paymentReview.list, { query: { page, limit: INVOICES_PAGE_SIZE, status: "waiting" } })).data
})

/** The receipt a user sent, as staff look at it. */
export const loadProof = Effect.fn("Billing.staffProof")(function* (id: string) {
  return yield* download(endpoints.paymentReview.proof, { id })
})

export const acceptPayment = Effect.fn("Billing.accept")(function* (id: string) {
  return (yield* call(endpoints.paymentReview.accept, { params: { id } })).data
})

export const rejectPayment = Effect.fn("Billing.reject")(function* (input: { readonly id: string; readonly reason: string }) {
  return (yield* call(endpoints.paymentReview.reject, { params: { id: input.id }, payload: { reason: input.reason } })).data
})

/** The waiting invoices with their receipts; a receipt that cannot load is null (its card says so). */
export const loadWaitingWithProofs = Effect.fn("Billing.staffListWithProofs")(function* () {
  const page = yield* loadWaitingPayments(1)
  const proofs = yield* Effect.forEach(page.results, (invoice) => loadProof(invoice.id).pipe(Effect.option), { concurrency: 4 })
  return {
    results: page.results,
    count: page.meta.count,
    proofs: Object.fromEntries(page.results.map((invoice, i) => [invoice.id, proofs[i]?._tag === "Some" ? proofs[i].value : null]))
  }
})

/** Asks sales about plans; the server mails them and sends the asker a copy. */
export const contactSales = Effect.fn("Billing.contactUs")(function* (payload: ContactPayload) {
  yield* call(endpoints.billing.contactUs, { payload })
})

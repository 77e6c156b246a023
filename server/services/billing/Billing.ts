// A user's side of paying for a plan, as one service: the reads (billing-reads.ts), issuing,
// changing and cancelling an invoice (invoice-issue.ts), the transfer receipt (receipt-upload.ts)
// and the invoice and receipt PDFs (invoice-documents.ts).
import { Context, Effect, Layer } from "effect"
import type { Multipart } from "effect/http"
import type { BadRequest, Conflict, NotFound, PayloadTooLarge, TooManyRequests } from "../../../src/contract/errors.ts"
import type { CurrentPlan, Invoice, InvoiceChangePayload, InvoiceDetail } from "../../../src/contract/billing.ts"
import type { Paging } from "../../domain/paging.ts"
import { catalogue, toWirePlan } from "../../domain/plans.ts"
import { makeBillingReads } from "./billing-reads.ts"
import { makeInvoiceDocuments, type Pdf } from "./invoice-documents.ts"
import { makeInvoiceIssue } from "./invoice-issue.ts"
import { makeReceiptUpload } from "./receipt-upload.ts"

export type { Pdf } from "./invoice-documents.ts"

export class Billing extends Context.Service<
  Billing,
  {
    readonly current: (userId: string) => Effect.Effect<CurrentPlan>
    readonly list: (userId: string, paging: Paging) => Effect.Effect<{ readonly results: ReadonlyArray<Invoice>; readonly count: number }>
    readonly get: (userId: string, invoiceId: string) => Effect.Effect<InvoiceDetail, NotFound>
    /** `ip`: the caller's address, which may have issued only so many invoices a day (429 past them). */
    readonly choose: (userId: string, planId: string, ip: string) => Effect.Effect<InvoiceDetail, BadRequest | Conflict | TooManyRequests>
    readonly change: (
      userId: string,
      invoiceId: string,
      change: InvoiceChangePayload
    ) => Effect.Effect<InvoiceDetail, BadRequest | NotFound | Conflict>
    readonly uploadProof: (
      userId: string,
      invoiceId: string,
      file: Multipart.PersistedFile
    ) => Effect.Effect<InvoiceDetail, BadRequest | NotFound | Conflict | PayloadTooLarge | TooManyRequests>
    readonly invoicePdf: (userId: string, invoiceId: string) => Effect.Effect<Pdf, NotFound>
    readonly receiptPdf: (userId: string, invoiceId: string) => Effect.Effect<Pdf, NotFound | Conflict>
  }
>()("preparat/Billing") {
  static readonly layer = Layer.effect(
    Billing,
    Effect.gen(function* () {
      const reads = yield* makeBillingReads
      const issue = yield* makeInvoiceIssue
      const receipts = yield* makeReceiptUpload
      const documents = yield* makeInvoiceDocuments
      return Billing.of({ ...reads, ...issue, ...receipts, ...documents })
    })
  )
}

export const catalogueOnWire = () => catalogue.map(toWirePlan)

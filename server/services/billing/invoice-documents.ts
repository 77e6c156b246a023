// A user's invoice and receipt as PDF documents; the receipt only once the invoice is paid.
import { Effect } from "effect"
import { Conflict } from "../../../src/contract/errors.ts"
import { documentOf, invoiceParts } from "../../db/invoices.ts"
import { mailUserOf } from "../../db/users.ts"
import { billingMessages } from "../../domain/billing-messages.ts"
import { hasReceipt } from "../../domain/invoice-rules.ts"
import { invoicePdf, receiptPdf } from "../../pdf/billing-pdf.ts"
import { Database, sql } from "../platform/Database.ts"
import { ownInvoice } from "./invoice-detail.ts"

export interface Pdf {
  readonly bytes: Uint8Array
  readonly filename: string
}

export const makeInvoiceDocuments = Effect.gen(function* () {
  const { db } = yield* Database

  const documentFor = (userId: string, invoiceId: string) =>
    Effect.gen(function* () {
      const { invoice } = yield* ownInvoice(db, userId, invoiceId)
      const user = yield* sql(() => mailUserOf(db, userId))
      const { period } = yield* sql(() => invoiceParts(db, invoiceId))
      return { invoice, user: user!, document: documentOf(invoice, user!, period) }
    })

  const invoiceDocument = Effect.fn("Billing.invoicePdf")(function* (userId: string, invoiceId: string) {
    const { invoice, user, document } = yield* documentFor(userId, invoiceId)
    return { bytes: yield* Effect.promise(() => invoicePdf(document, user.locale)), filename: `${invoice.number}.pdf` } satisfies Pdf
  })

  const receiptDocument = Effect.fn("Billing.receiptPdf")(function* (userId: string, invoiceId: string) {
    const { invoice, user, document } = yield* documentFor(userId, invoiceId)
    if (!hasReceipt(invoice.status)) return yield* new Conflict({ message: billingMessages.noReceiptYet })
    return {
      bytes: yield* Effect.promise(() => receiptPdf(document, user.locale)),
      filename: `${invoice.number}-receipt.pdf`
    } satisfies Pdf
  })

  return { invoicePdf: invoiceDocument, receiptPdf: receiptDocument }
})

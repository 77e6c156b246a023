// What every reader of a user's own invoice shares: finding it (someone else's is as absent as one
// that does not exist) and its detail on the wire, with its period and history.
import { Effect } from "effect"
import { NotFound } from "../../../src/contract/errors.ts"
import type { InvoiceDetail } from "../../../src/contract/billing.ts"
import { findInvoice, type InvoiceWithProof, invoiceParts } from "../../db/invoices.ts"
import { billingMessages } from "../../domain/billing-messages.ts"
import { historyEntry, toInvoice } from "../../domain/invoice-wire.ts"
import { sql, type Trx } from "../platform/Database.ts"

export const detailOf = (d: Trx, { invoice, proof }: InvoiceWithProof) =>
  sql(() => invoiceParts(d, invoice.id)).pipe(
    Effect.map(
      ({ period, events: logged }): InvoiceDetail => ({
        ...toInvoice(invoice, proof, period),
        history: logged.flatMap((e) => {
          const entry = historyEntry(e)
          return entry ? [entry] : []
        })
      })
    )
  )

/** The user's own invoice, or the 404 of one that does not exist. */
export const ownInvoice = (d: Trx, userId: string, invoiceId: string) =>
  Effect.gen(function* () {
    const found = yield* sql(() => findInvoice(d, invoiceId))
    if (!found || found.invoice.user_id !== userId) return yield* new NotFound({ message: billingMessages.invoiceNotFound })
    return found
  })

// /v2/pricing: the plan catalogue and the plan in force, contact us, and the signed-in user's
// invoices (choose a plan, change or cancel it, upload the receipt, the PDFs). The rules live in the
// Billing service; here the wire is read and answered.
import { Effect } from "effect"
import { HttpServerResponse } from "effect/http"
import { HttpApiBuilder } from "effect/http-api"
import { Api } from "../../src/contract/api.ts"
import { CurrentUser } from "../../src/contract/middleware.ts"
import { billingMessages } from "../domain/billing-messages.ts"
import { attachment } from "../domain/original-download.ts"
import { AppConfig } from "../services/platform/AppConfig.ts"
import { Billing, catalogueOnWire, type Pdf } from "../services/billing/Billing.ts"
import { SalesContact } from "../services/billing/SalesContact.ts"
import { clientInfo } from "./client-info.ts"
import { ok, page } from "./envelope.ts"
import { requirePaging } from "./paging.ts"

const PAGE_SIZE = 10

const pdfAnswer = ({ bytes, filename }: Pdf) =>
  HttpServerResponse.uint8Array(bytes, {
    contentType: "application/pdf",
    headers: { "content-disposition": attachment(filename), "x-content-type-options": "nosniff", "cache-control": "private, no-cache" }
  })

export const BillingLive = HttpApiBuilder.group(
  Api,
  "billing",
  Effect.fn(function* (handlers) {
    const billing = yield* Billing
    const sales = yield* SalesContact
    const client = clientInfo((yield* AppConfig).trustProxy)
    const me = Effect.map(CurrentUser, (u) => u.id)

    return handlers
      .handle("plans", () => Effect.succeed(ok({ results: catalogueOnWire() })))
      .handle("current", () => Effect.map(Effect.flatMap(me, billing.current), (plan) => ok(plan)))
      .handle("contactUs", ({ payload }) =>
        Effect.gen(function* () {
          yield* sales.ask(yield* me, (yield* client).limitKey, payload)
          return ok(null, billingMessages.contactSent)
        })
      )
      .handle("payments", ({ query }) =>
        Effect.gen(function* () {
          const paging = yield* requirePaging(query, PAGE_SIZE)
          const { results, count } = yield* billing.list(yield* me, paging)
          return ok(page(results, count, paging))
        })
      )
      .handle("choose", ({ payload }) =>
        Effect.gen(function* () {
          return ok(yield* billing.choose(yield* me, payload.plan_id, (yield* client).ip), billingMessages.chosen)
        })
      )
      .handle("payment", ({ params }) =>
        Effect.map(
          Effect.flatMap(me, (id) => billing.get(id, params.id)),
          (detail) => ok(detail)
        )
      )
      .handle("updatePayment", ({ params, payload }) =>
        Effect.gen(function* () {
          return ok(yield* billing.change(yield* me, params.id, payload))
        })
      )
      .handle("download", ({ params }) =>
        Effect.map(
          Effect.flatMap(me, (id) => billing.invoicePdf(id, params.id)),
          pdfAnswer
        )
      )
      .handle("receipt", ({ params }) =>
        Effect.map(
          Effect.flatMap(me, (id) => billing.receiptPdf(id, params.id)),
          pdfAnswer
        )
      )
      .handle("uploadProof", ({ payload }) =>
        Effect.gen(function* () {
          return ok(yield* billing.uploadProof(yield* me, payload.invoice_id, payload.file), billingMessages.proofReceived)
        })
      )
  })
)

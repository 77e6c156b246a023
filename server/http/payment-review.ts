// /v2/staff/payments: verifying transfer receipts, for staff only (the StaffOnly middleware answers
// 403 to everyone else). The decisions are PaymentReview's, recorded with the staff user who made them.
import { Effect } from "effect"
import { HttpServerResponse } from "effect/http"
import { HttpApiBuilder } from "effect/http-api"
import { Api } from "../../src/contract/api.ts"
import { CurrentUser } from "../../src/contract/middleware.ts"
import { billingMessages } from "../domain/billing-messages.ts"
import { attachment } from "../domain/original-download.ts"
import { PaymentReview } from "../services/billing/PaymentReview.ts"
import { staffActorOf } from "../services/auth/StaffRoles.ts"
import { ok, page } from "./envelope.ts"
import { requirePaging } from "./paging.ts"

const PAGE_SIZE = 20

export const PaymentReviewLive = HttpApiBuilder.group(
  Api,
  "paymentReview",
  Effect.fn(function* (handlers) {
    const review = yield* PaymentReview
    const staff = Effect.map(CurrentUser, staffActorOf)

    return handlers
      .handle("list", ({ query }) =>
        Effect.gen(function* () {
          const paging = yield* requirePaging(query, PAGE_SIZE)
          const { results, count } = yield* review.list(query.status ?? "waiting", paging)
          return ok(page(results, count, paging))
        })
      )
      .handle("get", ({ params }) =>
        Effect.gen(function* () {
          return ok(yield* review.get(params.id))
        })
      )
      .handle("proof", ({ params }) =>
        Effect.gen(function* () {
          const proof = yield* review.proof(params.id)
          return HttpServerResponse.raw(proof.stream, {
            contentType: proof.contentType,
            headers: {
              "content-length": String(proof.size),
              "content-disposition": attachment(proof.filename),
              "x-content-type-options": "nosniff",
              "cache-control": "private, no-cache"
            }
          })
        })
      )
      .handle("accept", ({ params }) =>
        Effect.gen(function* () {
          return ok(yield* review.accept(yield* staff, params.id), billingMessages.accepted)
        })
      )
      .handle("reject", ({ params, payload }) =>
        Effect.gen(function* () {
          return ok(yield* review.reject(yield* staff, params.id, payload.reason), billingMessages.rejected)
        })
      )
  })
)

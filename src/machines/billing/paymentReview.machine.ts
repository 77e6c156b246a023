// The staff page of payments: invoices whose receipt waits for verification, oldest first, each with
// its receipt; staff accept one or reject it with a reason (the contract's rule: it must say
// something), and the list is loaded again after each decision. The server decides who is staff: a
// 403 ends the page as not for this account. A decision another staff member made first (409)
// reloads the list with the server's words.
import { assign, setup } from "xstate"
import { RejectPayload, type StaffInvoice } from "../../contract/billing.ts"
import type { AppFailure } from "../../effects/AppFailure.ts"
import { acceptPayment, loadWaitingWithProofs, rejectPayment } from "../../effects/billing/billing.ts"
import { present } from "../../effects/Catalogue.ts"
import { type FieldNotices, type Notice, noFieldNotices } from "../../effects/Notice.ts"
import { failureFrom, fromEffect } from "../support/fromEffect.ts"
import { validate } from "../support/validate.ts"

export interface PaymentReviewContext {
  readonly results: ReadonlyArray<StaffInvoice>
  /** How many wait in all (the page shows the oldest ones). */
  readonly count: number
  /** Each invoice's receipt by its id; null when it could not load. */
  readonly proofs: Readonly<Record<string, Blob | null>>
  readonly error: Notice | null
  readonly actionError: Notice | null
  /** The reason's message, when a rejection was asked for without one. */
  readonly fields: FieldNotices
  readonly acting: string | null
  /** The last decision, for the page to announce. */
  readonly decided: { readonly number: string; readonly decision: "accepted" | "rejected" } | null
}

export type PaymentReviewEvent =
  | { readonly type: "staff.accept"; readonly id: string }
  | { readonly type: "staff.reject"; readonly id: string; readonly reason: string }
  | { readonly type: "staff.retry" }

type Decision = { readonly id: string; readonly reason?: string }

const reasonErrors = (event: PaymentReviewEvent): FieldNotices | null =>
  event.type === "staff.reject" ? validate(RejectPayload, { reason: event.reason }) : null

const actionNotice = (error: AppFailure): Notice =>
  (error._tag === "Conflict" || error._tag === "Forbidden") && error.message !== "" ? { text: error.message } : present(error).notice

const actors = {
  load: fromEffect(() => loadWaitingWithProofs()),
  decide: fromEffect((input: Decision) =>
    input.reason === undefined ? acceptPayment(input.id) : rejectPayment({ id: input.id, reason: input.reason })
  )
}

export const paymentReviewMachine = setup({
  types: { context: {} as PaymentReviewContext, events: {} as PaymentReviewEvent },
  actors,
  guards: {
    forbidden: (_, error: AppFailure) => error._tag === "Forbidden",
    conflict: (_, error: AppFailure) => error._tag === "Conflict",
    listed: ({ context, event }) => event.type !== "staff.retry" && context.results.some((i) => i.id === event.id),
    reasonMissing: ({ event }) => reasonErrors(event) !== null
  },
  actions: {
    show: assign(
      (
        _,
        page: { readonly results: ReadonlyArray<StaffInvoice>; readonly count: number; readonly proofs: Record<string, Blob | null> }
      ) => ({ ...page, error: null })
    ),
    showFailure: assign((_, error: AppFailure) => ({ error: present(error).notice })),
    refuseReason: assign(({ event }) => ({ fields: reasonErrors(event) ?? noFieldNotices })),
    startActing: assign(({ event }) =>
      event.type === "staff.retry" ? {} : { acting: event.id, actionError: null, fields: noFieldNotices, decided: null }
    ),
    decided: assign((_, invoice: StaffInvoice) => ({
      acting: null,
      decided: { number: invoice.number, decision: invoice.status === "paid" ? ("accepted" as const) : ("rejected" as const) }
    })),
    actionFailed: assign((_, error: AppFailure) => ({ actionError: actionNotice(error), acting: null }))
  }
}).createMachine({
  id: "paymentReview",
  context: { results: [], count: 0, proofs: {}, error: null, actionError: null, fields: noFieldNotices, acting: null, decided: null },
  initial: "loading",
  states: {
    loading: {
      tags: ["busy"],
      invoke: {
        id: "load",
        src: "load",
        onDone: { target: "ready", actions: { type: "show", params: ({ event }) => event.output } },
        onError: [
          { guard: { type: "forbidden", params: failureFrom(actors.load) }, target: "forbidden" },
          { target: "failed", actions: { type: "showFailure", params: failureFrom(actors.load) } }
        ]
      }
    },
    failed: { on: { "staff.retry": "loading" } },
    forbidden: { type: "final" },
    ready: {
      on: {
        "staff.accept": { guard: "listed", target: "deciding", actions: "startActing" },
        "staff.reject": [
          { guard: "reasonMissing", actions: "refuseReason" },
          { guard: "listed", target: "deciding", actions: "startActing" }
        ]
      }
    },
    deciding: {
      tags: ["busy"],
      invoke: {
        id: "decide",
        src: "decide",
        input: ({ event }) => {
          const e = event as Extract<PaymentReviewEvent, { type: "staff.accept" | "staff.reject" }>
          return e.type === "staff.reject" ? { id: e.id, reason: e.reason.trim() } : { id: e.id }
        },
        // Refreshed after each decision: the decided invoice leaves the list.
        onDone: { target: "loading", actions: { type: "decided", params: ({ event }) => event.output } },
        onError: [
          { guard: { type: "forbidden", params: failureFrom(actors.decide) }, target: "forbidden" },
          {
            guard: { type: "conflict", params: failureFrom(actors.decide) },
            target: "loading",
            actions: { type: "actionFailed", params: failureFrom(actors.decide) }
          },
          { target: "ready", actions: { type: "actionFailed", params: failureFrom(actors.decide) } }
        ]
      }
    }
  }
})

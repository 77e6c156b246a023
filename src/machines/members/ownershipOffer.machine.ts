// A lab's pending ownership offer, as its sender, its receiver or another member sees it (the banner
// on the lab's page). The sender may withdraw it, the receiver accept or decline it; accepting may be
// refused for want of room, with how much is missing. The user's ownership channel (an offer made,
// answered or withdrawn) reloads it.
//
//   loading --done--> none | pending      loading --error--> failed --retry--> loading
//   pending --accept [receiver]--> accepting --done--> none (offer.accepted emitted)
//   pending --decline [receiver]--> declining --done--> none (offer.closed emitted)
//   pending --withdraw [sender]--> withdrawing --done--> none (offer.closed emitted)
//   accepting/declining/withdrawing --error--> pending, with the reason (the offer may be gone: reload)
//   none/pending/failed --refresh--> loading; an offer shown that is gone on reload emits offer.ended
import { assign, emit, enqueueActions, type EventObject, fromCallback, setup } from "xstate"
import type { Lab } from "../../contract/labs.ts"
import type { OwnershipOffer } from "../../contract/members.ts"
import type { AppFailure } from "../../effects/AppFailure.ts"
import { present } from "../../effects/Catalogue.ts"
import type { Notice } from "../../effects/Notice.ts"
import { acceptOffer, declineOffer, loadOffer, withdrawOffer } from "../../effects/members/transfer.ts"
import { failureFrom, fromEffect } from "../support/fromEffect.ts"
import type { RealtimeActor } from "../realtime/realtime.machine.ts"

export interface OwnershipOfferInput {
  readonly labId: string
  readonly userId: string
  /** Where the user's ownership notices come from; null where there is none (tests). */
  readonly realtime: RealtimeActor | null
}

/** Why an answer failed: the receiver's storage lacks `missing` bytes, or what the catalogue says. */
export type OfferProblem = { readonly kind: "room"; readonly missing: number } | { readonly kind: "notice"; readonly notice: Notice }

export interface OwnershipOfferContext extends OwnershipOfferInput {
  readonly offer: OwnershipOffer | null
  readonly problem: OfferProblem | null
}

export type OwnershipOfferEvent =
  | { readonly type: "offer.accept" }
  | { readonly type: "offer.decline" }
  | { readonly type: "offer.withdraw" }
  | { readonly type: "offer.retry" }
  /** Something changed on the user's ownership channel, or the page knows the lab changed. */
  | { readonly type: "offer.refresh" }

export type OwnershipOfferEmitted =
  | { readonly type: "offer.accepted"; readonly lab: Lab }
  | { readonly type: "offer.closed" }
  /** An offer shown here was answered or withdrawn elsewhere: the lab may have a new owner. */
  | { readonly type: "offer.ended" }

/** Who the user is to the offer. */
export const sideOf = (context: Pick<OwnershipOfferContext, "offer" | "userId">): "sender" | "receiver" | "other" =>
  context.offer === null
    ? "other"
    : context.offer.to.id === context.userId
      ? "receiver"
      : context.offer.from.id === context.userId
        ? "sender"
        : "other"

export const problemOf = (error: AppFailure): OfferProblem =>
  error._tag === "PayloadTooLarge" && error.missing !== undefined
    ? { kind: "room", missing: error.missing }
    : error._tag === "NotFound" || error._tag === "Forbidden"
      ? { kind: "notice", notice: { text: error.message } }
      : { kind: "notice", notice: present(error).notice }

const pushes = fromCallback<EventObject, OwnershipOfferInput>(({ input, sendBack }) => {
  if (input.realtime === null) return
  const subscription = input.realtime.on("realtime.ownershipChanges", (heard) => {
    if (heard.id === input.userId) sendBack({ type: "offer.refresh" } satisfies OwnershipOfferEvent)
  })
  return () => subscription.unsubscribe()
})

const actors = {
  load: fromEffect((labId: string) => loadOffer(labId)),
  accept: fromEffect((offerId: string) => acceptOffer(offerId)),
  decline: fromEffect((offerId: string) => declineOffer(offerId)),
  withdraw: fromEffect((offerId: string) => withdrawOffer(offerId)),
  pushes
}

export const ownershipOfferMachine = setup({
  types: {
    input: {} as OwnershipOfferInput,
    context: {} as OwnershipOfferContext,
    events: {} as OwnershipOfferEvent,
    emitted: {} as OwnershipOfferEmitted
  },
  actors,
  guards: {
    isReceiver: ({ context }) => sideOf(context) === "receiver",
    isSender: ({ context }) => sideOf(context) === "sender"
  },
  actions: {
    clearProblem: assign({ problem: null }),
    fail: assign({ problem: (_, error: AppFailure) => problemOf(error) })
  }
}).createMachine({
  id: "ownershipOffer",
  context: ({ input }) => ({ ...input, offer: null, problem: null }),
  invoke: {
    id: "pushes",
    src: "pushes",
    input: ({ context }) => ({ labId: context.labId, userId: context.userId, realtime: context.realtime })
  },
  initial: "loading",
  states: {
    loading: {
      invoke: {
        id: "load",
        src: "load",
        input: ({ context }) => context.labId,
        onDone: [
          {
            guard: ({ event }) => event.output === null,
            target: "none",
            actions: enqueueActions(({ context, enqueue }) => {
              if (context.offer !== null) enqueue.emit({ type: "offer.ended" })
              enqueue.assign({ offer: null })
            })
          },
          { target: "pending", actions: assign({ offer: ({ event }) => event.output }) }
        ],
        onError: { target: "failed", actions: { type: "fail", params: failureFrom(actors.load) } }
      }
    },
    failed: {
      on: { "offer.retry": { target: "loading", actions: "clearProblem" }, "offer.refresh": { target: "loading", actions: "clearProblem" } }
    },
    none: {
      entry: assign({ offer: null }),
      on: { "offer.refresh": "loading" }
    },
    pending: {
      on: {
        "offer.accept": { guard: "isReceiver", target: "accepting", actions: "clearProblem" },
        "offer.decline": { guard: "isReceiver", target: "declining", actions: "clearProblem" },
        "offer.withdraw": { guard: "isSender", target: "withdrawing", actions: "clearProblem" },
        // A problem shown stays until the user acts again: a reload must not wipe the reason away.
        "offer.refresh": "loading"
      }
    },
    accepting: {
      invoke: {
        id: "accept",
        src: "accept",
        input: ({ context }) => context.offer?.id ?? "",
        onDone: { target: "none", actions: emit(({ event }) => ({ type: "offer.accepted" as const, lab: event.output })) },
        onError: { target: "pending", actions: { type: "fail", params: failureFrom(actors.accept) } }
      }
    },
    declining: {
      invoke: {
        id: "decline",
        src: "decline",
        input: ({ context }) => context.offer?.id ?? "",
        onDone: { target: "none", actions: emit({ type: "offer.closed" as const }) },
        onError: { target: "pending", actions: { type: "fail", params: failureFrom(actors.decline) } }
      }
    },
    withdrawing: {
      invoke: {
        id: "withdraw",
        src: "withdraw",
        input: ({ context }) => context.offer?.id ?? "",
        onDone: { target: "none", actions: emit({ type: "offer.closed" as const }) },
        onError: { target: "pending", actions: { type: "fail", params: failureFrom(actors.withdraw) } }
      }
    }
  }
})

// The forms an emailed link opens (a new password, turning 2FA off): one statechart. Each form
// provides the rule its fields must pass (the contract's payload Schema), the program that confirms,
// and what a refused form says (see the machines built from it). A link the server refuses (used,
// expired, mangled) ends in linkRefused, where the page offers a new one.
import { Effect } from "effect"
import { assertEvent, assign, fromPromise, setup } from "xstate"
import type { ApiError } from "../../effects/ApiError.ts"
import type { AppFailure } from "../../effects/AppFailure.ts"
import { isLinkRefused, present } from "../../effects/Catalogue.ts"
import { type FieldNotices, type Notice, noFieldNotices } from "../../effects/Notice.ts"
import type { AppServices } from "../../effects/runtime.ts"
import { failureFrom, fromEffect } from "../support/fromEffect.ts"

export interface ResetLink {
  readonly uid: string
  readonly token: string
}

/** The form's values by field name, as the page read them. */
export type LinkForm = Readonly<Record<string, string>>

export interface LinkConfirmContext {
  readonly link: ResetLink
  readonly fields: FieldNotices
  readonly error: Notice | null
}

export type LinkConfirmEvent = { readonly type: "link.submit"; readonly form: LinkForm }

/** What the server gets: the link and the form together. */
export type LinkPayload = ResetLink & LinkForm

const payloadOf = (link: ResetLink, event: LinkConfirmEvent): LinkPayload => ({ ...event.form, uid: link.uid, token: link.token })

const actors = {
  /** Provided by each form: the program that confirms. */
  confirm: fromPromise<void, LinkPayload>(() => Promise.reject(new Error("linkConfirmMachine needs a confirm actor")))
}

export const linkConfirmMachine = setup({
  types: {
    input: {} as ResetLink,
    context: {} as LinkConfirmContext,
    events: {} as LinkConfirmEvent
  },
  actors,
  guards: {
    /** Provided by each form: whether the payload breaks the form's rule. */
    payloadInvalid: () => false,
    linkRefused: (_, error: AppFailure) => isLinkRefused(error)
  },
  actions: {
    /** Provided by each form: the payload's failing fields. */
    rejectPayload: assign({ fields: noFieldNotices, error: null }),
    clearMessages: assign({ fields: noFieldNotices, error: null }),
    showFailure: assign((_, error: AppFailure) => {
      const shown = present(error)
      return { fields: shown.fields, error: shown.notice }
    }),
    /** What a refused form says; a form may give its failure a title of its own instead (`refusal`). */
    showRefusal: assign((_, error: AppFailure) => {
      const shown = present(error)
      return { fields: shown.fields, error: shown.notice }
    })
  }
}).createMachine({
  id: "linkConfirm",
  context: ({ input }) => ({ link: input, fields: noFieldNotices, error: null }),
  initial: "editing",
  on: {
    "link.submit": [
      { guard: "payloadInvalid", target: ".invalid", actions: "rejectPayload" },
      { target: ".submitting", actions: "clearMessages" }
    ]
  },
  states: {
    editing: {},
    invalid: {},
    submitting: {
      tags: ["busy"],
      // A second submit while one is on its way is ignored rather than sent twice.
      on: { "link.submit": {} },
      invoke: {
        id: "confirm",
        src: "confirm",
        input: ({ context, event }) => {
          assertEvent(event, "link.submit")
          return payloadOf(context.link, event)
        },
        onDone: { target: "done" },
        onError: [
          {
            guard: { type: "linkRefused", params: failureFrom(actors.confirm) },
            target: "linkRefused",
            actions: { type: "showFailure", params: failureFrom(actors.confirm) }
          },
          { target: "invalid", actions: { type: "showRefusal", params: failureFrom(actors.confirm) } }
        ]
      }
    },
    done: { type: "final" },
    linkRefused: { type: "final" }
  }
})

/** What a form provides to the chart. */
export interface FormOfLink<Payload> {
  /** The form's rule: the payload's failing fields, or null when it passes. */
  readonly check: (payload: LinkPayload) => FieldNotices | null
  readonly confirm: (payload: Payload) => Effect.Effect<unknown, ApiError, AppServices>
  /** What a refused form shows, when its failure has a title of its own (e.g. "Failed Reset 2FA"). */
  readonly refusal?: (error: AppFailure) => Pick<LinkConfirmContext, "fields" | "error">
}

/** The chart with one form's rule, program and refusal. `check` passing is what makes `payload` a Payload. */
export const linkConfirmFor = <Payload>(form: FormOfLink<Payload>) =>
  linkConfirmMachine.provide({
    actors: {
      confirm: fromEffect((payload: LinkPayload) => Effect.asVoid(form.confirm(payload as unknown as Payload)))
    },
    guards: { payloadInvalid: ({ context, event }) => form.check(payloadOf(context.link, event)) !== null },
    actions: {
      rejectPayload: assign(({ context, event }) => ({
        fields: form.check(payloadOf(context.link, event)) ?? noFieldNotices,
        error: null
      })),
      ...(form.refusal === undefined ? {} : { showRefusal: assign((_, error: AppFailure) => form.refusal?.(error) ?? {}) })
    }
  })

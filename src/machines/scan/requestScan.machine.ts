// The scan-request wizard (/request-scan): the catalogue loads, then the steps one at a time
// (specimen, preparation, return and notes, contact), a review of everything, and sending it. Every
// value lives in the machine's context, so next, back and editing from the review keep what was
// typed. Next checks only the step being left, with the contract's rules; a field the server refuses
// reopens the step that shows it.
import { assign, type ErrorActorEvent, setup } from "xstate"
import type { Locale } from "../../contract/auth.ts"
import type { CatalogueItem, SubmittedScanRequest } from "../../contract/scan-requests.ts"
import { type AppFailure, fieldListsOf } from "../../effects/AppFailure.ts"
import { present } from "../../effects/Catalogue.ts"
import { type FieldNotices, type Notice, noFieldNotices } from "../../effects/Notice.ts"
import { loadScanCatalogue, submitScanRequest } from "../../effects/scan/requests.ts"
import { failureFrom, fromEffect } from "../support/fromEffect.ts"
import {
  emptyScanValues,
  type FormStep,
  firstRefusedStep,
  type ScanAccount,
  type ScanValues,
  stepErrors,
  stepOfField,
  toPayload
} from "./requestScanRules.ts"

export interface ScanCatalogue {
  readonly sections: ReadonlyArray<CatalogueItem>
  readonly stains: ReadonlyArray<CatalogueItem>
}

export interface RequestScanContext {
  readonly locale: Locale
  readonly account: ScanAccount | null
  readonly catalogue: ScanCatalogue | null
  readonly values: ScanValues
  readonly fields: FieldNotices
  /** Why the catalogue could not load, or the request could not be sent. */
  readonly error: Notice | null
  /** The request as sent, with where its slides go. */
  readonly sent: SubmittedScanRequest | null
}

export type RequestScanEvent =
  | { readonly type: "scan.change"; readonly values: Partial<ScanValues> }
  | { readonly type: "scan.next" }
  | { readonly type: "scan.back" }
  | { readonly type: "scan.edit"; readonly step: FormStep }
  | { readonly type: "scan.submit" }
  | { readonly type: "scan.retry" }
  | { readonly type: "scan.again" }

export interface RequestScanInput {
  readonly locale: Locale
  readonly account: ScanAccount | null
}

/** The step a state of `editing` is, for the checks of `next`. */
const next = (step: FormStep, target: string) => [
  { guard: { type: "stepInvalid" as const, params: { step } }, actions: { type: "showStepErrors" as const, params: { step } } },
  { target, actions: "clearMessages" as const }
]

/** A refusal naming fields of `step` goes back there. */
const refusedOn = (step: FormStep) => ({
  guard: {
    type: "refusedOn" as const,
    params: ({ event }: { event: ErrorActorEvent }) => ({ step, error: failureFrom(actors.submit)({ event }) })
  },
  target: `#requestScan.editing.${step}`,
  actions: { type: "showFailure" as const, params: failureFrom(actors.submit) }
})

const typing = (step: FormStep) => ({ actions: { type: "change" as const, params: { step } } })

const editTo = (step: FormStep) => ({
  guard: { type: "editing" as const, params: { step } },
  target: step,
  actions: "clearMessages" as const
})

const actors = {
  loadCatalogue: fromEffect((locale: Locale) => loadScanCatalogue(locale)),
  submit: fromEffect((input: { readonly values: ScanValues; readonly account: ScanAccount | null; readonly locale: Locale }) =>
    submitScanRequest(toPayload(input.values, input.account, input.locale))
  )
}

export const requestScanMachine = setup({
  types: {
    input: {} as RequestScanInput,
    context: {} as RequestScanContext,
    events: {} as RequestScanEvent
  },
  actors,
  guards: {
    stepInvalid: ({ context }, { step }: { step: FormStep }) => stepErrors(step, context.values, context.account) !== null,
    editing: ({ event }, { step }: { step: FormStep }) => event.type === "scan.edit" && event.step === step,
    refusedOn: (_, { step, error }: { step: FormStep; error: AppFailure }) =>
      error._tag === "BadRequest" && firstRefusedStep(fieldListsOf(error)) === step
  },
  actions: {
    // Only what the step shows can change; what the user corrects stops being marked wrong.
    change: assign(({ context, event }, { step }: { step: FormStep }) => {
      if (event.type !== "scan.change") return {}
      const changed = Object.fromEntries(
        Object.entries(event.values).filter(([field]) => stepOfField[field as keyof ScanValues] === step)
      ) as Partial<ScanValues>
      const fields = Object.fromEntries(Object.entries(context.fields).filter(([field]) => !(field in changed)))
      return { values: { ...context.values, ...changed }, fields }
    }),
    showStepErrors: assign(({ context }, { step }: { step: FormStep }) => ({
      fields: stepErrors(step, context.values, context.account) ?? noFieldNotices,
      error: null
    })),
    clearMessages: assign({ fields: noFieldNotices, error: null }),
    keepCatalogue: assign((_, catalogue: ScanCatalogue) => ({ catalogue, error: null })),
    showLoadFailure: assign((_, error: AppFailure) => ({ error: present(error).notice })),
    showFailure: assign((_, error: AppFailure) => {
      const shown = present(error)
      return { fields: shown.fields, error: shown.notice }
    }),
    keepSent: assign((_, sent: SubmittedScanRequest) => ({ sent, fields: noFieldNotices, error: null })),
    startOver: assign({ values: emptyScanValues, sent: null, fields: noFieldNotices, error: null })
  }
}).createMachine({
  id: "requestScan",
  context: ({ input }) => ({
    locale: input.locale,
    account: input.account,
    catalogue: null,
    values: emptyScanValues,
    fields: noFieldNotices,
    error: null,
    sent: null
  }),
  initial: "loading",
  states: {
    loading: {
      tags: ["busy"],
      invoke: {
        id: "loadCatalogue",
        src: "loadCatalogue",
        input: ({ context }) => context.locale,
        onDone: { target: "editing", actions: { type: "keepCatalogue", params: ({ event }) => event.output } },
        onError: { target: "loadFailed", actions: { type: "showLoadFailure", params: failureFrom(actors.loadCatalogue) } }
      }
    },
    loadFailed: {
      on: { "scan.retry": { target: "loading" } }
    },
    editing: {
      initial: "specimen",
      states: {
        specimen: {
          on: { "scan.change": typing("specimen"), "scan.next": next("specimen", "preparation") }
        },
        preparation: {
          on: {
            "scan.change": typing("preparation"),
            "scan.next": next("preparation", "handling"),
            "scan.back": { target: "specimen", actions: "clearMessages" }
          }
        },
        handling: {
          on: {
            "scan.change": typing("handling"),
            "scan.next": next("handling", "contact"),
            "scan.back": { target: "preparation", actions: "clearMessages" }
          }
        },
        contact: {
          on: {
            "scan.change": typing("contact"),
            "scan.next": next("contact", "review"),
            "scan.back": { target: "handling", actions: "clearMessages" }
          }
        },
        review: {
          on: {
            "scan.back": { target: "contact", actions: "clearMessages" },
            "scan.edit": [editTo("specimen"), editTo("preparation"), editTo("handling"), editTo("contact")],
            "scan.submit": { target: "#requestScan.submitting", actions: "clearMessages" }
          }
        }
      }
    },
    submitting: {
      tags: ["busy"],
      invoke: {
        id: "submit",
        src: "submit",
        input: ({ context }) => ({ values: context.values, account: context.account, locale: context.locale }),
        onDone: { target: "sent", actions: { type: "keepSent", params: ({ event }) => event.output } },
        onError: [
          refusedOn("specimen"),
          refusedOn("preparation"),
          refusedOn("handling"),
          refusedOn("contact"),
          { target: "#requestScan.editing.review", actions: { type: "showFailure", params: failureFrom(actors.submit) } }
        ]
      }
    },
    sent: {
      on: { "scan.again": { target: "#requestScan.editing.specimen", actions: "startOver" } }
    }
  }
})

// Contact us about plans: the question (required), optionally a phone and the company, checked with the
// contract's rules before sending; the server mails sales and a copy to the asker, and rate-limits (its
// words are shown).
import { assign, setup } from "xstate"
import { ContactPayload } from "../../contract/billing.ts"
import type { AppFailure } from "../../effects/AppFailure.ts"
import { contactSales } from "../../effects/billing/billing.ts"
import { present } from "../../effects/Catalogue.ts"
import { type FieldNotices, type Notice, noFieldNotices } from "../../effects/Notice.ts"
import { failureFrom, fromEffect } from "../support/fromEffect.ts"
import { validate } from "../support/validate.ts"

export interface ContactValues {
  readonly details: string
  readonly phone: string
  readonly company: string
}

export type ContactSalesEvent = { readonly type: "contact.send"; readonly values: ContactValues } | { readonly type: "contact.again" }

/** The payload the values make: empty optional fields are left out, text trimmed. */
export const contactPayloadOf = (values: ContactValues): ContactPayload => ({
  details: values.details.trim(),
  ...(values.phone.trim() === "" ? {} : { phone: values.phone.trim() }),
  ...(values.company.trim() === "" ? {} : { company: values.company.trim() })
})

const problems = (event: ContactSalesEvent): FieldNotices | null =>
  event.type === "contact.send" ? validate(ContactPayload, contactPayloadOf(event.values)) : null

const send = fromEffect((payload: ContactPayload) => contactSales(payload))

export const contactSalesMachine = setup({
  types: { context: {} as { readonly fields: FieldNotices; readonly error: Notice | null }, events: {} as ContactSalesEvent },
  actors: { send },
  guards: { invalid: ({ event }) => problems(event) !== null },
  actions: {
    refuse: assign(({ event }) => ({ fields: problems(event) ?? noFieldNotices, error: null })),
    start: assign({ fields: noFieldNotices, error: null }),
    failed: assign((_, error: AppFailure) => ({ fields: present(error).fields, error: present(error).notice }))
  }
}).createMachine({
  id: "contactSales",
  context: { fields: noFieldNotices, error: null },
  initial: "editing",
  states: {
    editing: {
      on: {
        "contact.send": [
          { guard: "invalid", actions: "refuse" },
          { target: "sending", actions: "start" }
        ]
      }
    },
    sending: {
      tags: ["busy"],
      invoke: {
        id: "send",
        src: "send",
        input: ({ event }) => contactPayloadOf((event as Extract<ContactSalesEvent, { type: "contact.send" }>).values),
        onDone: "sent",
        onError: { target: "editing", actions: { type: "failed", params: failureFrom(send) } }
      }
    },
    sent: { on: { "contact.again": { target: "editing", actions: "start" } } }
  }
})

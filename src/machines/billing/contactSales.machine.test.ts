import { describe, expect, it } from "vitest"
import { serverDown, slowDown } from "../../testing/fixtures.ts"
import { modelFor } from "../../testing/modelHarness.ts"
import { type ContactSalesEvent, contactSalesMachine } from "./contactSales.machine.ts"

const model = modelFor({
  machine: contactSalesMachine,
  promiseActors: ["send"],
  events: {
    "send a question": { type: "contact.send", values: { details: " 2 TB for 3 labs? ", phone: " ", company: "RS Harapan " } },
    "send nothing": { type: "contact.send", values: { details: "   ", phone: "", company: "" } },
    sent: { type: "xstate.done.actor.send", output: undefined },
    "too many": { type: "xstate.error.actor.send", error: slowDown },
    "send failed": { type: "xstate.error.actor.send", error: serverDown },
    again: { type: "contact.again" }
  } as unknown as Record<string, ContactSalesEvent>,
  distinguish: ({ value, context }) => ({ value, fields: Object.keys(context.fields).length > 0, error: context.error !== null }),
  states: {
    editing: (actual, calls, { via, callsBefore }) => {
      expect(actual.hasTag("busy")).toBe(false)
      if (via === "send nothing") {
        expect(actual.context.fields).toEqual({ details: [{ key: "validation.required" }] })
        expect(calls).toHaveLength(callsBefore)
      }
      if (via === "too many") expect(actual.context.error).toEqual({ text: slowDown.message })
      if (via === "send failed") expect(actual.context.error).toEqual({ key: "errors.serverError" })
      if (via === "again" || via === "start") expect(actual.context).toEqual({ fields: {}, error: null })
    },
    sending: (actual, calls) => {
      expect(actual.hasTag("busy")).toBe(true)
      // Trimmed, an empty phone left out.
      expect(calls.at(-1)).toEqual({ src: "send", input: { details: "2 TB for 3 labs?", company: "RS Harapan" } })
    },
    sent: (actual) => expect(actual.context.error).toBeNull()
  }
})

describe("contact sales model", () => {
  it.each(model.paths.map((path) => [path.description, path] as const))("%s", async (_, path) => {
    await path.run()
  })

  it("the paths cover every state and every transition", async () => {
    expect(await model.coverage()).toEqual({ missingStates: [], missingTransitions: [], uncheckedStates: [] })
  })
})

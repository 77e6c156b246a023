import { describe, expect, it } from "vitest"
import type { SnapshotFrom } from "xstate"
import type { SubmittedScanRequest } from "../../contract/scan-requests.ts"
import { drive } from "../../testing/drive.ts"
import { fieldError, serverDown, slowDown } from "../../testing/fixtures.ts"
import { type Arrival, modelFor } from "../../testing/modelHarness.ts"
import { type RequestScanEvent, type RequestScanInput, requestScanMachine } from "./requestScan.machine.ts"
import { emptyScanValues, type FormStep, formSteps, type ScanAccount, type ScanValues, stepOfField } from "./requestScanRules.ts"

const catalogue = {
  sections: [{ id: "ffpe", name: "Paraffin (FFPE)" }],
  stains: [
    { id: "he", name: "Hematoxylin and eosin (H&E)" },
    { id: "ihc", name: "Immunohistochemistry (IHC)" }
  ]
}

const sent: SubmittedScanRequest = {
  id: "r1",
  reference: "SR-0000000R",
  state: "received",
  preparations: 3,
  diagnosis: "Invasive ductal carcinoma",
  section: { id: "ffpe", name: "Paraffin (FFPE)" },
  stain: { id: "he", name: "Hematoxylin and eosin (H&E)" },
  magnification: "40x",
  notes: "",
  return_slides: true,
  return_address: "Jl. Salemba Raya 6",
  contact: { name: "Dewi", email: "dewi@lab.test", phone: null },
  user_id: null,
  folder_name: null,
  timeline: { received: "2026-05-01T00:00:00Z", scanning: null, uploaded: null, returned: null },
  created_at: "2026-05-01T00:00:00Z",
  updated_at: "2026-05-01T00:00:00Z",
  send_to: { address: "Preparat Scanning Lab\nJl. Contoh No. 1", hours: "Monday to Friday" }
}

/** What a person types on each step, correctly and not. */
const good: Record<FormStep, Partial<ScanValues>> = {
  specimen: { preparations: " 3 ", diagnosis: " Invasive ductal carcinoma " },
  preparation: { section: "ffpe", stain: "he", magnification: "40x" },
  handling: { return_slides: true, return_address: "Jl. Salemba Raya 6", notes: "" },
  contact: { contact_name: "Dewi", contact_email: " dewi@lab.test ", contact_phone: "" }
}
const bad: Record<FormStep, Partial<ScanValues>> = {
  specimen: { preparations: "0", diagnosis: " " },
  preparation: { section: "", stain: "he", magnification: "" },
  // Returned, but to nowhere.
  handling: { return_slides: true, return_address: "  " },
  contact: { contact_name: "Dewi", contact_email: "dewi@", contact_phone: "call me" }
}

const account: ScanAccount = { name: "Ana", email: "ana@lab.test" }

/** The steps in order, with what must hold for each to have been left forward. */
const stepKeys = formSteps.map((step) => `editing.${step}`)

const modelOf = (input: RequestScanInput) =>
  modelFor({
    machine: requestScanMachine,
    promiseActors: ["loadCatalogue", "submit"],
    input,
    events: {
      "catalogue loaded": { type: "xstate.done.actor.loadCatalogue", output: catalogue },
      "catalogue failed": { type: "xstate.error.actor.loadCatalogue", error: serverDown },
      ...Object.fromEntries(
        formSteps.flatMap((step) => [
          [`${step} filled`, { type: "scan.change", values: good[step] }],
          [`${step} filled wrongly`, { type: "scan.change", values: bad[step] }]
        ])
      ),
      ...Object.fromEntries(formSteps.map((step) => [`edit ${step}`, { type: "scan.edit", step }])),
      sent: { type: "xstate.done.actor.submit", output: sent },
      "diagnosis refused": { type: "xstate.error.actor.submit", error: fieldError("diagnosis", "This is too long.") },
      "stain refused": { type: "xstate.error.actor.submit", error: fieldError("stain", "Choose one of the options.") },
      "address refused": {
        type: "xstate.error.actor.submit",
        error: fieldError("return_address", "Enter the address the slides go back to.")
      },
      "email refused": { type: "xstate.error.actor.submit", error: fieldError("contact_email", "Enter a valid email address.") },
      "too many": { type: "xstate.error.actor.submit", error: slowDown },
      "server down": { type: "xstate.error.actor.submit", error: serverDown }
    } as unknown as Record<string, RequestScanEvent>,
    // The guards read whether the step being shown is filled in correctly.
    distinguish: ({ value, context }) => {
      const step = formSteps.find((s) => typeof value === "object" && (value as { editing?: string }).editing === s)
      return { value, filled: step === undefined ? null : filled(context.values, step) }
    },
    states: {
      loading: (actual, calls) => {
        expect(actual.hasTag("busy")).toBe(true)
        expect(calls.at(-1)).toEqual({ src: "loadCatalogue", input: input.locale })
      },
      loadFailed: (actual) => {
        expect(actual.context.error).toEqual({ key: "errors.serverError" })
        expect(actual.context.catalogue).toBeNull()
      },
      editing: (actual, _calls, arrival) => {
        expect(actual.hasTag("busy")).toBe(false)
        expect(actual.context.catalogue).toEqual(catalogue)
        keepsWhatWasTyped(actual.context.values, arrival)
      },
      "editing.specimen": (actual, _calls, arrival) => leftOrStayed(actual, arrival, "specimen"),
      "editing.preparation": (actual, _calls, arrival) => leftOrStayed(actual, arrival, "preparation"),
      "editing.handling": (actual, _calls, arrival) => leftOrStayed(actual, arrival, "handling"),
      "editing.contact": (actual, _calls, arrival) => leftOrStayed(actual, arrival, "contact"),
      "editing.review": (actual, _calls, { via }) => {
        // Only a request filled in correctly everywhere is reviewed; an account needs no contact typed.
        for (const step of formSteps.filter((s) => !(s === "contact" && input.account !== null)))
          expect(pick(actual.context.values, good[step]), step).toEqual(good[step])
        expect(actual.context.values.contact_phone).not.toBe(bad.contact.contact_phone)
        if (via === "too many") expect(actual.context.error).toEqual({ text: "Too many attempts. Try again in 1 minute." })
        else if (via === "server down") expect(actual.context.error).toEqual({ key: "errors.serverError" })
        else expect(actual.context.error).toBeNull()
      },
      submitting: (actual, calls) => {
        expect(actual.hasTag("busy")).toBe(true)
        expect(calls.at(-1)?.src).toBe("submit")
        expect(calls.at(-1)?.input).toEqual({ values: actual.context.values, account: input.account, locale: input.locale })
      },
      sent: (actual) => expect(actual.context.sent).toEqual(sent)
    }
  })

const pick = (values: ScanValues, like: Partial<ScanValues>) =>
  Object.fromEntries(Object.keys(like).map((key) => [key, values[key as keyof ScanValues]]))
const filled = (values: ScanValues, step: FormStep) => JSON.stringify(pick(values, good[step])) === JSON.stringify(good[step])

/**
 * Moving between steps never changes a value; typing changes only the fields of the step shown (a
 * step cannot change what another shows); starting over empties them.
 */
const keepsWhatWasTyped = (values: ScanValues, { via, before, event }: Arrival<typeof requestScanMachine>) => {
  if (before === undefined) return
  if (event?.type === "scan.change") {
    const shown = formSteps.find((step) => before.matches({ editing: step }))
    const own = Object.fromEntries(Object.entries(event.values).filter(([field]) => stepOfField[field as keyof ScanValues] === shown))
    expect(values).toEqual({ ...before.context.values, ...own })
  } else if (via === "scan.again") expect(values).toEqual(emptyScanValues)
  else if (via !== "catalogue loaded") expect(values).toEqual(before.context.values)
}

/**
 * On a step: "next" that stayed names what is wrong and asks nothing; arriving forward means the step
 * left was correct; a refusal from the server shows its field here.
 */
const leftOrStayed = (snapshot: SnapshotFrom<typeof requestScanMachine>, arrival: Arrival<typeof requestScanMachine>, step: FormStep) => {
  const { via, before } = arrival
  const cameFrom = before === undefined ? undefined : stepKeys.find((key) => before.matches(key as never))
  if (via === "scan.next" && cameFrom === `editing.${step}`) {
    expect(Object.keys(snapshot.context.fields).length, "a refused step says why").toBeGreaterThan(0)
  } else if (via === "scan.next") {
    const left = cameFrom?.replace("editing.", "") as FormStep
    expect(pick(snapshot.context.values, good[left])).toEqual(good[left])
    expect(snapshot.context.fields).toEqual({})
  }
  if (via === "diagnosis refused") {
    expect(step).toBe("specimen")
    expect(snapshot.context.fields).toEqual({ diagnosis: [{ key: "validation.tooLong" }] })
  }
  if (via === "address refused") {
    expect(step).toBe("handling")
    expect(snapshot.context.fields).toEqual({ return_address: [{ key: "validation.returnAddress" }] })
  }
  if (via === "stain refused") {
    expect(step).toBe("preparation")
    expect(snapshot.context.fields).toEqual({ stain: [{ key: "validation.choice" }] })
  }
  if (via === "email refused") {
    expect(step).toBe("contact")
    expect(snapshot.context.fields).toEqual({ contact_email: [{ key: "validation.email" }] })
  }
  if (via.startsWith("edit ")) expect(via).toBe(`edit ${step}`)
}

describe.each([
  ["a visitor", { locale: "en", account: null }],
  ["a signed-in user", { locale: "id", account }]
] as const)("request-scan model for %s", (_, input) => {
  const model = modelOf(input)
  it.each(model.paths.map((path) => [path.description, path] as const))("%s", async (_, path) => {
    await path.run()
  })

  it("the paths cover every state and every transition", async () => {
    expect(await model.coverage()).toEqual({ missingStates: [], missingTransitions: [], uncheckedStates: [] })
  })
})

describe("request-scan scenarios", () => {
  const fillAll = async (run: ReturnType<typeof drive<typeof requestScanMachine>>) => {
    for (const step of formSteps) {
      await run.send({ type: "scan.change", values: good[step] })
      await run.send({ type: "scan.next" })
    }
  }

  it("checks each step as it is left, with messages per field", async () => {
    const run = drive(requestScanMachine, ["loadCatalogue", "submit"], { input: { locale: "en", account: null } })
    await run.succeed("loadCatalogue", catalogue)
    await run.send({ type: "scan.next" })
    expect(run.actor.getSnapshot().context.fields).toEqual({
      preparations: [{ key: "validation.required" }],
      diagnosis: [{ key: "validation.required" }]
    })
    await run.send({ type: "scan.change", values: { preparations: "2.5", diagnosis: "x".repeat(501) } })
    await run.send({ type: "scan.next" })
    expect(run.actor.getSnapshot().context.fields).toEqual({
      preparations: [{ key: "validation.wholeNumber" }],
      diagnosis: [{ key: "validation.tooLong" }]
    })
    // Correcting a field clears its message only.
    await run.send({ type: "scan.change", values: { preparations: "3" } })
    expect(run.actor.getSnapshot().context.fields).toEqual({ diagnosis: [{ key: "validation.tooLong" }] })
    await run.send({ type: "scan.change", values: good.specimen })
    await run.send({ type: "scan.next" })
    await run.send({ type: "scan.change", values: good.preparation })
    await run.send({ type: "scan.next" })
    await run.send({ type: "scan.next" })
    expect(run.actor.getSnapshot().context.fields).toEqual({ return_slides: [{ key: "validation.required" }] })
    await run.send({ type: "scan.change", values: { return_slides: true } })
    await run.send({ type: "scan.next" })
    expect(run.actor.getSnapshot().context.fields).toEqual({ return_address: [{ key: "validation.returnAddress" }] })
    // No return: no address needed.
    await run.send({ type: "scan.change", values: { return_slides: false } })
    await run.send({ type: "scan.next" })
    expect(run.actor.getSnapshot().matches({ editing: "contact" })).toBe(true)
    await run.send({ type: "scan.next" })
    expect(run.actor.getSnapshot().context.fields).toEqual({
      contact_name: [{ key: "validation.required" }],
      contact_email: [{ key: "validation.required" }]
    })
    expect(run.invocations.filter((i) => i.src === "submit")).toHaveLength(0)
  })

  it("sends what a visitor typed, trimmed, with their contact and without an address for slides that stay", async () => {
    const run = drive(requestScanMachine, ["loadCatalogue", "submit"], { input: { locale: "id", account: null } })
    await run.succeed("loadCatalogue", catalogue)
    await fillAll(run)
    await run.send({ type: "scan.edit", step: "handling" })
    await run.send({ type: "scan.change", values: { return_slides: false, notes: "  fragile  " } })
    for (const _ of ["handling", "contact"]) await run.send({ type: "scan.next" })
    expect(run.actor.getSnapshot().matches({ editing: "review" })).toBe(true)
    await run.send({ type: "scan.submit" })
    const { values, account: who, locale } = run.lastInput("submit") as { values: ScanValues; account: null; locale: "id" }
    const { toPayload } = await import("./requestScanRules.ts")
    expect(toPayload(values, who, locale)).toEqual({
      preparations: 3,
      diagnosis: "Invasive ductal carcinoma",
      section: "ffpe",
      stain: "he",
      magnification: "40x",
      notes: "fragile",
      return_slides: false,
      contact_name: "Dewi",
      contact_email: "dewi@lab.test",
      locale: "id"
    })
  })

  it("sends no contact for a signed-in user, only a phone when given", async () => {
    const run = drive(requestScanMachine, ["loadCatalogue", "submit"], { input: { locale: "en", account } })
    await run.succeed("loadCatalogue", catalogue)
    await fillAll(run)
    await run.send({ type: "scan.back" })
    await run.send({ type: "scan.change", values: { contact_phone: "+62 812 000" } })
    await run.send({ type: "scan.next" })
    await run.send({ type: "scan.submit" })
    const { values, account: who, locale } = run.lastInput("submit") as { values: ScanValues; account: ScanAccount; locale: "en" }
    const { toPayload } = await import("./requestScanRules.ts")
    const payload = toPayload(values, who, locale)
    expect(payload).not.toHaveProperty("contact_name")
    expect(payload).not.toHaveProperty("contact_email")
    expect(payload).toMatchObject({ contact_phone: "+62 812 000", return_address: "Jl. Salemba Raya 6" })
  })

  it("starts an empty request after one was sent", async () => {
    const run = drive(requestScanMachine, ["loadCatalogue", "submit"], { input: { locale: "en", account: null } })
    await run.succeed("loadCatalogue", catalogue)
    await fillAll(run)
    await run.send({ type: "scan.submit" })
    await run.succeed("submit", sent)
    expect(run.actor.getSnapshot().context.sent).toEqual(sent)
    await run.send({ type: "scan.again" })
    expect(run.actor.getSnapshot().matches({ editing: "specimen" })).toBe(true)
    expect(run.actor.getSnapshot().context.values).toEqual(emptyScanValues)
    expect(run.actor.getSnapshot().context.sent).toBeNull()
  })
})

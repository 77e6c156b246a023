// Model-based test of the ownership offer banner (xstate/graph through modelHarness): every state,
// every transition, with what the user is shown there written from the rules: only the receiver
// answers, only the sender withdraws, a refusal for want of room says how much is missing, the
// offer stays on screen until an answer succeeds.
import { describe, expect, it } from "vitest"
import { type EventObject, fromCallback } from "xstate"
import type { Lab } from "../../contract/labs.ts"
import type { OwnershipOffer } from "../../contract/members.ts"
import { NotFound, PayloadTooLarge } from "../../effects/ApiError.ts"
import { serverDown } from "../../testing/fixtures.ts"
import { modelFor } from "../../testing/modelHarness.ts"
import { type OwnershipOfferEvent, type OwnershipOfferInput, ownershipOfferMachine, sideOf } from "./ownershipOffer.machine.ts"

const person = (id: string) => ({ id, name: id.toUpperCase(), email: `${id}@example.com` })
const offer = (from: string, to: string): OwnershipOffer => ({
  id: `offer-${from}-${to}`,
  lab: { id: "lab-1", name: "Liver cohort", is_dir: true, size: 4_900_000_000 },
  from: person(from),
  to: person(to),
  created_at: "2026-11-26T10:00:00.000Z"
})
const toMe = offer("ada", "bob")
const fromMe = offer("bob", "cy")
const lab = { id: "lab-1", name: "Liver cohort", role: "owner" } as unknown as Lab
const noRoom = new PayloadTooLarge({
  message: "You need 2.1 GB more room to accept this folder.",
  code: "quota_exceeded",
  missing: 2_254_857_830
})
const gone = new NotFound({ message: "This ownership offer is no longer open." })

const model = modelFor({
  machine: ownershipOfferMachine,
  promiseActors: ["load", "accept", "decline", "withdraw"],
  provide: { actors: { pushes: fromCallback<EventObject, OwnershipOfferInput>(() => undefined) } },
  input: { labId: "lab-1", userId: "bob", realtime: null },
  events: {
    "loaded none": { type: "xstate.done.actor.load", output: null },
    "loaded offer to me": { type: "xstate.done.actor.load", output: toMe },
    "loaded offer from me": { type: "xstate.done.actor.load", output: fromMe },
    "load failed": { type: "xstate.error.actor.load", error: serverDown },
    accept: { type: "offer.accept" },
    decline: { type: "offer.decline" },
    withdraw: { type: "offer.withdraw" },
    retry: { type: "offer.retry" },
    refresh: { type: "offer.refresh" },
    accepted: { type: "xstate.done.actor.accept", output: lab },
    "no room": { type: "xstate.error.actor.accept", error: noRoom },
    "accept gone": { type: "xstate.error.actor.accept", error: gone },
    declined: { type: "xstate.done.actor.decline", output: undefined },
    "decline failed": { type: "xstate.error.actor.decline", error: serverDown },
    withdrawn: { type: "xstate.done.actor.withdraw", output: undefined },
    "withdraw failed": { type: "xstate.error.actor.withdraw", error: gone }
  } as unknown as Record<string, OwnershipOfferEvent>,
  // Whether the user receives or sends the offer decides what they may do with it.
  distinguish: ({ value, context }) => ({ value, side: sideOf(context), problem: context.problem?.kind ?? null }),
  states: {
    loading: (actual, invocations, arrival) => {
      expect(invocations.at(-1)).toEqual({ src: "load", input: "lab-1" })
      // Leaving a failed load clears it; a reload heard from the channel keeps a refusal on screen.
      if (arrival.before?.matches("failed")) expect(actual.context.problem).toBeNull()
      else if (arrival.via === "refresh") expect(actual.context.problem).toEqual(arrival.before?.context.problem)
    },
    failed: (actual) => {
      expect(actual.context.problem).toEqual({ kind: "notice", notice: { key: "errors.serverError" } })
    },
    none: (actual, _, arrival) => {
      expect(actual.context.offer).toBeNull()
      if (arrival.via === "accepted") expect(arrival.emitted).toEqual([{ type: "offer.accepted", lab }])
      if (arrival.via === "declined" || arrival.via === "withdrawn") expect(arrival.emitted).toEqual([{ type: "offer.closed" }])
      // An offer on screen that a reload no longer finds was settled elsewhere: the page reads the lab again.
      if (arrival.via === "loaded none") expect(arrival.emitted).toEqual(arrival.before?.context.offer ? [{ type: "offer.ended" }] : [])
    },
    pending: (actual, _, arrival) => {
      const { context } = actual
      expect(context.offer).not.toBeNull()
      // Only someone the offer concerns is shown it with buttons; the offer is never lost by a failure.
      if (arrival.via === "no room") expect(context.problem).toEqual({ kind: "room", missing: 2_254_857_830 })
      if (arrival.via === "accept gone" || arrival.via === "withdraw failed")
        expect(context.problem).toEqual({ kind: "notice", notice: { text: "This ownership offer is no longer open." } })
      if (arrival.via === "decline failed") expect(context.problem).toEqual({ kind: "notice", notice: { key: "errors.serverError" } })
      // A receiver cannot withdraw, a sender cannot answer: those events change nothing.
      if (arrival.via === "withdraw") expect(sideOf(context)).not.toBe("sender")
      if (arrival.via === "accept" || arrival.via === "decline") expect(sideOf(context)).not.toBe("receiver")
    },
    accepting: (actual, invocations) => {
      expect(sideOf(actual.context)).toBe("receiver")
      expect(invocations.at(-1)).toEqual({ src: "accept", input: toMe.id })
      expect(actual.context.problem).toBeNull()
    },
    declining: (actual, invocations) => {
      expect(sideOf(actual.context)).toBe("receiver")
      expect(invocations.at(-1)).toEqual({ src: "decline", input: toMe.id })
    },
    withdrawing: (actual, invocations) => {
      expect(sideOf(actual.context)).toBe("sender")
      expect(invocations.at(-1)).toEqual({ src: "withdraw", input: fromMe.id })
    }
  }
})

describe("ownership offer machine", () => {
  it.each(model.paths.map((path) => [path.description, path] as const))("%s", async (_, path) => {
    await path.run()
  })

  it("the generated paths reach every state and take every transition, and every state is checked", async () => {
    expect(await model.coverage()).toEqual({ missingStates: [], missingTransitions: [], uncheckedStates: [] })
  })
})

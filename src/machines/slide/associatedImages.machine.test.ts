import { describe, expect, it } from "vitest"
import { drive } from "../../testing/drive.ts"
import { serverDown } from "../../testing/fixtures.ts"
import { refused } from "../../testing/labFixtures.ts"
import { modelFor } from "../../testing/modelHarness.ts"
import type { AssociatedView } from "../../effects/slides/associated.ts"
import { type AssociatedEvent, associatedImagesMachine } from "./associatedImages.machine.ts"

const label = new Blob(["jpeg"], { type: "image/jpeg" })
const owners: AssociatedView = { images: ["label"], shown: false, can_show: true, pictures: [{ name: "label", blob: label }] }
const reviewers: AssociatedView = { images: [], shown: false, can_show: false, pictures: [] }

const model = modelFor({
  machine: associatedImagesMachine,
  promiseActors: ["load", "save"],
  input: { labId: "s1" },
  events: {
    "loaded as owner": { type: "xstate.done.actor.load", output: owners },
    "loaded as reviewer": { type: "xstate.done.actor.load", output: reviewers },
    "load failed": { type: "xstate.error.actor.load", error: serverDown },
    reload: { type: "associated.load" },
    show: { type: "associated.show", shown: true },
    shown: { type: "xstate.done.actor.save", output: { images: ["label"], shown: true, can_show: true } },
    "show refused": { type: "xstate.error.actor.save", error: refused }
  } as unknown as Record<string, AssociatedEvent>,
  distinguish: ({ value, context }) => ({
    value,
    canShow: context.view?.can_show ?? null,
    shown: context.view?.shown ?? null,
    error: context.error === null ? null : "failed"
  }),
  states: {
    loading: (actual, calls) => {
      expect(actual.hasTag("busy")).toBe(true)
      expect(calls.at(-1)).toEqual({ src: "load", input: "s1" })
    },
    failed: (actual) => {
      expect(actual.context.error).toBe(serverDown)
    },
    ready: (actual, _, arrival) => {
      const { context } = actual
      switch (arrival.via) {
        case "loaded as owner":
          expect(context.view).toEqual(owners)
          break
        case "loaded as reviewer":
          // Nothing to show and no switch: the section stays out of the tab.
          expect(context.view).toEqual(reviewers)
          break
        case "shown":
          // The pictures stay; only the switch moves.
          expect(context.view).toEqual({ ...owners, shown: true })
          expect(context.pending).toBeNull()
          break
        case "show refused":
          // The switch stays where the server last said it was.
          expect(context.error).toBe(refused)
          expect(context.pending).toBeNull()
          break
      }
    },
    saving: (actual, calls) => {
      expect(actual.hasTag("busy")).toBe(true)
      expect(calls.at(-1)).toEqual({ src: "save", input: { labId: "s1", shown: true } })
    }
  }
})

describe("associated images model", () => {
  it.each(model.paths.map((path) => [path.description, path] as const))("%s", async (_, path) => {
    await path.run()
  })

  it("the paths cover every state and every transition", async () => {
    expect(await model.coverage()).toEqual({ missingStates: [], missingTransitions: [], uncheckedStates: [] })
  })
})

describe("the switch", () => {
  it("is ignored for whoever may not show them: nothing is sent", async () => {
    const run = drive(associatedImagesMachine, ["load", "save"], { input: { labId: "s1" } })
    await run.succeed("load", reviewers)
    await run.send({ type: "associated.show", shown: true })
    expect(run.actor.getSnapshot().value).toBe("ready")
    expect(run.lastInput("save")).toBeUndefined()
  })
})

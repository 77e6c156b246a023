import { describe, expect, it } from "vitest"
import { annotationOf, compactOf, ring } from "../../testing/annotationFixtures.ts"
import { modelFor } from "../../testing/modelHarness.ts"
import { type AnnotationsEvent, annotationsMachine } from "./annotations.machine.ts"

const label = {
  id: "l1",
  lab_id: "slide-1",
  name: "Tumour",
  color: "#FF0000",
  label_type: "annotation",
  visible: true,
  created_at: "",
  updated_at: ""
}
const loaded = { annotations: compactOf([annotationOf("a1", ring(10, 10, 5))]), labels: [label] }

const model = modelFor({
  machine: annotationsMachine,
  promiseActors: ["load"],
  input: { labId: "slide-1" },
  events: {
    retry: { type: "annotations.retry" },
    "new label": { type: "label.created", label: { ...label, id: "l2", name: "Stroma" } },
    loaded: { type: "xstate.done.actor.load", output: loaded },
    failed: { type: "xstate.error.actor.load", error: new Error("offline") }
  } as unknown as Record<string, AnnotationsEvent>,
  distinguish: ({ value, context }) => ({ value, labels: context.labels.length }),
  states: {
    loading: (_, calls) => expect(calls.at(-1)?.input).toBe("slide-1"),
    ready: (actual, _, arrival) => {
      expect(actual.context.loaded?.annotations.ids).toEqual(["a1"])
      expect(actual.context.labels[0]?.name).toBe("Tumour")
      if (arrival.via === "new label") expect(actual.context.labels.map((l) => l.id)).toEqual(["l1", "l2"])
    },
    failed: (actual) => expect(actual.context.error).toBeInstanceOf(Error)
  }
})

describe("annotations loader model", () => {
  it.each(model.paths.map((path) => [path.description, path] as const))("%s", async (_, path) => {
    await path.run()
  })
  it("the paths cover every state and every transition", async () => {
    expect(await model.coverage()).toEqual({ missingStates: [], missingTransitions: [], uncheckedStates: [] })
  })
})

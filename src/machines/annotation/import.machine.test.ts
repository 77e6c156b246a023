import { describe, expect, it } from "vitest"
import { previewImport } from "../../annotation/interchange/import-preview.ts"
import type { ImportResult, StoreInput } from "../../effects/annotations/import.ts"
import { serverDown } from "../../testing/fixtures.ts"
import { modelFor } from "../../testing/modelHarness.ts"
import { IMPORT_IMAGE, qupathImportFile } from "../../testing/qupathImportFixture.ts"
import { type ImportEvent, importMachine } from "./import.machine.ts"

const tumour = {
  id: "l1",
  lab_id: "slide-1",
  name: "Tumour",
  color: "#FF0000",
  label_type: "annotation",
  visible: true,
  created_at: "2026-01-01T00:00:00.000Z",
  updated_at: "2026-01-01T00:00:00.000Z"
}
let n = 0
const newId = () => `00000000-0000-4000-8000-${String(++n).padStart(12, "0")}`
// One of the file's shapes is on the slide already (an earlier import): one update, four new.
const preview = previewImport({
  json: qupathImportFile,
  labels: [tumour],
  existing: new Set(["00000000-0000-4000-8000-00000000aaaa"]),
  slideIds: new Map([["6f1c2b7a-0d4e-4a53-9b8e-1f2a3b4c5d01", "00000000-0000-4000-8000-00000000aaaa"]]),
  image: IMPORT_IMAGE,
  newId
})
const nothing = previewImport({
  json: { type: "FeatureCollection", features: [] },
  labels: [],
  existing: new Set(),
  slideIds: new Map(),
  image: null,
  newId
})
const result: ImportResult = { annotations: [], created: [], recoloured: [], updated: 1, added: 4 }
const unreadable = Object.assign(new Error("The file is not JSON."), { _tag: "ImportUnreadable" })

const model = modelFor({
  machine: importMachine,
  promiseActors: ["read", "store"],
  input: { labId: "slide-1", newId },
  events: {
    file: {
      type: "import.file",
      text: JSON.stringify(qupathImportFile),
      labels: [tumour],
      existing: ["00000000-0000-4000-8000-00000000aaaa"],
      image: IMPORT_IMAGE
    },
    read: { type: "xstate.done.actor.read", output: preview },
    "read empty": { type: "xstate.done.actor.read", output: nothing },
    "read failed": { type: "xstate.error.actor.read", error: unreadable },
    "take file colour": { type: "import.colour", labelId: "l1", take: "file" },
    "keep our colour": { type: "import.colour", labelId: "l1", take: "ours" },
    "colour of another label": { type: "import.colour", labelId: "l9", take: "file" },
    import: { type: "import.confirm", copies: false },
    "import as copies": { type: "import.confirm", copies: true },
    cancel: { type: "import.cancel" },
    stored: { type: "xstate.done.actor.store", output: result },
    "store failed": { type: "xstate.error.actor.store", error: serverDown }
  } as unknown as Record<string, ImportEvent>,
  // Whether there is something to import, and whether a colour differs, decide what the dialog allows.
  distinguish: ({ value, context }) => ({
    value,
    shapes: (context.preview?.shapes.length ?? 0) > 0,
    takes: context.takeColours.join()
  }),
  states: {
    idle: (actual, calls, arrival) => {
      // Cancelled: nothing was stored, and the preview is gone.
      expect(actual.context.preview).toBeNull()
      if (arrival.via === "cancel") expect(calls.slice(arrival.callsBefore)).toEqual([])
      // Nor was anything since the file was read.
      const sinceRead = calls.slice(
        Math.max(
          0,
          calls.findLastIndex((c) => c.src === "read")
        )
      )
      expect(sinceRead.some((c) => c.src === "store")).toBe(false)
    },
    reading: (actual, calls) => {
      expect(actual.hasTag("busy")).toBe(true)
      expect(calls.at(-1)).toMatchObject({
        src: "read",
        input: { labId: "slide-1", labels: [tumour], existing: ["00000000-0000-4000-8000-00000000aaaa"], image: IMPORT_IMAGE }
      })
      // A new file starts afresh: no earlier choice or result carries over.
      expect(actual.context).toMatchObject({ preview: null, takeColours: [], result: null, failed: null })
    },
    previewing: (actual, calls, arrival) => {
      // Nothing is stored while the user looks at the preview.
      expect(calls.slice(arrival.callsBefore)).toEqual([])
      expect(actual.hasTag("busy")).toBe(false)
      if (arrival.via === "take file colour") expect(actual.context.takeColours).toEqual(["l1"])
      if (arrival.via === "keep our colour") expect(actual.context.takeColours).toEqual([])
      // Only a colour the preview found different can be chosen.
      expect(actual.context.takeColours.every((id) => id === "l1")).toBe(true)
      if (arrival.via === "import" || arrival.via === "import as copies") expect(actual.context.preview?.shapes).toHaveLength(0)
    },
    importing: (actual, calls, arrival) => {
      expect(actual.hasTag("busy")).toBe(true)
      const input = calls.at(-1)?.input as StoreInput
      expect(calls.at(-1)?.src).toBe("store")
      expect(input.labId).toBe("slide-1")
      expect(input.takeColours).toEqual(arrival.before?.context.takeColours)
      if (arrival.via === "import") {
        // The same file again: the shape already here is updated, the others created.
        expect([input.preview.updates, input.preview.creates]).toEqual([1, 4])
        expect(input.preview.shapes.map((s) => s.annotation.id)).toEqual(preview.shapes.map((s) => s.annotation.id))
      } else {
        expect([input.preview.updates, input.preview.creates]).toEqual([0, 5])
        const before = new Set(preview.shapes.map((s) => s.annotation.id))
        expect(input.preview.shapes.some((s) => before.has(s.annotation.id))).toBe(false)
      }
    },
    done: (actual, _, arrival) => {
      expect(actual.context.result).toEqual(result)
      expect(arrival.emitted).toEqual([{ type: "import.done", ...result }])
    },
    failed: (actual, _, arrival) => {
      const stage = arrival.via === "read failed" ? "read" : "store"
      expect(actual.context.failed?.stage).toBe(stage)
      expect(arrival.emitted).toEqual([{ type: "import.failed", stage, error: actual.context.failed?.error }])
    }
  }
})

describe("import model", () => {
  it.each(model.paths.map((path) => [path.description, path] as const))("%s", async (_, path) => {
    await path.run()
  })
  it("the paths cover every state and every transition", async () => {
    expect(await model.coverage()).toEqual({ missingStates: [], missingTransitions: [], uncheckedStates: [] })
  })
})

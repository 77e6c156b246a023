import { describe, expect, it } from "vitest"
import type { Label } from "../../contract/annotations.ts"
import { drive } from "../../testing/drive.ts"
import { serverDown } from "../../testing/fixtures.ts"
import { type Arrival, modelFor } from "../../testing/modelHarness.ts"
import { type LabelsContext, type LabelsEvent, labelsMachine, type RestoreResult } from "./labels.machine.ts"

const label = (id: string, name: string, color = "#FFFF00"): Label => ({
  id,
  lab_id: "slide-1",
  name,
  color,
  label_type: "annotation",
  visible: true,
  created_at: "2026-01-01T00:00:00.000Z",
  updated_at: "2026-01-01T00:00:00.000Z"
})
const tumour = label("l1", "Tumour", "#FF0000")
const stroma = label("l2", "Stroma", "#00AAFF")
const necrosis = label("l3", "Necrosis", "#00FF00")
const ids = (labels: ReadonlyArray<Label>) => labels.map((l) => l.id)
const restoredTumour: RestoreResult = { label: tumour, restored: 3, annotations: { count: 0 } as never }

/** What a label changed elsewhere does to the list, wherever it arrives. */
const heard = (context: LabelsContext, arrival: Arrival<typeof labelsMachine>) => {
  const before = arrival.before?.context
  if (before === undefined) return
  if (arrival.via === "Grace renamed Tumour" && ids(before.labels).includes("l1"))
    expect(context.labels.find((l) => l.id === "l1")).toMatchObject({ name: "Carcinoma", color: "#990000" })
  if (arrival.via === "Grace deleted Tumour") {
    expect(ids(context.labels)).not.toContain("l1")
    expect(context.hidden).not.toContain("l1")
    expect(context.activeId).not.toBe("l1")
    // A deletion this user was about to confirm is dropped: the label is gone already.
    expect(context.deleting).toBeNull()
  }
}

const model = modelFor({
  machine: labelsMachine,
  promiseActors: ["create", "update", "remove", "restore"],
  input: { labId: "slide-1" },
  events: {
    loaded: { type: "labels.loaded", labels: [tumour, stroma] },
    // A slide whose first label is the comments': drawing starts with the next one.
    "loaded comments first": { type: "labels.loaded", labels: [label("lc", "comment", "#42D4F4"), tumour] },
    // The first shape's label, heard on the channel and then added from the save's answer.
    "loaded twice": { type: "labels.loaded", labels: [tumour, stroma, { ...tumour, name: "Tumour (new)" }] },
    create: { type: "label.create", name: " Necrosis ", color: "#00FF00" },
    "create unnamed": { type: "label.create", name: "  ", color: "#00FF00" },
    rename: { type: "label.update", id: "l1", name: "Tumor" },
    recolour: { type: "label.update", id: "l1", color: "" },
    "delete tumour": { type: "label.delete", id: "l1", count: 3 },
    "delete unknown": { type: "label.delete", id: "nope", count: 0 },
    confirm: { type: "label.confirm" },
    cancel: { type: "label.cancel" },
    "activate stroma": { type: "label.activate", id: "l2" },
    "hide stroma": { type: "label.visibility", id: "l2", visible: false },
    "show stroma": { type: "label.visibility", id: "l2", visible: true },
    created: { type: "xstate.done.actor.create", output: necrosis },
    "create failed": { type: "xstate.error.actor.create", error: serverDown },
    updated: { type: "xstate.done.actor.update", output: { ...tumour, name: "Tumor" } },
    "update failed": { type: "xstate.error.actor.update", error: serverDown },
    removed: { type: "xstate.done.actor.remove", output: { id: "l1", annotations_deleted: 3, deletion_id: "d1" } },
    undo: { type: "label.undo" },
    "undo done": { type: "xstate.done.actor.restore", output: restoredTumour },
    "undo failed": { type: "xstate.error.actor.restore", error: serverDown },
    "remove failed": { type: "xstate.error.actor.remove", error: serverDown },
    "Grace renamed Tumour": { type: "label.remote", action: "updated", label: { ...tumour, name: "Carcinoma", color: "#990000" } },
    "Grace deleted Tumour": { type: "label.remote", action: "deleted", label: tumour }
  } as unknown as Record<string, LabelsEvent>,
  // Which labels there are and which is active decide what delete and activate do.
  distinguish: ({ value, context }) => ({
    value,
    labels: ids(context.labels).join(),
    active: context.activeId,
    undoable: context.undoable !== null
  }),
  stopWhen: ({ context }) => context.labels.length > 4,
  states: {
    ready: (actual, _, arrival) => {
      const { context } = actual
      const emitted = arrival.emitted.map((e) => e.type)
      // The list never holds a label twice.
      expect(new Set(ids(context.labels)).size).toBe(context.labels.length)
      // The comments' label is never made active by itself (a comment is not a counted cell).
      if (arrival.via === "loaded comments first" && !arrival.before?.context.chose) expect(context.activeId).not.toBe("lc")
      if (arrival.via === "loaded twice") expect(context.labels.find((l) => l.id === "l1")?.name).toBe("Tumour (new)")
      // The active label is always one of the slide's labels, or none.
      if (context.activeId !== null) expect(ids(context.labels)).toContain(context.activeId)
      expect(context.deleting).toBeNull()
      switch (arrival.via) {
        case "loaded":
          // The first load makes the first label active (drawing used it before the panel existed).
          if (arrival.before?.context.activeId === null && !arrival.before.context.chose) expect(context.activeId).toBe("l1")
          break
        case "created":
          expect(ids(context.labels)).toContain("l3")
          expect(context.activeId).toBe("l3")
          expect(arrival.emitted).toEqual([{ type: "label.created", label: necrosis }])
          break
        case "updated":
          // (Unless someone else deleted it meanwhile.)
          if (ids(context.labels).includes("l1")) expect(context.labels.find((l) => l.id === "l1")?.name).toBe("Tumor")
          expect(emitted).toEqual(["label.updated"])
          break
        case "removed":
          expect(ids(context.labels)).not.toContain("l1")
          // Deleting the active label clears it; another active label stays.
          expect(context.activeId).toBe(arrival.before?.context.activeId === "l1" ? null : (arrival.before?.context.activeId ?? null))
          expect(arrival.emitted).toEqual([{ type: "label.deleted", id: "l1", annotationsDeleted: 3, undoable: true }])
          // The deleter may bring it back.
          expect(context.undoable).toEqual({ deletionId: "d1", name: arrival.before?.context.deleting?.name })
          break
        case "undo done":
          // The label is back, once, and the same undo is not offered again.
          expect(ids(context.labels).filter((id) => id === "l1")).toEqual(["l1"])
          expect(context.undoable).toBeNull()
          expect(arrival.emitted).toEqual([{ type: "label.restored", ...restoredTumour }])
          break
        case "undo failed":
          expect(context.undoable).toBeNull()
          expect(context.failed).toEqual({ action: "undo", error: serverDown })
          break
        case "create failed":
        case "update failed":
        case "remove failed": {
          const action = {
            "create failed": "create",
            "update failed": "update",
            "remove failed": "delete"
          }[arrival.via]
          expect(context.failed).toEqual({ action, error: serverDown })
          expect(arrival.emitted).toEqual([{ type: "label.failed", action, error: serverDown }])
          break
        }
        case "cancel":
          expect(context.labels).toEqual(arrival.before?.context.labels)
          break
        case "activate stroma":
          if (ids(context.labels).includes("l2")) expect(context.activeId).toBe("l2")
          break
        case "hide stroma":
          expect(context.hidden).toContain("l2")
          break
        case "show stroma":
          expect(context.hidden).not.toContain("l2")
          break
      }
      heard(actual.context, arrival)
    },
    creating: (actual, calls) => {
      expect(actual.hasTag("busy")).toBe(true)
      expect(calls.at(-1)).toEqual({ src: "create", input: { labId: "slide-1", name: " Necrosis ", color: "#00FF00" } })
    },
    updating: (_, calls, arrival) => {
      const input = calls.at(-1)?.input
      expect(calls.at(-1)?.src).toBe("update")
      const asked = arrival.history.findLast((name) => name === "rename" || name === "recolour")
      expect(input).toEqual(asked === "rename" ? { id: "l1", name: "Tumor" } : { id: "l1", color: "" })
    },
    confirming: (actual, _, arrival) => {
      // The dialog names the label and how many annotations go with it.
      expect(actual.context.deleting).toMatchObject({ id: "l1", count: 3 })
      expect(["Tumour", "Carcinoma", "Tumor", "Tumour (new)"]).toContain(actual.context.deleting?.name)
      heard(actual.context, arrival)
    },
    deleting: (_, calls) => expect(calls.at(-1)).toEqual({ src: "remove", input: "l1" }),
    restoring: (actual, calls) => {
      expect(actual.hasTag("busy")).toBe(true)
      expect(calls.at(-1)).toEqual({ src: "restore", input: { labId: "slide-1", deletionId: "d1" } })
    }
  }
})

describe("labels model", () => {
  it.each(model.paths.map((path) => [path.description, path] as const))("%s", async (_, path) => {
    await path.run()
  })

  // Replays every path once more: labels changed elsewhere can arrive in every state, so there are many.
  it("the paths cover every state and every transition", async () => {
    expect(await model.coverage()).toEqual({ missingStates: [], missingTransitions: [], uncheckedStates: [] })
  }, 60_000)
})

describe("labels scenarios", () => {
  it("a label created becomes active; deleting it clears the active label, and a later load does not pick another", async () => {
    const run = drive(labelsMachine, ["create", "update", "remove"], { input: { labId: "slide-1" } })
    await run.send({ type: "labels.loaded", labels: [tumour] })
    expect(run.actor.getSnapshot().context.activeId).toBe("l1")
    await run.send({ type: "label.create", name: "Necrosis", color: "" })
    expect(run.lastInput("create")).toEqual({ labId: "slide-1", name: "Necrosis", color: "" })
    await run.succeed("create", necrosis)
    expect(run.actor.getSnapshot().context.activeId).toBe("l3")
    await run.send({ type: "label.delete", id: "l3", count: 0 })
    await run.send({ type: "label.confirm" })
    await run.succeed("remove", { id: "l3", annotations_deleted: 0 })
    expect(run.actor.getSnapshot().context.activeId).toBeNull()
    await run.send({ type: "labels.loaded", labels: [tumour] })
    expect(run.actor.getSnapshot().context.activeId).toBeNull()
  })

  it("a label someone else creates joins the list once, and never takes over the one this user draws with", async () => {
    const run = drive(labelsMachine, ["create", "update", "remove"], { input: { labId: "slide-1" } })
    await run.send({ type: "label.remote", action: "created", label: tumour })
    // Nothing was active: the slide's first label is, as a first load would make it.
    expect(run.actor.getSnapshot().context.activeId).toBe("l1")
    await run.send({ type: "label.activate", id: "l1" })
    await run.send({ type: "label.create", name: "Necrosis", color: "" })
    await run.succeed("create", necrosis)
    // This user's own creation heard back from the channel: still one Necrosis, still active.
    await run.send({ type: "label.remote", action: "created", label: necrosis })
    await run.send({ type: "label.remote", action: "created", label: stroma })
    expect(ids(run.actor.getSnapshot().context.labels)).toEqual(["l1", "l3", "l2"])
    expect(run.actor.getSnapshot().context.activeId).toBe("l3")
  })

  it("the label made with the first shape is listed once, whichever of the save and the channel comes first", async () => {
    const run = drive(labelsMachine, ["create", "update", "remove"], { input: { labId: "slide-1" } })
    await run.send({ type: "labels.loaded", labels: [] })
    await run.send({ type: "label.remote", action: "created", label: tumour })
    // What the viewer sends when the save answers with the label it made.
    await run.send({ type: "labels.loaded", labels: [...run.actor.getSnapshot().context.labels, tumour] })
    expect(ids(run.actor.getSnapshot().context.labels)).toEqual(["l1"])
  })
})

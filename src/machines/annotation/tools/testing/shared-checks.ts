// The checks that hold in every tool (the selection kept or dropped, a shape queued) and the saver's:
// each shape goes to the server once, in order; no network hands it over as a draft.
import { expect } from "vitest"
import type { StateCheck } from "../../../../testing/modelHarness.ts"
import { kindOfDraft, type toolsMachine } from "../../tools.machine.ts"
import { commentLabel, input, label, sorted, stored, vertices } from "./fixtures.ts"

export const sharedChecks: Readonly<Record<string, StateCheck<typeof toolsMachine>>> = {
  tools: (actual, _, arrival) => {
    // Drawing tools select nothing: choosing one leaves the selection empty.
    // The brush keeps it: it paints on the selected shape (and selects the shape it starts).
    if (actual.context.tool !== "select" && actual.context.tool !== "brush") expect(actual.context.selection.size).toBe(0)
    // Shapes deleted elsewhere leave the selection, whatever the state, and nothing else does; a clear empties it.
    const was = sorted(arrival.before?.context.selection ?? [])
    if (arrival.via === "s1 deleted elsewhere") expect(sorted(actual.context.selection)).toEqual(was.filter((id) => id !== "s1"))
    if (arrival.via === "s2 deleted elsewhere") expect(sorted(actual.context.selection)).toEqual(was.filter((id) => id !== "s2"))
    if (arrival.via === "clear selection") expect(actual.context.selection.size).toBe(0)
    // A save answered: the shape went to the server once and left the queue; whatever the user is
    // drawing meanwhile stays as it was.
    if (arrival.via === "saved" || arrival.via === "save failed" || arrival.via === "save found no network") {
      const before = arrival.before!.context
      expect(actual.context.queue).toEqual(before.queue.slice(1))
      expect(actual.context.draft).toEqual(before.draft)
      expect(actual.context.tool).toBe(before.tool)
    }
    if (arrival.via === "saved") expect(arrival.emitted).toEqual([{ type: "annotation.saved", annotation: stored, label: null }])
    if (arrival.via === "save failed") {
      expect(arrival.emitted.map((e) => e.type)).toEqual(["annotation.failed"])
      expect(actual.context.error).toBeInstanceOf(Error)
    }
    // No network: the shape is handed over as a draft (the same id and shape that were sent), not lost.
    if (arrival.via === "save found no network") {
      const sent = arrival.before?.context.queue[0]
      expect(arrival.emitted).toEqual([{ type: "annotation.drafted", input: sent }])
      expect(sent?.id).toBe(input.newId())
      expect(sent?.coords.length).toBeGreaterThan(0)
    }
    // A finished shape joins the queue at once and the tool is ready for the next: nothing to wait for.
    const before = arrival.before?.context
    if (before !== undefined && actual.context.queue.length > before.queue.length) {
      expect(actual.context.queue.length).toBe(before.queue.length + 1)
      const queued = actual.context.queue.at(-1)!
      expect(queued.id).toBe(input.newId())
      // A comment never takes the active label (it would be counted as a cell): it has its own.
      expect(queued.label).toEqual(before.tool === "comment" ? commentLabel : label)
      expect(queued.kind).toBe(kindOfDraft({ tool: before.tool, draft: queued.coords }))
      const n = vertices(queued.coords)
      // What each tool saves: a rectangle's 4 corners, a closed polygon of 3+, a stroke of 2+, one point.
      if (queued.kind === "rectangle") expect(n).toBe(4)
      else if (queued.kind === "polygon") expect(n).toBeGreaterThanOrEqual(3)
      else if (queued.kind === "polyline") expect(n).toBeGreaterThanOrEqual(2)
      // A region: two rings or more of three vertices, and the NaN pair between each two.
      else if (queued.kind === "area") expect(n).toBeGreaterThanOrEqual(7)
      else expect(n).toBe(1)
      if (before.tool === "comment") expect(queued.comment).toBe("mitosis here")
      expect(actual.context.draft).toEqual([])
      expect(actual.context.tool).toBe(before.tool)
    }
  },
  // Nothing waits while the saver is idle: a queued shape is sent at once.
  "saver.idle": (actual) => expect(actual.context.queue).toEqual([]),
  // The first queued shape is the one on its way, as it was queued.
  "saver.saving": (actual, calls) => {
    expect(actual.context.queue.length).toBeGreaterThan(0)
    expect(calls.filter((c) => c.src === "save").at(-1)?.input).toEqual(actual.context.queue[0])
  }
}

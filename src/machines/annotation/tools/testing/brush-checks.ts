// The brush's state checks for the tools model (model.ts): a press paints a dab at once; a release
// applies the stroke to the shape it painted on (grown, or cut, one edit), starts a new selected
// shape when nothing was selected, and does nothing for a cut with nothing to cut.
import { expect } from "vitest"
import { polygonArea } from "../../../../annotation/measure.ts"
import { evenOddArea, pointsOfRing, ringsOf } from "../../../../annotation/rings.ts"
import type { StateCheck } from "../../../../testing/modelHarness.ts"
import type { toolsMachine } from "../../tools.machine.ts"
import type { ToolsEmitted } from "../types.ts"
import { fromElsewhere, gestureEmits, inState, sorted, square } from "./fixtures.ts"

const areaOf = (coords: ReadonlyArray<number>) => evenOddArea(ringsOf(Float64Array.from(coords)).map(pointsOfRing))
const squareArea = polygonArea(pointsOfRing(Float64Array.from(square)))

export const brushChecks: Readonly<Record<string, StateCheck<typeof toolsMachine>>> = {
  "tools.brush.idle": (actual, _, arrival) => {
    expect(actual.context.draft).toEqual([])
    expect(actual.context.stroke).toBeNull()
    const before = arrival.before?.context
    const emits = gestureEmits(arrival.emitted) as unknown as ReadonlyArray<ToolsEmitted>
    if (before === undefined || !inState(arrival.before, "tools.brush.painting") || !arrival.via.startsWith("up")) {
      if (!fromElsewhere(arrival.via)) expect(emits.filter((e) => e.type === "edit.brush")).toEqual([])
      return
    }
    const stroke = before.stroke!
    const queued = actual.context.queue.length - before.queue.length
    if (stroke.target !== null) {
      // Painted on s1: one change of it, from the version and shape it had at the press; nothing queued.
      expect(queued).toBe(0)
      expect(emits).toHaveLength(1)
      const edit = emits[0]!
      if (edit.type === "selection.deleted") {
        expect(stroke.subtract).toBe(true)
        expect(edit.ids).toEqual(["s1"])
        return
      }
      expect(edit).toMatchObject({ type: "edit.brush", id: "s1", version: 3, fromKind: "polygon", from: square })
      const after = edit.type === "edit.brush" ? areaOf(edit.coords) : Number.NaN
      // Added: the square never shrinks (a dab inside it changes nothing, a drag beyond grows it); cut: it shrinks.
      if (stroke.subtract) expect(after).toBeLessThan(squareArea)
      else expect(after).toBeGreaterThanOrEqual(squareArea - 1e-6)
      expect(sorted(actual.context.selection)).toEqual(sorted(before.selection))
    } else if (stroke.subtract) {
      // A cut with nothing selected to cut: nothing.
      expect([queued, emits.length]).toEqual([0, 0])
    } else {
      // A new shape of the active label, selected so the next stroke grows it.
      expect(queued).toBe(1)
      const input = actual.context.queue.at(-1)!
      expect(sorted(actual.context.selection)).toEqual([input.id])
      expect(areaOf(input.coords)).toBeGreaterThan(0)
    }
  },
  "tools.brush.painting": (actual, _, arrival) => {
    const { stroke, draft, brush, selection } = actual.context
    expect(stroke).not.toBeNull()
    expect(draft.length).toBeGreaterThanOrEqual(6)
    if (arrival.event?.type === "pointer.down") {
      const press = arrival.event
      // The dab: a disc of the brush's size (screen px at the press's scale) under the pointer.
      expect(stroke!.r).toBe(brush.px / 2 / press.scale)
      expect(stroke!.subtract).toBe(brush.subtract || press.alt === true)
      const id = press.brush?.id
      expect(stroke!.target).toEqual(id !== undefined && selection.size === 1 && selection.has(id) ? press.brush : null)
      // (A polygon of BRUSH_SEGMENTS vertices inside the circle: a percent or two less.)
      expect(areaOf(draft) / (Math.PI * stroke!.r ** 2)).toBeGreaterThan(0.97)
      expect(areaOf(draft) / (Math.PI * stroke!.r ** 2)).toBeLessThanOrEqual(1)
    }
    // Painting changes nothing until the release.
    expect(gestureEmits(arrival.emitted)).toEqual([])
  }
}

// The drawing tools' state checks for the tools model (model.ts), one group per tool: what each
// state previews, and what each tool queues when its shape is done.
import { expect } from "vitest"
import { ELLIPSE_VERTICES } from "../../../../annotation/geometry.ts"
import type { StateCheck } from "../../../../testing/modelHarness.ts"
import { ellipseOf, rectangleOf } from "../../gesture.ts"
import type { toolsMachine } from "../../tools.machine.ts"
import { inState, vertices } from "./fixtures.ts"

export const drawingChecks: Readonly<Record<string, StateCheck<typeof toolsMachine>>> = {
  "tools.rectangle.idle": (actual) => expect(actual.context.draft).toEqual([]),
  "tools.rectangle.pointing": (actual) => expect(actual.context.draft).toEqual([]),
  "tools.rectangle.dragging": (actual) => {
    // The preview is the rectangle from the press to the pointer, corner order fixed.
    expect(actual.context.draft).toEqual(rectangleOf(actual.context.origin!, actual.context.cursor!))
    expect(vertices(actual.context.draft)).toBe(4)
  },
  "tools.ellipse.idle": (actual) => expect(actual.context.draft).toEqual([]),
  "tools.ellipse.pointing": (actual) => expect(actual.context.draft).toEqual([]),
  "tools.ellipse.dragging": (actual) => {
    // The ellipse inscribed in the box from the press to the pointer.
    expect(actual.context.draft).toEqual(ellipseOf(actual.context.origin!, actual.context.cursor!))
    expect(vertices(actual.context.draft)).toBe(ELLIPSE_VERTICES)
  },
  "tools.lasso.idle": (actual, _, arrival) => {
    expect(actual.context.draft).toEqual([])
    // A loop let go becomes a polygon of at least three vertices; a flick draws nothing.
    const queued = actual.context.queue.length - (arrival.before?.context.queue.length ?? 0)
    if (inState(arrival.before, "tools.lasso.drawing") && queued > 0) {
      expect(actual.context.queue.at(-1)?.kind).toBe("polygon")
      expect(vertices(actual.context.queue.at(-1)!.coords)).toBeGreaterThanOrEqual(3)
    }
  },
  "tools.lasso.pointing": (actual) => expect(actual.context.draft).toEqual([]),
  "tools.lasso.drawing": (actual) => expect(vertices(actual.context.draft)).toBeGreaterThanOrEqual(2),
  "tools.polygon.idle": (actual) => expect(actual.context.draft).toEqual([]),
  "tools.polygon.pointing": (actual) => expect(actual.context.draft).toEqual([]),
  "tools.polygon.drawing": (actual, _, arrival) => {
    const now = vertices(actual.context.draft)
    expect(now).toBeGreaterThanOrEqual(1)
    const was = vertices(arrival.before?.context.draft ?? [])
    if (arrival.via === "backspace") expect(now).toBe(was - 1)
    if (arrival.via.startsWith("up") && inState(arrival.before, "tools.polygon.pointing")) expect(now).toBe(1)
    if (arrival.via.startsWith("up") && inState(arrival.before, "tools.polygon.drawing.pointing")) expect(now).toBe(was + 1)
  },
  "tools.pencil.idle": (actual) => expect(actual.context.draft).toEqual([]),
  "tools.pencil.pointing": (actual) => expect(actual.context.draft).toEqual([]),
  "tools.pencil.drawing": (actual) => expect(vertices(actual.context.draft)).toBeGreaterThanOrEqual(2),
  "tools.point.idle": (actual) => expect(actual.context.draft).toEqual([]),
  "tools.point.pointing": (actual) => expect(actual.context.draft).toEqual([]),
  "tools.comment.idle": (actual) => expect(actual.context.draft).toEqual([]),
  "tools.comment.pointing": (actual) => expect(actual.context.draft).toEqual([]),
  "tools.comment.composing": (actual, _, arrival) => {
    expect(vertices(actual.context.draft)).toBe(1)
    if (arrival.via === "text") expect(actual.context.comment).toBe("mitosis here")
  },
  "tools.ruler.idle": (actual) => expect(actual.context.draft).toEqual([]),
  "tools.ruler.pointing": (actual) => expect(actual.context.draft).toEqual([]),
  "tools.ruler.measuring": (actual) => expect(vertices(actual.context.draft)).toBe(2),
  "tools.ruler.measured": (actual) => expect(vertices(actual.context.draft)).toBe(2)
}

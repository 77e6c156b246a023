// The select tool's state checks for the tools model (model.ts): what each gesture must leave in
// the context and emit, from the rules of the feature.
import { expect } from "vitest"
import { boxOf, sole } from "../../../../annotation/selection.ts"
import type { Arrival, StateCheck } from "../../../../testing/modelHarness.ts"
import type { toolsMachine } from "../../tools.machine.ts"
import type { ToolsContext } from "../types.ts"
import { commitsOf, fromElsewhere, gestureEmits, inside, inState, selectionEmits, sorted, vertices } from "./fixtures.ts"

export const selectChecks: Readonly<Record<string, StateCheck<typeof toolsMachine>>> = {
  // Idle in any tool: nothing drawn, nothing previewed (Escape and tool changes drop the draft).
  "tools.select.idle": (actual, _, arrival) => {
    expect(actual.context.draft).toEqual([])
    expect(actual.context.edit).toBeNull()
    expect([actual.context.box, actual.context.group, actual.context.deleting]).toEqual([null, null, null])
    selectionRules(actual.context, arrival)
    const commits = commitsOf(arrival.emitted)
    const before = arrival.before?.context.edit
    const up = arrival.event as { x: number; y: number } | undefined
    // An edit ends in one commit of the shape as the release left it, from the version it started from.
    if (
      arrival.via.startsWith("up") &&
      (inState(arrival.before, "tools.select.reshaping") || inState(arrival.before, "tools.select.moving"))
    ) {
      const [ox, oy] = arrival.before!.context.origin!
      const moved = before!.original.map((v, i) => v + (i % 2 === 0 ? up!.x - ox : up!.y - oy))
      // Dragged back to where it started: nothing changed, nothing is sent.
      if (before!.handle.kind === "body" && moved.every((v, i) => v === before!.original[i])) expect(commits).toEqual([])
      else {
        expect(commits).toHaveLength(1)
        const commit = commits[0]!
        expect(commit).toMatchObject({ id: "s1", version: 3, from: before!.original })
        if (before!.handle.kind === "body") expect(commit.coords).toEqual(moved)
        else expect([commit.coords[before!.vertex * 2], commit.coords[before!.vertex * 2 + 1]]).toEqual([up!.x, up!.y])
      }
    } else if (arrival.via.startsWith("up") && before?.handle.kind === "midpoint") {
      // A click on an edge's midpoint inserts a vertex there.
      expect(commits).toHaveLength(1)
      expect(commits[0]!.coords).toEqual([0, 0, 100, 0, 200, 0, 200, 200, 0, 200])
    } else if (arrival.via === "alt-down on s1's vertex") {
      expect(commits).toHaveLength(1)
      expect(commits[0]!.coords).toEqual([0, 0, 200, 200, 0, 200])
    } else expect(commits).toEqual([])
    if (arrival.via === "s1 chosen in the list") expect(sorted(actual.context.selection)).toEqual(["s1"])
    // A triangle keeps its three vertices: Alt+press on one is an ordinary press, not a removal.
    expect(arrival.via).not.toBe("alt-down on a triangle's vertex")
    // A click selects what the press was on alone, or nothing on empty space; a drag (a pan) leaves the selection as it was.
    if (arrival.via.startsWith("up") && inState(arrival.before, "tools.select.pointing")) {
      const hit = arrival.before?.context.hit ?? null
      expect(sorted(actual.context.selection)).toEqual(hit === null ? [] : [hit])
    }
    if (arrival.via === "escape" && inState(arrival.before, "tools.select.idle")) expect(actual.context.selection.size).toBe(0)
  },
  "tools.select.pointing": (actual, _, arrival) => {
    expect(actual.context.draft).toEqual([])
    if (fromElsewhere(arrival.via)) return
    const before = arrival.before!.context
    const press = arrival.event?.type === "pointer.down" ? arrival.event : undefined
    // A press on the one selected shape is an edit that has changed nothing yet; with none or
    // several selected there are no handles to press.
    const edit = press?.edit
    if (edit && sole(before.selection) === edit.id)
      expect(actual.context.edit).toMatchObject({ id: "s1", coords: edit.coords, original: edit.coords })
    else expect(actual.context.edit).toBeNull()
    // A press on one of several selected shapes may drag them all; otherwise there is no group.
    const group = press?.group
    if (group && before.selection.size > 1 && before.selection.has(press.hit ?? "") && group.every((id) => before.selection.has(id)))
      expect(actual.context.group).toEqual({ ids: group, dx: 0, dy: 0 })
    else expect(actual.context.group).toBeNull()
    // A press alone changes no selection.
    expect(sorted(actual.context.selection)).toEqual(sorted(before.selection))
  },
  // A Shift+press: nothing changes until it is a click or a drag.
  "tools.select.extending": (actual, _, arrival) => {
    expect(actual.context.box).toBeNull()
    if (!fromElsewhere(arrival.via)) expect(sorted(actual.context.selection)).toEqual(sorted(arrival.before!.context.selection))
    expect(gestureEmits(arrival.emitted)).toEqual([])
  },
  // The box spans the press and the pointer; what it holds is selected only on release.
  "tools.select.boxing": (actual, _, arrival) => {
    const { origin, cursor, box } = actual.context
    expect(box).toEqual(boxOf(origin!, cursor!))
    expect([actual.context.edit, actual.context.group]).toEqual([null, null])
    if (fromElsewhere(arrival.via)) return
    const event = arrival.event as { x: number; y: number }
    expect(cursor).toEqual([event.x, event.y])
    expect(sorted(actual.context.selection)).toEqual(sorted(arrival.before!.context.selection))
  },
  // Several selected shapes follow the pointer together; nothing is sent until the release.
  "tools.select.movingSelection": (actual, _, arrival) => {
    const { group, origin } = actual.context
    expect(actual.context.edit).toBeNull()
    expect(gestureEmits(arrival.emitted)).toEqual([])
    // Shapes deleted elsewhere meanwhile are no longer moved.
    expect(group?.ids).toEqual(["s1", "s2"].filter((id) => !arrival.history.some((via) => via === `${id} deleted elsewhere`)))
    if (fromElsewhere(arrival.via)) return
    const event = arrival.event as { x: number; y: number }
    expect(group).toMatchObject({ dx: event.x - origin![0], dy: event.y - origin![1] })
    expect(sorted(actual.context.selection)).toEqual(sorted(arrival.before!.context.selection))
  },
  // Asked, not done: nothing is deleted before the user says yes.
  "tools.select.confirming": (actual, _, arrival) => {
    const asked = arrival.event as { type: string; ids?: ReadonlyArray<string>; kept?: number }
    if (asked.type === "selection.delete") expect(actual.context.deleting).toEqual({ ids: asked.ids, kept: asked.kept })
    expect(actual.context.deleting).not.toBeNull()
    expect(gestureEmits(arrival.emitted)).toEqual([])
    if (!fromElsewhere(arrival.via)) expect(sorted(actual.context.selection)).toEqual(sorted(arrival.before!.context.selection))
  },
  // Panning never edits.
  "tools.select.dragging": (actual, _, arrival) => {
    expect(actual.context.draft).toEqual([])
    expect(actual.context.edit).toBeNull()
    expect(commitsOf(arrival.emitted)).toEqual([])
  },
  "tools.select.reshaping": (actual, _, arrival) => {
    const edit = actual.context.edit!
    // Another shape deleted elsewhere: the drag goes on as it was.
    if (fromElsewhere(arrival.via)) return expect(edit).toEqual(arrival.before?.context.edit)
    const event = arrival.event as { x: number; y: number }
    const n = vertices(edit.coords)
    // A dragged midpoint became a vertex of its own, halfway along its edge.
    if (edit.handle.kind === "midpoint") {
      expect(n).toBe(vertices(edit.original) + 1)
      const i = edit.handle.index
      const j = (i + 1) % vertices(edit.original)
      expect([edit.from[edit.vertex * 2], edit.from[edit.vertex * 2 + 1]]).toEqual([
        (edit.original[i * 2]! + edit.original[j * 2]!) / 2,
        (edit.original[i * 2 + 1]! + edit.original[j * 2 + 1]!) / 2
      ])
    } else expect(n).toBe(vertices(edit.original))
    // The dragged vertex is where the pointer is; the others stay.
    expect([edit.coords[edit.vertex * 2], edit.coords[edit.vertex * 2 + 1]]).toEqual([event.x, event.y])
    for (let i = 0; i < n; i++)
      if (i !== edit.vertex) expect([edit.coords[i * 2], edit.coords[i * 2 + 1]]).toEqual([edit.from[i * 2], edit.from[i * 2 + 1]])
    expect(commitsOf(arrival.emitted)).toEqual([])
  },
  "tools.select.moving": (actual, _, arrival) => {
    const edit = actual.context.edit!
    if (fromElsewhere(arrival.via)) return expect(edit).toEqual(arrival.before?.context.edit)
    const event = arrival.event as { x: number; y: number }
    const [ox, oy] = actual.context.origin!
    // Every vertex moved by how far the pointer is from the press.
    expect(edit.coords).toEqual(edit.original.map((v, i) => v + (i % 2 === 0 ? event.x - ox : event.y - oy)))
  }
}

/** What each selection gesture leaves in idle, from the rules of the feature. */
const selectionRules = (context: ToolsContext, arrival: Arrival<typeof toolsMachine>) => {
  const before = arrival.before?.context
  if (before === undefined) return
  const selection = sorted(context.selection)
  const was = sorted(before.selection)
  const emits = selectionEmits(arrival.emitted)
  const up = arrival.via.startsWith("up") ? (arrival.event as { x: number; y: number }) : undefined
  // Shift+click: the shape under the pointer joins the selection, or leaves it; on empty space nothing changes.
  if (up && inState(arrival.before, "tools.select.extending")) {
    const hit = before.hit
    expect(selection).toEqual(hit === null ? was : was.includes(hit) ? was.filter((id) => id !== hit) : sorted([...was, hit]))
  }
  // The box released: the shapes wholly inside it join the selection (touching is not enough).
  if (up && inState(arrival.before, "tools.select.boxing"))
    expect(selection).toEqual(sorted(new Set([...was, ...inside(boxOf(before.origin!, [up.x, up.y]))])))
  // Escape out of a box or a Shift+press keeps the selection as it was.
  if (arrival.via === "escape" && (inState(arrival.before, "tools.select.boxing") || inState(arrival.before, "tools.select.extending")))
    expect(selection).toEqual(was)
  if (arrival.via === "select all") expect(selection).toEqual(["s1", "s2", "s3"])
  // Several moved together: one move of them all, by how far the pointer went; back where they were, nothing.
  if (up && inState(arrival.before, "tools.select.movingSelection")) {
    const [ox, oy] = before.origin!
    const [dx, dy] = [up.x - ox, up.y - oy]
    const ids = before.group!.ids
    expect(emits).toEqual((dx === 0 && dy === 0) || ids.length === 0 ? [] : [{ type: "edit.translate", ids, dx, dy }])
    expect(selection).toEqual(was)
  } else if (arrival.via === "confirm") {
    // Yes: those asked for go, in one deletion, and leave the selection; the ones left out stay selected.
    expect(emits).toEqual([{ type: "selection.deleted", ids: before.deleting!.ids }])
    expect(selection).toEqual(was.filter((id) => !before.deleting!.ids.includes(id)))
  } else if (arrival.via === "delete asked for s1") {
    // One shape goes at once, as a single deletion always has (its notice offers Undo).
    expect(emits).toEqual([{ type: "selection.deleted", ids: ["s1"] }])
    expect(selection).toEqual(was.filter((id) => id !== "s1"))
  } else if (arrival.via === "delete asked, none may go") {
    // Nothing the user may delete: said, nothing goes.
    expect(emits).toEqual([{ type: "selection.undeletable", count: 2 }])
    expect(selection).toEqual(was)
  } else expect(emits).toEqual([])
  // No or Escape: nothing goes, the selection stays.
  if (inState(arrival.before, "tools.select.confirming") && arrival.via !== "confirm") expect(selection).toEqual(was)
}

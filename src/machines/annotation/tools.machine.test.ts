import { describe, expect, it } from "vitest"
import { ELLIPSE_VERTICES, verticesOf } from "../../annotation/geometry.ts"
import { boxOf, shapesWithin, shownIds, sole } from "../../annotation/selection.ts"
import { annotationOf, ring } from "../../testing/annotationFixtures.ts"
import { AnnotationStore } from "../../annotation/store/store.ts"
import { NetworkError } from "../../effects/ApiError.ts"
import { drive } from "../../testing/drive.ts"
import { type Arrival, modelFor } from "../../testing/modelHarness.ts"
import { closesPolygon, ellipseOf, pencilAppend, pencilFinish, rectangleOf, withoutRepeats } from "./gesture.ts"
import type { SaveInput } from "../../effects/annotations/loadSave.ts"
import { type EditPress, kindOfDraft, type ToolsContext, type ToolsEmitted, type ToolsEvent, toolsMachine } from "./tools.machine.ts"

const label = { id: "l1", name: "Tumour", color: "#FF0000" }

// The shapes on the slide, as the store the view hands the machine has them: s1 the square the
// edit presses are on, s2 a cell wholly inside the box from A (100, 100) to "far" (300, 250) or C
// (300, 300), s3 a cell that box's right edge cuts through (touching is not inside).
const shapesOnSlide: Readonly<Record<string, ReadonlyArray<number>>> = {
  s1: [0, 0, 200, 0, 200, 200, 0, 200],
  s2: verticesOf(ring(200, 180, 20, 8)).flat(),
  s3: verticesOf(ring(300, 180, 20, 8)).flat()
}
const slideStore = new AnnotationStore()
slideStore.load(
  Object.entries(shapesOnSlide).map(([id, coords]) =>
    annotationOf(id, {
      kind: "polygon",
      points: Array.from({ length: coords.length / 2 }, (_, i) => [coords[i * 2]!, coords[i * 2 + 1]!] as const)
    })
  )
)
const shapes = { within: (box: Parameters<typeof shapesWithin>[1]) => shapesWithin(slideStore, box), all: () => shownIds(slideStore) }
/** The box rule as the feature states it, vertex by vertex: a shape is taken when every vertex lies inside. */
const inside = (box: { minX: number; minY: number; maxX: number; maxY: number }) =>
  Object.entries(shapesOnSlide)
    .filter(([, coords]) => coords.every((v, i) => (i % 2 === 0 ? v >= box.minX && v <= box.maxX : v >= box.minY && v <= box.maxY)))
    .map(([id]) => id)

const commentLabel = { id: "l5", name: "Comment", color: "#42D4F4" }
const input = {
  labId: "slide-1",
  label,
  commentLabel,
  defaultLabel: "Annotation",
  newId: () => "00000000-0000-4000-8000-000000000001",
  shapes
}
const sorted = (ids: Iterable<string>) => [...ids].sort()
const at = (x: number, y: number) => ({ x, y, scale: 1 })
const stored = annotationOf("00000000-0000-4000-8000-000000000001", ring(0, 0, 10))

/** Whether a snapshot is in the state named by its dotted path. */
const inState = (snapshot: unknown, path: string): boolean =>
  snapshot !== undefined && (snapshot as { matches: (path: string) => boolean }).matches(path)

const vertices = (draft: ReadonlyArray<number>) => draft.length / 2

// The selected shape s1, a square the user may change, as the view describes a press on it.
const square = [0, 0, 200, 0, 200, 200, 0, 200]
const triangle = [0, 0, 200, 0, 100, 150]
const press = (handle: EditPress["handle"], coords = square): EditPress => ({ id: "s1", kind: "polygon", coords, version: 3, handle })
type Commit = Extract<ToolsEmitted, { type: "edit.commit" }>
const commitsOf = (emitted: ReadonlyArray<{ type: string }>) => emitted.filter((e): e is Commit => e.type === "edit.commit")
/** What the selection gestures emitted (moves of several, deletions asked for). */
const selectionEmits = (emitted: ReadonlyArray<{ type: string }>) =>
  emitted.filter((e) => e.type !== "edit.commit" && !e.type.startsWith("annotation."))
/** What a gesture emitted, leaving out a save's answer (the tools-wide check covers those). */
const gestureEmits = (emitted: ReadonlyArray<{ type: string }>) => emitted.filter((e) => !e.type.startsWith("annotation."))

const model = modelFor({
  machine: toolsMachine,
  promiseActors: ["save"],
  input,
  events: {
    select: { type: "tool.choose", tool: "select" },
    rectangle: { type: "tool.choose", tool: "rectangle" },
    ellipse: { type: "tool.choose", tool: "ellipse" },
    lasso: { type: "tool.choose", tool: "lasso" },
    polygon: { type: "tool.choose", tool: "polygon" },
    pencil: { type: "tool.choose", tool: "pencil" },
    point: { type: "tool.choose", tool: "point" },
    comment: { type: "tool.choose", tool: "comment" },
    ruler: { type: "tool.choose", tool: "ruler" },
    "down A": { type: "pointer.down", hit: null, ...at(100, 100) },
    "down A on s1": { type: "pointer.down", hit: "s1", ...at(100, 100) },
    "down on s1's vertex": { type: "pointer.down", hit: "s1", edit: press({ kind: "vertex", index: 1 }), ...at(200, 0) },
    "down on s1's edge midpoint": { type: "pointer.down", hit: "s1", edit: press({ kind: "midpoint", index: 0 }), ...at(100, 0) },
    "down on s1's body": { type: "pointer.down", hit: "s1", edit: press({ kind: "body" }), ...at(100, 100) },
    "alt-down on s1's vertex": { type: "pointer.down", hit: "s1", alt: true, edit: press({ kind: "vertex", index: 1 }), ...at(200, 0) },
    "alt-down on a triangle's vertex": {
      type: "pointer.down",
      hit: "s1",
      alt: true,
      edit: press({ kind: "vertex", index: 1 }, triangle),
      ...at(200, 0)
    },
    "s1 chosen in the list": { type: "selection.set", id: "s1" },
    "shift-down A": { type: "pointer.down", hit: null, shift: true, ...at(100, 100) },
    "shift-down on s2": { type: "pointer.down", hit: "s2", shift: true, ...at(200, 180) },
    "down on the selection (s1, s2)": { type: "pointer.down", hit: "s1", group: ["s1", "s2"], ...at(100, 100) },
    "select all": { type: "selection.all" },
    "s1 deleted elsewhere": { type: "selection.drop", ids: ["s1"] },
    "s2 deleted elsewhere": { type: "selection.drop", ids: ["s2"] },
    "delete asked for s1": { type: "selection.delete", ids: ["s1"], kept: 0 },
    "delete asked for s1 and s2": { type: "selection.delete", ids: ["s1", "s2"], kept: 0 },
    "delete asked, none may go": { type: "selection.delete", ids: [], kept: 2 },
    confirm: { type: "delete.confirm" },
    cancel: { type: "delete.cancel" },
    "down B": { type: "pointer.down", hit: null, ...at(300, 100) },
    "down C": { type: "pointer.down", hit: null, ...at(300, 300) },
    "move far": { type: "pointer.move", ...at(300, 250), trail: [200, 180, 250, 220] },
    "move near": { type: "pointer.move", ...at(101, 101) },
    // Round three corners of a square from A: a lasso's loop.
    "move round": { type: "pointer.move", ...at(100, 300), trail: [300, 100, 300, 300] },
    "up A": { type: "pointer.up", ...at(100, 100) },
    "up B": { type: "pointer.up", ...at(300, 100) },
    "up C": { type: "pointer.up", ...at(300, 300) },
    "up far": { type: "pointer.up", ...at(300, 250) },
    double: { type: "pointer.double", ...at(300, 300) },
    escape: { type: "key.escape" },
    backspace: { type: "key.backspace" },
    enter: { type: "key.enter" },
    text: { type: "comment.text", text: "mitosis here" },
    "clear selection": { type: "selection.clear" },
    saved: { type: "xstate.done.actor.save", output: { annotation: stored, label: null } },
    "save failed": { type: "xstate.error.actor.save", error: new Error("offline") },
    "save found no network": { type: "xstate.error.actor.save", error: new NetworkError({ message: "Failed to fetch" }) }
  } as unknown as Record<string, ToolsEvent>,
  distinguish: ({ value, context }) => ({
    value,
    vertices: vertices(context.draft),
    selected: sorted(context.selection),
    comment: context.comment !== "",
    tool: context.tool,
    handle: context.edit?.handle.kind ?? null,
    // Whether the press is on several selected shapes (a drag moves them all rather than pans).
    group: context.group !== null
  }),
  // Long drafts add nothing but paths; an ellipse is 64 vertices from its first drag.
  stopWhen: ({ context }) => context.tool !== "ellipse" && vertices(context.draft) > 4,
  states: {
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
    },
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
    "tools.ruler.measured": (actual) => expect(vertices(actual.context.draft)).toBe(2),
    tools: (actual, _, arrival) => {
      // Drawing tools select nothing: choosing one leaves the selection empty.
      if (actual.context.tool !== "select") expect(actual.context.selection.size).toBe(0)
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
        expect(queued.kind).toBe(kindOfDraft(before))
        const n = vertices(queued.coords)
        // What each tool saves: a rectangle's 4 corners, a closed polygon of 3+, a stroke of 2+, one point.
        if (queued.kind === "rectangle") expect(n).toBe(4)
        else if (queued.kind === "polygon") expect(n).toBeGreaterThanOrEqual(3)
        else if (queued.kind === "polyline") expect(n).toBeGreaterThanOrEqual(2)
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
})

/** A save's answer: it arrives whatever the user is doing, and the tools-wide check says what it does. */
const saveAnswer = (via: string) => via === "saved" || via === "save failed" || via === "save found no network"

/** Events from outside the gesture (a deletion heard, Escape elsewhere, a save answered): the tools-wide check says what they do. */
const fromElsewhere = (via: string) => via === "clear selection" || via.endsWith("deleted elsewhere") || saveAnswer(via)

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

describe("annotation tools model", () => {
  it.each(model.paths.map((path) => [path.description, path] as const))("%s", async (_, path) => {
    await path.run()
  })

  it("the paths cover every state and every transition", async () => {
    expect(await model.coverage()).toEqual({ missingStates: [], missingTransitions: [], uncheckedStates: [] })
  }, 60_000)
})

describe("annotation tools scenarios", () => {
  it("points counted faster than a save answers are each saved once, in order; the slide's first label is made once", async () => {
    let n = 0
    const run = drive(toolsMachine, ["save"], { input: { ...input, label: null, newId: () => `p${++n}` } })
    await run.send({ type: "tool.choose", tool: "point" })
    for (const x of [10, 20, 30]) {
      await run.send({ type: "pointer.down", hit: null, ...at(x, 5) })
      await run.send({ type: "pointer.up", ...at(x, 5) })
    }
    // One on its way, two waiting; the tool is ready for the next click all along.
    expect(run.invocations.filter((i) => i.src === "save")).toHaveLength(1)
    expect(run.actor.getSnapshot().context.queue.map((q) => q.id)).toEqual(["p1", "p2", "p3"])
    expect(inState(run.actor.getSnapshot(), "tools.point.idle")).toBe(true)
    // The first save made the slide's default label: the two waiting are sent with it, not with none.
    const made = { id: "l9", name: "Annotation", color: "#FFFF00" }
    await run.succeed("save", { annotation: stored, label: made })
    expect(run.lastInput("save")).toMatchObject({ id: "p2", coords: [20, 5], label: made })
    await run.succeed("save", { annotation: stored, label: null })
    expect(run.lastInput("save")).toMatchObject({ id: "p3", coords: [30, 5], label: made })
    await run.succeed("save", { annotation: stored, label: null })
    expect(run.invocations.filter((i) => i.src === "save").map((i) => (i.input as SaveInput).id)).toEqual(["p1", "p2", "p3"])
    expect(run.actor.getSnapshot().context.queue).toEqual([])
    expect(run.actor.getSnapshot().hasTag("busy")).toBe(false)
  })

  it("a comment takes the comments' label, never the active one; the first comment makes it, and it never becomes active", async () => {
    let n = 0
    const run = drive(toolsMachine, ["save"], { input: { ...input, commentLabel: null, newId: () => `c${++n}` } })
    await run.send({ type: "tool.choose", tool: "comment" })
    await run.send({ type: "pointer.down", hit: null, ...at(40, 40) })
    await run.send({ type: "pointer.up", ...at(40, 40) })
    await run.send({ type: "comment.text", text: "mitosis here" })
    await run.send({ type: "key.enter" })
    expect(run.lastInput("save")).toMatchObject({ id: "c1", label: null, defaultLabel: "Comment", comment: "mitosis here" })
    // A point counted meanwhile waits with the active label.
    await run.send({ type: "tool.choose", tool: "point" })
    await run.send({ type: "pointer.down", hit: null, ...at(10, 5) })
    await run.send({ type: "pointer.up", ...at(10, 5) })
    const made = { id: "l9", name: "Comment", color: "#FFFF00" }
    await run.succeed("save", { annotation: stored, label: made })
    expect(run.lastInput("save")).toMatchObject({ id: "c2", label })
    expect(run.actor.getSnapshot().context.label).toEqual(label)
    expect(run.actor.getSnapshot().context.commentLabel).toEqual(made)
    // The next comment takes the label the first one made.
    await run.succeed("save", { annotation: stored, label: null })
    await run.send({ type: "tool.choose", tool: "comment" })
    await run.send({ type: "pointer.down", hit: null, ...at(60, 60) })
    await run.send({ type: "pointer.up", ...at(60, 60) })
    await run.send({ type: "comment.text", text: "re-cut?" })
    await run.send({ type: "key.enter" })
    expect(run.lastInput("save")).toMatchObject({ id: "c3", label: made, comment: "re-cut?" })
  })

  it("a polygon: three clicks, Backspace drops one, a click on the first vertex closes and saves", async () => {
    const run = drive(toolsMachine, ["save"], { input })
    await run.send({ type: "tool.choose", tool: "polygon" })
    for (const [x, y] of [
      [0, 0],
      [100, 0],
      [150, 80],
      [100, 100]
    ] as const) {
      await run.send({ type: "pointer.down", hit: null, ...at(x, y) })
      await run.send({ type: "pointer.up", ...at(x, y) })
    }
    expect(run.actor.getSnapshot().context.draft).toEqual([0, 0, 100, 0, 150, 80, 100, 100])
    await run.send({ type: "key.backspace" })
    expect(run.actor.getSnapshot().context.draft).toEqual([0, 0, 100, 0, 150, 80])
    await run.send({ type: "pointer.move", ...at(50, 60) })
    expect(run.actor.getSnapshot().context.cursor).toEqual([50, 60])
    await run.send({ type: "pointer.down", hit: null, ...at(3, 2) })
    await run.send({ type: "pointer.up", ...at(3, 2) })
    expect(run.actor.getSnapshot().matches({ saver: "saving" })).toBe(true)
    expect(run.lastInput("save")).toMatchObject({ kind: "polygon", coords: [0, 0, 100, 0, 150, 80] })
    await run.succeed("save", { annotation: stored, label: null })
    expect(inState(run.actor.getSnapshot(), "tools.polygon.idle")).toBe(true)
  })

  it("a double click closes without the vertices its own two clicks added", async () => {
    const run = drive(toolsMachine, ["save"], { input })
    await run.send({ type: "tool.choose", tool: "polygon" })
    for (const [x, y] of [
      [0, 0],
      [100, 0],
      [100, 100],
      [100, 100]
    ] as const) {
      await run.send({ type: "pointer.down", hit: null, ...at(x, y) })
      await run.send({ type: "pointer.up", ...at(x, y) })
    }
    await run.send({ type: "pointer.double", ...at(100, 100) })
    expect(run.lastInput("save")).toMatchObject({ kind: "polygon", coords: [0, 0, 100, 0, 100, 100] })
  })

  it("Escape in the middle of a rectangle drops the preview and saves nothing", async () => {
    const run = drive(toolsMachine, ["save"], { input })
    await run.send({ type: "tool.choose", tool: "rectangle" })
    await run.send({ type: "pointer.down", hit: null, ...at(10, 10) })
    await run.send({ type: "pointer.move", ...at(50, 40) })
    expect(run.actor.getSnapshot().context.draft).toEqual([10, 10, 50, 10, 50, 40, 10, 40])
    await run.send({ type: "key.escape" })
    expect(run.actor.getSnapshot().context.draft).toEqual([])
    await run.send({ type: "pointer.up", ...at(50, 40) })
    expect(run.isRunning("save")).toBe(false)
  })

  it("Shift+drag boxes the cell it surrounds, Shift+click adds s1, Delete asks, yes deletes both as one; those left out stay selected", async () => {
    const run = drive(toolsMachine, ["save"], { input })
    const emitted: Array<ToolsEmitted> = []
    run.actor.on("*", (event) => void emitted.push(event as ToolsEmitted))
    await run.send({ type: "pointer.down", hit: null, shift: true, ...at(100, 100) })
    await run.send({ type: "pointer.move", ...at(320, 260) })
    expect(run.actor.getSnapshot().context.box).toEqual({ minX: 100, minY: 100, maxX: 320, maxY: 260 })
    await run.send({ type: "pointer.up", ...at(320, 260) })
    // s3 reaches x = 320: on the border, so inside; s1 starts at 0, outside.
    expect(sorted(run.actor.getSnapshot().context.selection)).toEqual(["s2", "s3"])
    await run.send({ type: "pointer.down", hit: "s1", shift: true, ...at(50, 50) })
    await run.send({ type: "pointer.up", ...at(50, 50) })
    expect(sorted(run.actor.getSnapshot().context.selection)).toEqual(["s1", "s2", "s3"])
    // No handles with several selected: a press on s1's vertex is no edit.
    await run.send({ type: "pointer.down", hit: "s1", edit: press({ kind: "vertex", index: 1 }), ...at(200, 0) })
    expect(run.actor.getSnapshot().context.edit).toBeNull()
    await run.send({ type: "key.escape" })
    // A reviewer: s1 is someone else's; two may go, one is left out.
    await run.send({ type: "selection.delete", ids: ["s2", "s3"], kept: 1 })
    expect(inState(run.actor.getSnapshot(), "tools.select.confirming")).toBe(true)
    expect(emitted).toEqual([])
    await run.send({ type: "delete.confirm" })
    expect(emitted).toEqual([{ type: "selection.deleted", ids: ["s2", "s3"] }])
    expect(sorted(run.actor.getSnapshot().context.selection)).toEqual(["s1"])
  })

  it("a drag on one of several selected shapes moves them all; Escape puts them back", async () => {
    const run = drive(toolsMachine, ["save"], { input })
    const emitted: Array<ToolsEmitted> = []
    run.actor.on("edit.translate", (event) => void emitted.push(event))
    await run.send({ type: "selection.all" })
    await run.send({ type: "pointer.down", hit: "s2", group: ["s1", "s2", "s3"], ...at(200, 180) })
    await run.send({ type: "pointer.move", ...at(230, 170) })
    expect(run.actor.getSnapshot().context.group).toEqual({ ids: ["s1", "s2", "s3"], dx: 30, dy: -10 })
    await run.send({ type: "key.escape" })
    await run.send({ type: "pointer.up", ...at(230, 170) })
    expect(emitted).toEqual([])
    await run.send({ type: "pointer.down", hit: "s2", group: ["s1", "s2", "s3"], ...at(200, 180) })
    await run.send({ type: "pointer.move", ...at(240, 200) })
    await run.send({ type: "pointer.up", ...at(250, 200) })
    expect(emitted).toEqual([{ type: "edit.translate", ids: ["s1", "s2", "s3"], dx: 50, dy: 20 }])
    expect(sorted(run.actor.getSnapshot().context.selection)).toEqual(["s1", "s2", "s3"])
  })

  it("a tiny drag is a click: the rectangle tool draws nothing", async () => {
    const run = drive(toolsMachine, ["save"], { input: { ...input } })
    await run.send({ type: "tool.choose", tool: "rectangle" })
    await run.send({ type: "pointer.down", hit: null, x: 10, y: 10, scale: 0.5 })
    // 6 image px at 0.5 screen px per image px: 3 screen px, under the drag threshold.
    await run.send({ type: "pointer.move", x: 16, y: 10, scale: 0.5 })
    expect(inState(run.actor.getSnapshot(), "tools.rectangle.pointing")).toBe(true)
  })
})

describe("gesture decisions", () => {
  it("closing distance is measured on screen", () => {
    const triangle = [0, 0, 100, 0, 100, 100]
    expect(closesPolygon(triangle, [6, 0], 1)).toBe(true)
    expect(closesPolygon(triangle, [6, 0], 2)).toBe(false)
    expect(closesPolygon(triangle.slice(0, 4), [0, 0], 1)).toBe(false)
  })

  it("trailing repeats go, distinct vertices stay", () => {
    expect(withoutRepeats([0, 0, 10, 0, 10, 10, 10, 10, 11, 10], 1)).toEqual([0, 0, 10, 0, 10, 10])
  })

  it("the pencil thins samples as it goes and simplifies the stroke at the end", () => {
    const samples = Array.from({ length: 200 }, (_, i) => [i * 0.5, 0]).flat()
    const thinned = pencilAppend([], samples, 1)
    expect(thinned.length / 2).toBeLessThan(80)
    expect(pencilFinish(thinned, 1)).toEqual([0, 0, thinned.at(-2), 0])
  })
})

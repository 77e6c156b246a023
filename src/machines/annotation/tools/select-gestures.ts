// The select tool's gestures, as guards and actions (its states are select.ts): a click selects,
// Shift+click and Shift+drag add to the selection, the handles of the one selected shape reshape or
// move it, several selected move together, and deleting the selection asks first when it should.
import { type Handle, insertVertex, moveVertex, removeVertex, sameCoords, translate } from "../../../annotation/edit.ts"
import { GROUP_MOVE_LIMIT } from "../../../annotation/edit-rules.ts"
import { boxOf, EMPTY, joined, only, type Selection, sole, toggled, without } from "../../../annotation/selection.ts"
import type { XY } from "../gesture.ts"
import { atOf, type GuardArgs, toolsSetup } from "./base.ts"
import type { EditPress, EditState, ToolsEvent } from "./types.ts"

/** The press's edit, when it is on the one selected shape (the single-shape handles are there only then). */
const pressOf = (event: ToolsEvent, selection: Selection): EditPress | null =>
  event.type === "pointer.down" && event.edit != null && sole(selection) === event.edit.id ? event.edit : null

/**
 * The press's group, when it is on one of several selected shapes, names only selected ones and the
 * selection is no larger than GROUP_MOVE_LIMIT (a slip after Ctrl+A must not move a slide's cells);
 * who may move each shape is the view's to say, from the store (edit-rules.ts `groupToMove`).
 */
const groupOf = (event: ToolsEvent, selection: Selection): ReadonlyArray<string> | null =>
  event.type === "pointer.down" &&
  event.group != null &&
  selection.size > 1 &&
  selection.size <= GROUP_MOVE_LIMIT &&
  event.hit !== null &&
  selection.has(event.hit) &&
  event.group.length > 0 &&
  event.group.every((id) => selection.has(id))
    ? event.group
    : null

/** The edit as the pointer now has it: the dragged vertex where the pointer is, or the whole shape moved. */
const dragged = (edit: EditState, at: XY, origin: XY): ReadonlyArray<number> =>
  edit.handle.kind === "body"
    ? translate(edit.from, at[0] - origin[0], at[1] - origin[1])
    : moveVertex(edit.kind, edit.from, edit.vertex, at[0], at[1])

const commitOf = (edit: Pick<EditState, "id" | "kind" | "version" | "original">, coords: ReadonlyArray<number>) =>
  ({ type: "edit.commit", id: edit.id, kind: edit.kind, version: edit.version, from: edit.original, coords }) as const

export const selectGuards = {
  onHandle: ({ context }: GuardArgs, kind: Handle["kind"]) => context.edit?.handle.kind === kind,
  /** Alt+press on a vertex of the one selected shape that may go. */
  removesVertex: ({ context, event }: GuardArgs) => {
    const press = pressOf(event, context.selection)
    return (
      event.type === "pointer.down" &&
      event.alt === true &&
      press?.handle.kind === "vertex" &&
      removeVertex(press.kind, press.coords, press.handle.index) !== null
    )
  },
  /** A click on an edge's midpoint inserts a vertex there. */
  insertsVertex: ({ context }: GuardArgs) => context.edit?.handle.kind === "midpoint",
  /** The shape being edited was deleted elsewhere. */
  dropsEdited: ({ context, event }: GuardArgs) =>
    event.type === "selection.drop" && context.edit !== null && event.ids.includes(context.edit.id),
  shift: ({ event }: GuardArgs) => event.type === "pointer.down" && event.shift === true,
  /** The press is on one of several selected shapes, all of which the user may move. */
  onGroup: ({ context }: GuardArgs) => context.group !== null,
  /** Nothing the user may delete is selected. */
  nothingToDelete: ({ event }: GuardArgs) => event.type === "selection.delete" && event.ids.length === 0,
  /** One shape to delete and none left out: at once, as a single deletion always was (its notice offers Undo). */
  deletesAtOnce: ({ event }: GuardArgs) => event.type === "selection.delete" && event.ids.length === 1 && event.kept === 0
}

export const selectActions = {
  select: toolsSetup.assign(({ context }) => ({ selection: only(context.hit), origin: null })),
  deselect: toolsSetup.assign({ selection: EMPTY }),
  /** Shift+click: the shape under the pointer joins the selection or leaves it. */
  toggle: toolsSetup.assign(({ context }) => ({
    selection: context.hit === null ? context.selection : toggled(context.selection, context.hit),
    origin: null
  })),
  spanBox: toolsSetup.assign(({ context, event }) => ({ box: boxOf(context.origin ?? atOf(event), atOf(event)), cursor: atOf(event) })),
  /** The box released: the shown shapes wholly inside it join the selection. */
  takeBox: toolsSetup.assign(({ context }) => ({
    selection: context.box === null ? context.selection : joined(context.selection, context.shapes.within(context.box)),
    box: null,
    origin: null
  })),
  selectAll: toolsSetup.assign(({ context }) => ({ selection: joined(EMPTY, context.shapes.all()) })),
  /** Shapes gone elsewhere leave the selection, and a drag of several under way. */
  drop: toolsSetup.assign(({ context, event }) => {
    if (event.type !== "selection.drop") return {}
    const group = context.group
    const gone = new Set(event.ids)
    return {
      selection: without(context.selection, event.ids),
      group: group === null ? null : { ...group, ids: group.ids.filter((id) => !gone.has(id)) }
    }
  }),
  pressGroup: toolsSetup.assign(({ context, event }) => {
    const ids = groupOf(event, context.selection)
    return { group: ids === null ? null : { ids, dx: 0, dy: 0 } }
  }),
  dragGroup: toolsSetup.assign(({ context, event }) => {
    const origin = context.origin
    if (context.group === null || origin === null) return {}
    const [x, y] = atOf(event)
    return { group: { ...context.group, dx: x - origin[0], dy: y - origin[1] } }
  }),
  /** Emits the move if the shapes went anywhere. */
  commitGroup: toolsSetup.enqueueActions(({ context, enqueue }) => {
    const group = context.group
    if (group !== null && group.ids.length > 0 && (group.dx !== 0 || group.dy !== 0)) enqueue.emit({ type: "edit.translate", ...group })
  }),
  clearGroup: toolsSetup.assign({ group: null }),
  askDelete: toolsSetup.assign(({ event }) =>
    event.type === "selection.delete" ? { deleting: { ids: event.ids, kept: event.kept } } : {}
  ),
  deleteAtOnce: toolsSetup.enqueueActions(({ context, event, enqueue }) => {
    if (event.type !== "selection.delete") return
    enqueue.emit({ type: "selection.deleted", ids: event.ids })
    enqueue.assign({ selection: without(context.selection, event.ids) })
  }),
  refuseDelete: toolsSetup.emit(({ event }) => ({
    type: "selection.undeletable" as const,
    count: event.type === "selection.delete" ? event.kept : 0
  })),
  /** The user said yes: the shapes go (the ones left out stay selected, so the user sees which). */
  confirmDelete: toolsSetup.enqueueActions(({ context, enqueue }) => {
    const deleting = context.deleting
    if (deleting === null) return
    enqueue.emit({ type: "selection.deleted", ids: deleting.ids })
    enqueue.assign({ selection: without(context.selection, deleting.ids), deleting: null })
  }),
  cancelDelete: toolsSetup.assign({ deleting: null }),
  selectOne: toolsSetup.assign(({ event }) => (event.type === "selection.set" ? { selection: only(event.id) } : {})),
  /** The press on the one selected shape, when editable: kept as an edit that has not changed anything yet. */
  pressEdit: toolsSetup.assign(({ context, event }) => {
    const press = pressOf(event, context.selection)
    if (press === null) return { edit: null }
    const { coords, ...rest } = press
    const vertex = press.handle.kind === "vertex" ? press.handle.index : -1
    return { edit: { ...rest, original: coords, from: coords, coords, vertex } }
  }),
  /** An edge's midpoint dragged: a vertex is inserted there, and that one is dragged. */
  beginInsert: toolsSetup.assign(({ context }) => {
    const edit = context.edit
    if (edit === null || edit.handle.kind !== "midpoint") return {}
    const i = edit.handle.index
    const n = edit.from.length / 2
    const j = (i + 1) % n
    const x = (edit.from[i * 2]! + edit.from[j * 2]!) / 2
    const y = (edit.from[i * 2 + 1]! + edit.from[j * 2 + 1]!) / 2
    const from = insertVertex(edit.kind, edit.from, i, x, y)
    return from === null ? {} : { edit: { ...edit, from, coords: from, vertex: i + 1 } }
  }),
  drag: toolsSetup.assign(({ context, event }) =>
    context.edit === null ? {} : { edit: { ...context.edit, coords: dragged(context.edit, atOf(event), context.origin ?? atOf(event)) } }
  ),
  /** Emits the edit if it changed the shape. */
  commit: toolsSetup.enqueueActions(({ context, enqueue }) => {
    const edit = context.edit
    if (edit !== null && !sameCoords(edit.coords, edit.original)) enqueue.emit(commitOf(edit, edit.coords))
  }),
  removeVertex: toolsSetup.enqueueActions(({ context, event, enqueue }) => {
    const press = pressOf(event, context.selection)
    if (press === null || press.handle.kind !== "vertex") return
    const coords = removeVertex(press.kind, press.coords, press.handle.index)
    if (coords !== null) enqueue.emit(commitOf({ ...press, original: press.coords }, coords))
  }),
  clearEdit: toolsSetup.assign({ edit: null })
}

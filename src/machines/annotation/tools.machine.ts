// The drawing tools of the slide viewer (after tldraw's tools: one state per tool, one child state
// per gesture). A "pointing" state sits between a press and a drag, so a click is told from a drag.
// Every drawing state handles Escape: it drops the draft, so the preview goes with it.
//
//   select     click: select what was under the pointer alone (the view hit-tests at the edge), or
//              nothing on empty space; a drag pans. The selection is a set of ids.
//              Shift+click adds the shape under the pointer to the selection or takes it out;
//              Shift+drag (extending, then boxing) draws a selection box, and on release the shown
//              shapes wholly inside it (QuPath's rule, annotation/selection.ts) join the selection.
//              Escape, or a click on empty space, clears it; Ctrl+A selects every shown shape.
//              With exactly one shape selected, on it, when the user may change it (the view says
//              so with the press): drag a vertex (reshaping; a rectangle's corner keeps it a
//              rectangle), drag an edge's midpoint (a vertex inserted there, then dragged), click a
//              midpoint (a vertex inserted), Alt+click a vertex (removed, never below the shape's
//              least), drag the body (moving). Each ends in one `edit.commit` with the new vertices.
//              With several selected, dragging one of them moves them all (movingSelection), one
//              `edit.translate`. Escape mid-drag puts it back.
//              Deleting the selection (Delete, or the panels' button) asks first when more than one
//              shape would go or some are left out (confirming); one goes at once, as before.
//   rectangle  press, drag, release: a rectangle; a click draws nothing
//   ellipse    the same, the ellipse inscribed in the box (saved as a polygon of 64 vertices)
//   polygon    click vertices; double click, Enter or a click on the first vertex closes it;
//              Backspace drops the last vertex (the last one gone: back to idle)
//   pencil     press and drag a freehand stroke, thinned as it is drawn and simplified when it ends
//   lasso      the same stroke closed into an area (QuPath's freehand polygon); fewer than three
//              vertices after simplifying draw nothing
//   point      each click: one counted point
//   comment    click a place, type, Enter saves a point with the comment. A comment is its own kind:
//              it never takes the active label (a cell count's), but the slide's comment label
//              (made with the first comment, as the first shape makes the default label)
//   ruler      drag a line; its length shows until the next drag or Escape; nothing is saved
//
// Events come typed and in image pixels from the view's one converter (AnnotationLayer), which
// also coalesces pointer moves to one per animation frame. States never touch the DOM. A finished
// shape is saved by the `save` actor (POST .../v2/annotations/ with a client-chosen uuid); the machine
// emits `annotation.saved` and the view puts the stored annotation into the store (origin local).
// An edit is emitted as `edit.commit`; the edits machine saves it and remembers it for undo.
import { and, assign, emit, enqueueActions, setup } from "xstate"
import type { Annotation, Label } from "../../contract/annotations.ts"
import { type Handle, insertVertex, moveVertex, removeVertex, sameCoords, translate } from "../../annotation/edit.ts"
import type { BBox } from "../../annotation/geometry.ts"
import { boxOf, EMPTY, joined, only, type Selection, sole, toggled, without } from "../../annotation/selection.ts"
import type { ShapeKind } from "../../annotation/store/shape.ts"
import { failureFrom, fromEffect } from "../support/fromEffect.ts"
import {
  closesPolygon,
  ellipseOf,
  isDrag,
  outlineFinish,
  pencilAppend,
  pencilFinish,
  rectangleOf,
  withoutRepeats,
  type XY
} from "./gesture.ts"
import { type SaveInput, saveAnnotation } from "../../effects/annotations/loadSave.ts"
import type { AppFailure } from "../../effects/AppFailure.ts"

export type Tool = "select" | "rectangle" | "ellipse" | "polygon" | "pencil" | "lasso" | "point" | "comment" | "ruler"
export const TOOLS: ReadonlyArray<Tool> = ["select", "rectangle", "ellipse", "polygon", "pencil", "lasso", "point", "comment", "ruler"]

/** A pointer event at the edge: image pixels, the scale (screen px per image px) at that moment. */
interface At {
  readonly x: number
  readonly y: number
  readonly scale: number
}

/** A press on the selected shape that the user may change: the shape as it was, and the handle pressed. */
export interface EditPress {
  readonly id: string
  readonly kind: ShapeKind
  readonly coords: ReadonlyArray<number>
  /** The version the edit starts from (a change heard meanwhile makes the save a conflict). */
  readonly version: number
  readonly handle: Handle
}

/** An edit under way: the shape as it was at the press, and as the drag has made it so far. */
export interface EditState {
  readonly id: string
  readonly kind: ShapeKind
  readonly version: number
  readonly handle: Handle
  /** The vertices at the press. */
  readonly original: ReadonlyArray<number>
  /** What the drag moves: the original, or the original with the vertex inserted on the pressed edge. */
  readonly from: ReadonlyArray<number>
  /** As dragged so far (what the overlay shows). */
  readonly coords: ReadonlyArray<number>
  /** The vertex being dragged (reshaping), after any insertion. */
  readonly vertex: number
}

/** Where the selection box looks for shapes: the view's store (shown shapes only). */
export interface SelectionSource {
  /** The ids of the shown shapes wholly inside the box. */
  readonly within: (box: BBox) => Iterable<string>
  /** The ids of every shown shape. */
  readonly all: () => Iterable<string>
}

/** A drag of several selected shapes under way: which, and how far the pointer has gone. */
export interface GroupMove {
  readonly ids: ReadonlyArray<string>
  readonly dx: number
  readonly dy: number
}

/** Deleting the selection, asked and waiting for the user's yes: what goes, and how many are left out. */
export interface PendingDelete {
  readonly ids: ReadonlyArray<string>
  /** Selected shapes this user may not delete (others' shapes, for a reviewer): they stay. */
  readonly kept: number
}

export type ToolsEvent =
  | { readonly type: "tool.choose"; readonly tool: Tool }
  | ({
      readonly type: "pointer.down"
      readonly hit: string | null
      /** Alt held: a click on a vertex removes it. */
      readonly alt?: boolean
      /** Shift held: a click adds the shape to the selection (or takes it out), a drag draws a selection box. */
      readonly shift?: boolean
      /** Set when the press is on the one selected shape and the user may change it. */
      readonly edit?: EditPress | null
      /** Set when the press is on one of several selected shapes and the user may change them all: their ids. */
      readonly group?: ReadonlyArray<string> | null
    } & At)
  /** One per animation frame; `trail` holds the samples coalesced into it (x,y pairs), for the pencil. */
  | ({ readonly type: "pointer.move"; readonly trail?: ReadonlyArray<number> } & At)
  | ({ readonly type: "pointer.up" } & At)
  | ({ readonly type: "pointer.double" } & At)
  | { readonly type: "key.escape" }
  | { readonly type: "key.backspace" }
  | { readonly type: "key.enter" }
  | { readonly type: "comment.text"; readonly text: string }
  | { readonly type: "label.choose"; readonly label: Pick<Label, "id" | "name" | "color"> | null }
  /** The slide's label for comments (null: none yet, the first comment makes it). */
  | { readonly type: "commentLabel.choose"; readonly label: Pick<Label, "id" | "name" | "color"> | null }
  /** Nothing selected any more (Escape pressed elsewhere, the selection deleted). */
  | { readonly type: "selection.clear" }
  /** These annotations are gone (deleted here or elsewhere): they leave the selection. */
  | { readonly type: "selection.drop"; readonly ids: ReadonlyArray<string> }
  /** An annotation chosen elsewhere (the list): selected alone, in the select tool. */
  | { readonly type: "selection.set"; readonly id: string }
  /** Ctrl+A: every shown annotation. */
  | { readonly type: "selection.all" }
  /** Delete the selection: `ids` are those this user may delete, `kept` how many selected ones they may not. */
  | ({ readonly type: "selection.delete" } & PendingDelete)
  | { readonly type: "delete.confirm" }
  | { readonly type: "delete.cancel" }

export interface ToolsInput {
  readonly labId: string
  readonly label: Pick<Label, "id" | "name" | "color"> | null
  /** The name of the label created for a slide that has none, in the user's language. */
  readonly defaultLabel: string
  /** The slide's label comments take, and the name of the one the first comment makes ("Comment"). */
  readonly commentLabel?: Pick<Label, "id" | "name" | "color"> | null
  readonly commentLabelName?: string
  /** Makes the client-chosen id (crypto.randomUUID in the browser; fixed in tests). */
  readonly newId?: () => string
  /** Where a selection box and Ctrl+A find shapes (the store; none by default). */
  readonly shapes?: SelectionSource
}

export interface ToolsContext {
  readonly labId: string
  readonly label: Pick<Label, "id" | "name" | "color"> | null
  readonly defaultLabel: string
  /** What comments are tagged with: never the active label, so a comment is never counted as a cell. */
  readonly commentLabel: Pick<Label, "id" | "name" | "color"> | null
  readonly commentLabelName: string
  readonly newId: () => string
  /** The shape in progress, x,y pairs in image pixels; what the preview shows. */
  readonly draft: ReadonlyArray<number>
  /** Where the press started. */
  readonly origin: XY | null
  /** Where the pointer is (the polygon's rubber band). */
  readonly cursor: XY | null
  /** What was under the press (select). */
  readonly hit: string | null
  /** The selected annotations' ids. */
  readonly selection: Selection
  readonly shapes: SelectionSource
  /** The selection box as dragged so far (boxing), in image pixels. */
  readonly box: BBox | null
  /** Several selected shapes being dragged (movingSelection). */
  readonly group: GroupMove | null
  /** Deleting the selection, waiting for the user's yes (confirming). */
  readonly deleting: PendingDelete | null
  readonly comment: string
  /** The tool in use (the saving state reads which shape its draft is). */
  readonly tool: Tool
  /** The last failure to save. */
  readonly error: AppFailure | null
  /**
   * Finished shapes waiting for the server, oldest first; the first is being sent. The tools take
   * the next shape meanwhile (a counter's clicks come faster than a save answers), and the saves go
   * one at a time, in order, so the slide's first label is made once however fast the user clicks.
   */
  readonly queue: ReadonlyArray<SaveInput>
  /** What the press was on when it was on the selected, editable shape; the shape as dragged so far. */
  readonly edit: EditState | null
}

export type ToolsEmitted =
  | { readonly type: "annotation.saved"; readonly annotation: Annotation; readonly label: Label | null }
  | { readonly type: "annotation.failed"; readonly error: AppFailure }
  /** The save found no network: the view keeps the shape as an offline draft (drafts.machine.ts). */
  | { readonly type: "annotation.drafted"; readonly input: SaveInput }
  /** An edit gesture ended with the shape changed: the edits machine saves it. */
  | {
      readonly type: "edit.commit"
      readonly id: string
      readonly kind: ShapeKind
      readonly version: number
      readonly from: ReadonlyArray<number>
      readonly coords: ReadonlyArray<number>
    }
  /** Several selected shapes were dragged this far (image px): the edits machine saves them as one step. */
  | { readonly type: "edit.translate"; readonly ids: ReadonlyArray<string>; readonly dx: number; readonly dy: number }
  /** The user said yes (or one shape was to go): delete these, as one step. */
  | { readonly type: "selection.deleted"; readonly ids: ReadonlyArray<string> }
  /** Delete was asked, but none of the selected shapes may be deleted by this user. */
  | { readonly type: "selection.undeletable"; readonly count: number }

const atOf = (event: ToolsEvent): XY => ("x" in event ? [event.x, event.y] : [0, 0])
const scaleOf = (event: ToolsEvent): number => ("scale" in event ? event.scale : 1)

const cleared = { draft: [], origin: null, cursor: null, comment: "", edit: null, box: null, group: null, deleting: null } as const

const nothing: SelectionSource = { within: () => [], all: () => [] }

/** The press's edit, when it is on the one selected shape (the single-shape handles are there only then). */
const pressOf = (event: ToolsEvent, selection: Selection): EditPress | null =>
  event.type === "pointer.down" && event.edit != null && sole(selection) === event.edit.id ? event.edit : null

/** The press's group, when it is on one of several selected shapes and names only selected ones. */
const groupOf = (event: ToolsEvent, selection: Selection): ReadonlyArray<string> | null =>
  event.type === "pointer.down" &&
  event.group != null &&
  selection.size > 1 &&
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

const actors = {
  save: fromEffect((input: SaveInput) => saveAnnotation(input))
}

/** Press, drag, release: the box from the press to the pointer, as a rectangle or the ellipse in it. */
const spanning = (span: "spanRectangle" | "spanEllipse") =>
  ({
    initial: "idle",
    states: {
      idle: { on: { "pointer.down": { target: "pointing", actions: "press" } } },
      pointing: {
        on: {
          "pointer.move": { guard: "dragged", target: "dragging", actions: span },
          "pointer.up": { target: "idle", actions: "clear" },
          "key.escape": { target: "idle", actions: "clear" }
        }
      },
      dragging: {
        on: {
          "pointer.move": { actions: span },
          "pointer.up": [
            { guard: "dragged", target: "idle", actions: [span, "enqueue"] },
            { target: "idle", actions: "clear" }
          ],
          "key.escape": { target: "idle", actions: "clear" }
        }
      }
    }
  }) as const

/** Press and drag a stroke, thinned as it goes; `release` says what letting go makes of it. */
const stroking = <Release>(release: Release) =>
  ({
    initial: "idle",
    states: {
      idle: { on: { "pointer.down": { target: "pointing", actions: "press" } } },
      pointing: {
        on: {
          "pointer.move": { guard: "dragged", target: "drawing", actions: "startStroke" },
          "pointer.up": { target: "idle", actions: "clear" },
          "key.escape": { target: "idle", actions: "clear" }
        }
      },
      drawing: {
        on: {
          "pointer.move": { actions: "extendStroke" },
          "pointer.up": release,
          "key.escape": { target: "idle", actions: "clear" }
        }
      }
    }
  }) as const

export const toolsMachine = setup({
  types: {
    context: {} as ToolsContext,
    events: {} as ToolsEvent,
    input: {} as ToolsInput,
    emitted: {} as ToolsEmitted
  },
  actors,
  guards: {
    chose: ({ event }, tool: Tool) => event.type === "tool.choose" && event.tool === tool,
    dragged: ({ context, event }) => context.origin !== null && isDrag(context.origin, atOf(event), scaleOf(event)),
    /** The lasso's stroke, ended here and simplified, still has the three vertices an outline needs. */
    outlines: ({ context, event }) =>
      outlineFinish(pencilAppend(context.draft, [...atOf(event)], scaleOf(event)), scaleOf(event)).length >= 6,
    offline: (_, error: AppFailure) => error._tag === "NetworkError",
    closes: ({ context, event }) => closesPolygon(context.draft, atOf(event), scaleOf(event)),
    closable: ({ context, event }) => withoutRepeats(context.draft, scaleOf(event)).length >= 6,
    enoughVertices: ({ context }) => context.draft.length >= 6,
    oneVertex: ({ context }) => context.draft.length <= 2,
    hasComment: ({ context }) => context.comment.trim().length > 0,
    queued: ({ context }) => context.queue.length > 0,
    onHandle: ({ context }, kind: Handle["kind"]) => context.edit?.handle.kind === kind,
    /** Alt+press on a vertex of the one selected shape that may go. */
    removesVertex: ({ context, event }) => {
      const press = pressOf(event, context.selection)
      return (
        event.type === "pointer.down" &&
        event.alt === true &&
        press?.handle.kind === "vertex" &&
        removeVertex(press.kind, press.coords, press.handle.index) !== null
      )
    },
    /** A click on an edge's midpoint inserts a vertex there. */
    insertsVertex: ({ context }) => context.edit?.handle.kind === "midpoint",
    /** The shape being edited was deleted elsewhere. */
    dropsEdited: ({ context, event }) => event.type === "selection.drop" && context.edit !== null && event.ids.includes(context.edit.id),
    shift: ({ event }) => event.type === "pointer.down" && event.shift === true,
    /** The press is on one of several selected shapes, all of which the user may move. */
    onGroup: ({ context }) => context.group !== null,
    /** Nothing the user may delete is selected. */
    nothingToDelete: ({ event }) => event.type === "selection.delete" && event.ids.length === 0,
    /** One shape to delete and none left out: at once, as a single deletion always was (its notice offers Undo). */
    deletesAtOnce: ({ event }) => event.type === "selection.delete" && event.ids.length === 1 && event.kept === 0
  },
  actions: {
    clear: assign(cleared),
    press: assign(({ event }) => ({ origin: atOf(event), cursor: atOf(event), hit: event.type === "pointer.down" ? event.hit : null })),
    track: assign(({ event }) => ({ cursor: atOf(event) })),
    select: assign(({ context }) => ({ selection: only(context.hit), origin: null })),
    deselect: assign({ selection: EMPTY }),
    /** Shift+click: the shape under the pointer joins the selection or leaves it. */
    toggle: assign(({ context }) => ({
      selection: context.hit === null ? context.selection : toggled(context.selection, context.hit),
      origin: null
    })),
    spanBox: assign(({ context, event }) => ({ box: boxOf(context.origin ?? atOf(event), atOf(event)), cursor: atOf(event) })),
    /** The box released: the shown shapes wholly inside it join the selection. */
    takeBox: assign(({ context }) => ({
      selection: context.box === null ? context.selection : joined(context.selection, context.shapes.within(context.box)),
      box: null,
      origin: null
    })),
    selectAll: assign(({ context }) => ({ selection: joined(EMPTY, context.shapes.all()) })),
    /** Shapes gone elsewhere leave the selection, and a drag of several under way. */
    drop: assign(({ context, event }) => {
      if (event.type !== "selection.drop") return {}
      const group = context.group
      const gone = new Set(event.ids)
      return {
        selection: without(context.selection, event.ids),
        group: group === null ? null : { ...group, ids: group.ids.filter((id) => !gone.has(id)) }
      }
    }),
    pressGroup: assign(({ context, event }) => {
      const ids = groupOf(event, context.selection)
      return { group: ids === null ? null : { ids, dx: 0, dy: 0 } }
    }),
    dragGroup: assign(({ context, event }) => {
      const origin = context.origin
      if (context.group === null || origin === null) return {}
      const [x, y] = atOf(event)
      return { group: { ...context.group, dx: x - origin[0], dy: y - origin[1] } }
    }),
    /** Emits the move if the shapes went anywhere. */
    commitGroup: enqueueActions(({ context, enqueue }) => {
      const group = context.group
      if (group !== null && group.ids.length > 0 && (group.dx !== 0 || group.dy !== 0)) enqueue.emit({ type: "edit.translate", ...group })
    }),
    clearGroup: assign({ group: null }),
    askDelete: assign(({ event }) => (event.type === "selection.delete" ? { deleting: { ids: event.ids, kept: event.kept } } : {})),
    deleteAtOnce: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== "selection.delete") return
      enqueue.emit({ type: "selection.deleted", ids: event.ids })
      enqueue.assign({ selection: without(context.selection, event.ids) })
    }),
    refuseDelete: emit(({ event }) => ({
      type: "selection.undeletable" as const,
      count: event.type === "selection.delete" ? event.kept : 0
    })),
    /** The user said yes: the shapes go (the ones left out stay selected, so the user sees which). */
    confirmDelete: enqueueActions(({ context, enqueue }) => {
      const deleting = context.deleting
      if (deleting === null) return
      enqueue.emit({ type: "selection.deleted", ids: deleting.ids })
      enqueue.assign({ selection: without(context.selection, deleting.ids), deleting: null })
    }),
    cancelDelete: assign({ deleting: null }),
    spanRectangle: assign(({ context, event }) => ({
      draft: rectangleOf(context.origin ?? atOf(event), atOf(event)),
      cursor: atOf(event)
    })),
    spanEllipse: assign(({ context, event }) => ({
      draft: ellipseOf(context.origin ?? atOf(event), atOf(event)),
      cursor: atOf(event)
    })),
    finishOutline: assign(({ context, event }) => ({ draft: outlineFinish(context.draft, scaleOf(event)) })),
    addVertex: assign(({ context, event }) => ({ draft: [...context.draft, ...atOf(event)], origin: null, cursor: atOf(event) })),
    dropVertex: assign(({ context }) => ({ draft: context.draft.slice(0, -2) })),
    trimRepeats: assign(({ context, event }) => ({ draft: withoutRepeats(context.draft, scaleOf(event)) })),
    startStroke: assign(({ context, event }) => ({ draft: pencilAppend(context.origin ?? [], [...atOf(event)], scaleOf(event)) })),
    extendStroke: assign(({ context, event }) => ({
      draft: pencilAppend(
        context.draft,
        event.type === "pointer.move" && event.trail ? [...event.trail, ...atOf(event)] : [...atOf(event)],
        scaleOf(event)
      )
    })),
    finishStroke: assign(({ context, event }) => ({ draft: pencilFinish(context.draft, scaleOf(event)) })),
    placePoint: assign(({ context }) => ({ draft: context.origin ? [...context.origin] : [] })),
    measure: assign(({ context, event }) => ({ draft: [...(context.origin ?? atOf(event)), ...atOf(event)] })),
    setComment: assign(({ event }) => (event.type === "comment.text" ? { comment: event.text } : {})),
    setLabel: assign(({ event }) => (event.type === "label.choose" ? { label: event.label } : {})),
    setCommentLabel: assign(({ event }) => (event.type === "commentLabel.choose" ? { commentLabel: event.label } : {})),
    setTool: assign(({ event }) => (event.type === "tool.choose" ? { tool: event.tool } : {})),
    /** The finished shape joins the queue, and the tool is free for the next one. */
    enqueue: assign(({ context }) => ({ queue: [...context.queue, saveInputOf(context)], ...cleared })),
    saved: emit((_, output: { annotation: Annotation; label: Label | null }) => ({ type: "annotation.saved" as const, ...output })),
    /** The first save is over. A label it made is the one new shapes, and those queued without one, carry. */
    dequeue: assign(({ context }, output: { label: Label | null } | undefined) => {
      const made = output?.label ?? null
      const rest = context.queue.slice(1)
      if (made === null) return { queue: rest }
      // The label a comment made is the comments' label; any other is the one shapes take.
      const forComments = context.queue[0]?.comment !== undefined
      const patched = rest.map((input) =>
        input.label === null && (input.comment !== undefined) === forComments ? { ...input, label: made } : input
      )
      return forComments ? { commentLabel: made, queue: patched } : { label: made, queue: patched }
    }),
    failed: emit((_, error: AppFailure) => ({ type: "annotation.failed" as const, error })),
    drafted: emit(({ context }) => ({ type: "annotation.drafted" as const, input: context.queue[0]! })),
    keepError: assign((_, error: AppFailure) => ({ error })),
    selectOne: assign(({ event }) => (event.type === "selection.set" ? { selection: only(event.id) } : {})),
    /** The press on the one selected shape, when editable: kept as an edit that has not changed anything yet. */
    pressEdit: assign(({ context, event }) => {
      const press = pressOf(event, context.selection)
      if (press === null) return { edit: null }
      const { coords, ...rest } = press
      const vertex = press.handle.kind === "vertex" ? press.handle.index : -1
      return { edit: { ...rest, original: coords, from: coords, coords, vertex } }
    }),
    /** An edge's midpoint dragged: a vertex is inserted there, and that one is dragged. */
    beginInsert: assign(({ context }) => {
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
    drag: assign(({ context, event }) =>
      context.edit === null ? {} : { edit: { ...context.edit, coords: dragged(context.edit, atOf(event), context.origin ?? atOf(event)) } }
    ),
    /** Emits the edit if it changed the shape. */
    commit: enqueueActions(({ context, enqueue }) => {
      const edit = context.edit
      if (edit !== null && !sameCoords(edit.coords, edit.original)) enqueue.emit(commitOf(edit, edit.coords))
    }),
    removeVertex: enqueueActions(({ context, event, enqueue }) => {
      const press = pressOf(event, context.selection)
      if (press === null || press.handle.kind !== "vertex") return
      const coords = removeVertex(press.kind, press.coords, press.handle.index)
      if (coords !== null) enqueue.emit(commitOf({ ...press, original: press.coords }, coords))
    }),
    clearEdit: assign({ edit: null })
  }
}).createMachine({
  id: "annotationTools",
  context: ({ input }) => ({
    labId: input.labId,
    label: input.label,
    defaultLabel: input.defaultLabel,
    commentLabel: input.commentLabel ?? null,
    commentLabelName: input.commentLabelName ?? "Comment",
    newId: input.newId ?? (() => crypto.randomUUID()),
    draft: [],
    origin: null,
    cursor: null,
    hit: null,
    selection: EMPTY,
    shapes: input.shapes ?? nothing,
    box: null,
    group: null,
    deleting: null,
    comment: "",
    tool: "select",
    error: null,
    queue: [],
    edit: null
  }),
  // Drawing and saving side by side: the tools never wait for the server.
  type: "parallel",
  on: { "label.choose": { actions: "setLabel" }, "commentLabel.choose": { actions: "setCommentLabel" } },
  states: {
    tools: {
      initial: "select",
      on: {
        "tool.choose": [
          { guard: { type: "chose", params: "select" }, target: ".select", actions: ["clear", "setTool"] },
          { guard: { type: "chose", params: "rectangle" }, target: ".rectangle", actions: ["clear", "deselect", "setTool"] },
          { guard: { type: "chose", params: "polygon" }, target: ".polygon", actions: ["clear", "deselect", "setTool"] },
          { guard: { type: "chose", params: "pencil" }, target: ".pencil", actions: ["clear", "deselect", "setTool"] },
          { guard: { type: "chose", params: "ellipse" }, target: ".ellipse", actions: ["clear", "deselect", "setTool"] },
          { guard: { type: "chose", params: "lasso" }, target: ".lasso", actions: ["clear", "deselect", "setTool"] },
          { guard: { type: "chose", params: "point" }, target: ".point", actions: ["clear", "deselect", "setTool"] },
          { guard: { type: "chose", params: "comment" }, target: ".comment", actions: ["clear", "deselect", "setTool"] },
          { guard: { type: "chose", params: "ruler" }, target: ".ruler", actions: ["clear", "deselect", "setTool"] }
        ],
        "selection.clear": { actions: ["deselect", "clearEdit"] },
        "selection.drop": { actions: "drop" }
      },
      states: {
        select: {
          initial: "idle",
          states: {
            idle: {
              on: {
                "pointer.down": [
                  { guard: "removesVertex", actions: "removeVertex" },
                  { guard: "shift", target: "extending", actions: "press" },
                  { target: "pointing", actions: ["press", "pressEdit", "pressGroup"] }
                ],
                "key.escape": { actions: "deselect" },
                "selection.set": { actions: "selectOne" },
                "selection.all": { actions: "selectAll" },
                "selection.delete": [
                  { guard: "nothingToDelete", actions: "refuseDelete" },
                  { guard: "deletesAtOnce", actions: "deleteAtOnce" },
                  { target: "confirming", actions: "askDelete" }
                ]
              }
            },
            pointing: {
              on: {
                "pointer.move": [
                  { guard: and(["dragged", { type: "onHandle", params: "vertex" as const }]), target: "reshaping", actions: "drag" },
                  {
                    guard: and(["dragged", { type: "onHandle", params: "midpoint" as const }]),
                    target: "reshaping",
                    actions: ["beginInsert", "drag"]
                  },
                  { guard: and(["dragged", { type: "onHandle", params: "body" as const }]), target: "moving", actions: "drag" },
                  { guard: and(["dragged", "onGroup"]), target: "movingSelection", actions: "dragGroup" },
                  { guard: "dragged", target: "dragging", actions: "clearEdit" }
                ],
                "pointer.up": [
                  { guard: "insertsVertex", target: "idle", actions: ["select", "beginInsert", "commit", "clearEdit"] },
                  { target: "idle", actions: ["select", "clearEdit", "clearGroup"] }
                ],
                "key.escape": { target: "idle", actions: ["clear", "clearEdit"] }
              }
            },
            /** A Shift+press: a click adds the shape under it to the selection (or takes it out), a drag draws a box. */
            extending: {
              on: {
                "pointer.move": { guard: "dragged", target: "boxing", actions: "spanBox" },
                "pointer.up": { target: "idle", actions: "toggle" },
                "key.escape": { target: "idle", actions: "clear" }
              }
            },
            /** The selection box follows the pointer; on release what lies wholly inside it is selected too. */
            boxing: {
              on: {
                "pointer.move": { actions: "spanBox" },
                "pointer.up": { target: "idle", actions: ["spanBox", "takeBox", "clear"] },
                "key.escape": { target: "idle", actions: "clear" }
              }
            },
            /** Several selected shapes follow the pointer together. */
            movingSelection: {
              on: {
                "pointer.move": { actions: "dragGroup" },
                "pointer.up": { target: "idle", actions: ["dragGroup", "commitGroup", "clear"] },
                "key.escape": { target: "idle", actions: "clear" },
                "selection.clear": { target: "idle", actions: ["deselect", "clear"] }
              }
            },
            /** Deleting several (or some left out): the view asks, and waits for the user's answer. */
            confirming: {
              on: {
                "delete.confirm": { target: "idle", actions: "confirmDelete" },
                "delete.cancel": { target: "idle", actions: "cancelDelete" },
                "key.escape": { target: "idle", actions: "cancelDelete" }
              }
            },
            /** The viewer pans; the selection stays. */
            dragging: { on: { "pointer.up": { target: "idle", actions: "clear" }, "key.escape": { target: "idle", actions: "clear" } } },
            /** A vertex follows the pointer (a rectangle's corner keeps it a rectangle). */
            reshaping: {
              on: {
                "pointer.move": { actions: "drag" },
                "pointer.up": { target: "idle", actions: ["drag", "commit", "clearEdit"] },
                "key.escape": { target: "idle", actions: "clearEdit" },
                "selection.clear": { target: "idle", actions: ["deselect", "clearEdit"] },
                "selection.drop": { guard: "dropsEdited", target: "idle", actions: ["drop", "clearEdit"] }
              }
            },
            /** The whole shape follows the pointer. */
            moving: {
              on: {
                "pointer.move": { actions: "drag" },
                "pointer.up": { target: "idle", actions: ["drag", "commit", "clearEdit"] },
                "key.escape": { target: "idle", actions: "clearEdit" },
                "selection.clear": { target: "idle", actions: ["deselect", "clearEdit"] },
                "selection.drop": { guard: "dropsEdited", target: "idle", actions: ["drop", "clearEdit"] }
              }
            }
          }
        },
        rectangle: spanning("spanRectangle"),
        ellipse: spanning("spanEllipse"),
        polygon: {
          initial: "idle",
          states: {
            idle: { on: { "pointer.down": { target: "pointing", actions: "press" } } },
            /** The first press: a click places the first vertex, a drag places nothing. */
            pointing: {
              on: {
                "pointer.move": { guard: "dragged", target: "idle", actions: "clear" },
                "pointer.up": { target: "drawing", actions: "addVertex" },
                "key.escape": { target: "idle", actions: "clear" }
              }
            },
            drawing: {
              initial: "waiting",
              on: {
                "key.escape": { target: "idle", actions: "clear" },
                "key.backspace": [{ guard: "oneVertex", target: "idle", actions: "clear" }, { actions: "dropVertex" }],
                "key.enter": { guard: "enoughVertices", target: "idle", actions: "enqueue" },
                "pointer.double": { guard: "closable", target: "idle", actions: ["trimRepeats", "enqueue"] }
              },
              states: {
                waiting: { on: { "pointer.move": { actions: "track" }, "pointer.down": { target: "pointing", actions: "press" } } },
                pointing: {
                  on: {
                    "pointer.move": { guard: "dragged", target: "waiting", actions: "track" },
                    "pointer.up": [
                      { guard: "closes", target: "#annotationTools.tools.polygon.idle", actions: "enqueue" },
                      { target: "waiting", actions: "addVertex" }
                    ]
                  }
                }
              }
            }
          }
        },
        // A drag of DRAG_PX already made two vertices: every stroke that got here is one.
        pencil: stroking({ target: "idle", actions: ["extendStroke", "finishStroke", "enqueue"] } as const),
        // Closed, it needs three vertices to have an inside; a scribble too small has not.
        lasso: stroking([
          { guard: "outlines", target: "idle", actions: ["extendStroke", "finishOutline", "enqueue"] },
          { target: "idle", actions: "clear" }
        ] as const),
        point: {
          initial: "idle",
          states: {
            idle: { on: { "pointer.down": { target: "pointing", actions: "press" } } },
            pointing: {
              on: {
                "pointer.move": { guard: "dragged", target: "idle", actions: "clear" },
                "pointer.up": { target: "idle", actions: ["placePoint", "enqueue"] },
                "key.escape": { target: "idle", actions: "clear" }
              }
            }
          }
        },
        comment: {
          initial: "idle",
          states: {
            idle: { on: { "pointer.down": { target: "pointing", actions: "press" } } },
            pointing: {
              on: {
                "pointer.move": { guard: "dragged", target: "idle", actions: "clear" },
                "pointer.up": { target: "composing", actions: "placePoint" },
                "key.escape": { target: "idle", actions: "clear" }
              }
            },
            composing: {
              on: {
                "comment.text": { actions: "setComment" },
                "key.enter": { guard: "hasComment", target: "idle", actions: "enqueue" },
                "key.escape": { target: "idle", actions: "clear" }
              }
            }
          }
        },
        ruler: {
          initial: "idle",
          states: {
            idle: { on: { "pointer.down": { target: "pointing", actions: "press" } } },
            pointing: {
              on: {
                "pointer.move": { guard: "dragged", target: "measuring", actions: "measure" },
                "pointer.up": { target: "idle", actions: "clear" },
                "key.escape": { target: "idle", actions: "clear" }
              }
            },
            measuring: {
              on: {
                "pointer.move": { actions: "measure" },
                "pointer.up": { target: "measured", actions: "measure" },
                "key.escape": { target: "idle", actions: "clear" }
              }
            },
            /** The line and its length stay until the next press or Escape. */
            measured: {
              on: {
                "pointer.down": { target: "pointing", actions: ["clear", "press"] },
                "key.escape": { target: "idle", actions: "clear" }
              }
            }
          }
        }
      }
    },
    /** The queue, sent one shape at a time; each queued shape shows as pending until the server has it. */
    saver: {
      initial: "idle",
      states: {
        idle: { always: { guard: "queued", target: "saving" } },
        saving: {
          tags: ["busy"],
          invoke: {
            id: "save",
            src: "save",
            input: ({ context }): SaveInput => context.queue[0]!,
            onDone: {
              target: "idle",
              actions: [
                { type: "saved", params: ({ event }) => event.output },
                { type: "dequeue", params: ({ event }) => event.output }
              ]
            },
            onError: [
              {
                guard: { type: "offline", params: failureFrom(actors.save) },
                target: "idle",
                actions: ["drafted", { type: "dequeue", params: undefined }]
              },
              {
                target: "idle",
                actions: [
                  { type: "failed", params: failureFrom(actors.save) },
                  { type: "keepError", params: failureFrom(actors.save) },
                  { type: "dequeue", params: undefined }
                ]
              }
            ]
          }
        }
      }
    }
  }
})

/** Which shape the draft is, from the tool it was drawn with. */
export const kindOfDraft = (context: Pick<ToolsContext, "tool">): ShapeKind =>
  context.tool === "rectangle"
    ? "rectangle"
    : context.tool === "pencil"
      ? "polyline"
      : context.tool === "polygon" || context.tool === "ellipse" || context.tool === "lasso"
        ? "polygon"
        : "points"

/** What a finished shape is saved as: the draft, under a new client-chosen id. */
const saveInputOf = (context: ToolsContext): SaveInput => ({
  labId: context.labId,
  id: context.newId(),
  kind: kindOfDraft(context),
  coords: context.draft,
  ...(context.tool === "comment"
    ? { label: context.commentLabel, defaultLabel: context.commentLabelName }
    : { label: context.label, defaultLabel: context.defaultLabel }),
  ...(context.comment.trim() ? { comment: context.comment.trim() } : {})
})

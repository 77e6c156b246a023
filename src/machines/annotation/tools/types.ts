// The tools machine's types: its events, context, input and what it emits, shared by the parent
// machine (tools.machine.ts) and the file of each tool, so a tool's file needs nothing else to type.
import type { Annotation, Label } from "../../../contract/annotations.ts"
import type { Handle } from "../../../annotation/edit.ts"
import type { BBox } from "../../../annotation/geometry.ts"
import type { Selection } from "../../../annotation/selection.ts"
import type { ShapeKind } from "../../../annotation/store/shape.ts"
import type { WandReading, WandSource } from "../../../annotation/wand/source.ts"
import type { XY } from "../gesture.ts"
import type { SaveInput } from "../../../effects/annotations/loadSave.ts"
import type { AppFailure } from "../../../effects/AppFailure.ts"

export type Tool = "select" | "rectangle" | "ellipse" | "polygon" | "pencil" | "lasso" | "brush" | "wand" | "point" | "comment" | "ruler"
export const TOOLS: ReadonlyArray<Tool> = [
  "select",
  "rectangle",
  "ellipse",
  "polygon",
  "pencil",
  "lasso",
  "brush",
  "wand",
  "point",
  "comment",
  "ruler"
]

/** The closed shape a brush stroke paints on: the one selected, when the user may change it (the view says so with the press). */
export interface BrushTarget {
  readonly id: string
  readonly kind: ShapeKind
  readonly coords: ReadonlyArray<number>
  readonly version: number
}

/** A brush stroke under way: what it paints on (null: a new shape), whether it cuts, its radius and scale at the press. */
export interface BrushStroke {
  readonly target: BrushTarget | null
  readonly subtract: boolean
  /** Image px. */
  readonly r: number
  /** Screen px per image px. */
  readonly scale: number
}

/** A pointer event at the edge: image pixels, the scale (screen px per image px) at that moment. */
export interface At {
  readonly x: number
  readonly y: number
  readonly scale: number
  /** The pointer's x on the page (CSS px): the wand's drag reads the tolerance from it, whatever the rotation. */
  readonly screenX?: number
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
      /** The brush: the selected closed shape it paints on, when the user may change it. */
      readonly brush?: BrushTarget | null
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
  /** The brush's diameter in screen px (the size control, [ and ]). */
  | { readonly type: "brush.size"; readonly px: number }
  /** The brush cuts (holes) rather than adds: the toggle for touch; Alt held does the same for one stroke. */
  | { readonly type: "brush.subtract"; readonly on: boolean }
  /** The wand's tolerance set on its slider. */
  | { readonly type: "wand.tolerance"; readonly tolerance: number }

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
  /** Where the wand reads the pixels shown (none by default: the wand grows nothing). */
  readonly wand?: WandSource
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
  /** The brush's diameter (screen px) and whether its toggle makes it cut. */
  readonly brush: { readonly px: number; readonly subtract: boolean }
  /** The brush stroke under way (its area so far is the draft). */
  readonly stroke: BrushStroke | null
  readonly wand: WandSource
  /** The wand's tolerance (Euclidean distance in RGB): the slider's, or as the last drag left it. */
  readonly tolerance: number
  /** The wand's press under way: the pixels read at it, and the tolerance and page x it started from. */
  readonly wandPress: WandPress | null
}

export interface WandPress {
  readonly reading: WandReading | null
  readonly tolerance: number
  readonly screenX: number | null
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
  /** A brush stroke changed the shape it painted on (its kind too: a hole makes a polygon an area): one undo step. */
  | {
      readonly type: "edit.brush"
      readonly id: string
      readonly version: number
      readonly fromKind: ShapeKind
      readonly from: ReadonlyArray<number>
      readonly kind: ShapeKind
      readonly coords: ReadonlyArray<number>
    }

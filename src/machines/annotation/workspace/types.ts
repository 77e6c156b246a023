// The workspace machine's input, context and events (workspace.machine.ts tells what it does).
import type { ReadMode } from "../../../effects/annotations/read-mode.ts"
import type { Heard } from "../../../effects/realtime/heard.ts"
import type { ActorRefFrom, AnyActorRef } from "xstate"
import type { Editor } from "../../../annotation/edit-rules.ts"
import type { AnnotationProps } from "../../../annotation/props.ts"
import type { Shape } from "../../../annotation/store/shape.ts"
import type { AnnotationStore } from "../../../annotation/store/store.ts"
import type { WandSource } from "../../../annotation/wand/source.ts"
import type { Annotation, Label } from "../../../contract/annotations.ts"
import type { CompactAnnotations } from "../../../annotation/compact.ts"
import type { SlideViewer } from "../../../effects/annotations/presence.ts"
import type { SlideAnnotations } from "../../../effects/annotations/loadSave.ts"
import type { annotationsMachine } from "../annotations.machine.ts"
import type { DraftsEmitted, draftsMachine } from "../drafts.machine.ts"
import type { EditsEmitted, editsMachine, GroupChange } from "../edits.machine.ts"
import type { LabelsEmitted, labelsMachine } from "../labels.machine.ts"
import type { toolsMachine } from "../tools.machine.ts"
import type { ToolsEmitted } from "../tools/types.ts"

export type LabelRef = Pick<Label, "id" | "name" | "color">

export interface WorkspaceInput {
  readonly labId: string
  /** The view's store of the slide's shapes: the machine is the only one that writes it. */
  readonly store: AnnotationStore
  readonly editor: Editor
  /** The name of the label created for a slide that has none, in the user's language. */
  readonly defaultLabel: string
  /** The name of the label comments take (made with the first comment), in the user's language. */
  readonly commentLabel: string
  /** The app's realtime connection (realtime.machine.ts): the live feed and presence listen on it. */
  readonly realtime: AnyActorRef | null
  /** Where the wand reads the pixels shown. */
  readonly wand?: WandSource
  /** Whether the browser is online at the start. */
  readonly online?: boolean
}

/** An arrow-key burst on one shape: where it started and how far it went (saved when it stops). */
export interface Nudging {
  readonly from: Shape
  readonly dx: number
  readonly dy: number
}

export interface WorkspaceContext {
  readonly labId: string
  readonly store: AnnotationStore
  readonly editor: Editor
  readonly commentLabel: string
  readonly realtime: AnyActorRef | null
  readonly tools: ActorRefFrom<typeof toolsMachine>
  readonly edits: ActorRefFrom<typeof editsMachine>
  readonly drafts: ActorRefFrom<typeof draftsMachine>
  readonly labels: ActorRefFrom<typeof labelsMachine>
  readonly loader: ActorRefFrom<typeof annotationsMachine>
  /** Others with the slide open (not this user), from the presence channel. */
  readonly viewers: ReadonlyArray<SlideViewer>
  readonly online: boolean
  /** Whether the realtime connection is live. */
  readonly live: boolean
  readonly nudging: Nudging | null
  /** A new shape is on its way to the server (the tools' save under way). */
  readonly saving: boolean
  /** Undo asked while a new shape was on its way: done once the tools have saved the last of them. */
  readonly undoAfterSave: boolean
  /** The last new shape's save failed (the status line says so until the next one is saved). */
  readonly saveFailed: boolean
  /**
   * The compact re-read: how the read under way reads (read-mode.ts), and the read asked meanwhile,
   * every ask combined (read once more when this one ends), or null.
   */
  readonly reread: { readonly mode: ReadMode; readonly next: ReadMode | null }
}

/** What a child emits, as the relay hands it to the workspace (the same type names). */
type Relayed =
  | ToolsEmitted
  | EditsEmitted
  | Extract<DraftsEmitted, { type: "drafts.synced" }>
  | Exclude<LabelsEmitted, { type: "label.created" | "label.failed" }>

export type WorkspaceEvent =
  // The view: who the user is now, and what they did.
  | { readonly type: "who.change"; readonly editor: Editor }
  | { readonly type: "shape.update"; readonly from: Shape; readonly to: Shape }
  | { readonly type: "shape.remove"; readonly shape: Shape }
  | { readonly type: "shape.relabel"; readonly shape: Shape; readonly label: LabelRef }
  | { readonly type: "shape.props"; readonly shape: Shape; readonly patch: AnnotationProps }
  /** Several shapes changed together (`to` null: deleted): one undo step. */
  | { readonly type: "shapes.group"; readonly changes: ReadonlyArray<GroupChange> }
  | { readonly type: "shapes.remove"; readonly shapes: ReadonlyArray<Shape> }
  | { readonly type: "shapes.relabel"; readonly shapes: ReadonlyArray<Shape>; readonly label: LabelRef }
  /** An arrow key moved the shape by (dx, dy) image pixels; saved once the keys stop. */
  | { readonly type: "shape.nudge"; readonly shape: Shape; readonly dx: number; readonly dy: number }
  /** Delete the selection: what the user may delete goes, what they may not stays (edit-rules.ts). */
  | { readonly type: "selection.delete" }
  /** Hide or show the shape on this screen only (a view setting, kept in this browser). */
  | { readonly type: "shape.toggleShown"; readonly shape: Shape }
  | { readonly type: "history.undo" }
  | { readonly type: "history.redo" }
  | { readonly type: "draft.remove"; readonly id: string }
  /** The import flow stored these (import.machine.ts): shown, and the labels it made or recoloured. */
  | {
      readonly type: "import.done"
      readonly annotations: ReadonlyArray<Annotation>
      readonly created: ReadonlyArray<Label>
      readonly recoloured: ReadonlyArray<Label>
    }
  // The invoked actors.
  | { readonly type: "connection.online"; readonly online: boolean }
  | { readonly type: "connection.live"; readonly live: boolean }
  | { readonly type: "live.message"; readonly heard: Heard }
  | { readonly type: "presence.message"; readonly heard: Heard }
  | { readonly type: "reread.needed"; readonly mode: ReadMode }
  // The children, as the relay hands them over.
  | { readonly type: "loader.loaded"; readonly loaded: SlideAnnotations }
  | { readonly type: "labels.changed"; readonly labels: ReadonlyArray<Label>; readonly activeId: string | null }
  | { readonly type: "drafts.changed" }
  /** The tools started saving a new shape, or have no save under way any more. */
  | { readonly type: "tools.saving" }
  | { readonly type: "tools.settled" }
  | Relayed

/** What the machine tells the view (said in a toast there). */
export type WorkspaceEmitted =
  /** Locked shapes stayed as they were. */
  { readonly type: "notice.locked"; readonly count: number }

export type { CompactAnnotations, GroupChange }

// The workspace's guards: each a rule of edit-rules.ts (who may change which shape, what a deletion
// keeps) or a fact of the context, named so the chart says which rule a transition follows.
import { mayEditShape, selectionDeletion } from "../../../annotation/edit-rules.ts"
import { isLocked } from "../../../annotation/props.ts"
import type { WorkspaceContext, WorkspaceEvent } from "./types.ts"

interface Args {
  readonly context: WorkspaceContext
  readonly event: WorkspaceEvent
}

/** What a Delete of the selection would take and keep now (edit-rules.ts `selectionDeletion`). */
export const deletionOf = (context: WorkspaceContext) =>
  selectionDeletion(
    context.tools.getSnapshot().context.selection,
    (id) => context.store.get(id),
    (shape) => mayEditShape(context.editor, shape)
  )

export const workspaceGuards = {
  /** The user may annotate this slide (a member): the live feed and presence are theirs to join. */
  mayAnnotate: ({ context }: Args) => context.editor.canEdit,
  /** A visitor (or a member who lost the role): the feeds are left. */
  mayNotAnnotate: ({ context }: Args) => !context.editor.canEdit,
  /** The shape of the event is locked: not moved, reshaped or deleted until unlocked. */
  shapeLocked: ({ event }: Args) => "shape" in event && isLocked(event.shape),
  /** Some of the selection is locked (though the user may change it): they stay, and the user is told. */
  selectionHasLocked: ({ context }: Args) => deletionOf(context).locked > 0,
  /** Something of the selection goes, or some stays that the user may not change (the tools say so). */
  selectionHasDeletion: ({ context }: Args) => {
    const { ids, kept } = deletionOf(context)
    return ids.length > 0 || kept > 0
  },
  /** A new shape is on its way to the server: an undo waits for it (it is the latest change). */
  savingShape: ({ context }: Args) => context.saving,
  /** An undo waits for the shapes on their way. */
  undoWaiting: ({ context }: Args) => context.undoAfterSave,
  /** Arrow keys nudge another shape than the burst under way (which is saved first). */
  nudgingOther: ({ context, event }: Args) =>
    event.type === "shape.nudge" && context.nudging !== null && context.nudging.from.id !== event.shape.id,
  /** The nudge burst was saved (an undo settles it at once). */
  nudgeSettled: ({ context }: Args) => context.nudging === null,
  /** A re-read was asked while one was under way. */
  rereadAgain: ({ context }: Args) => context.reread.next !== null
}

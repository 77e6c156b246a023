// The user's own changes of the slide's shapes, as the panels and keys ask for them: each a workspace
// event (machines/annotation/workspace: the edits actor saves them, one undo step each, and the
// store follows). Who may change which shape is the rule of src/annotation/edit-rules.ts, asked here
// only to hide what would be refused. Ctrl+Z (Cmd+Z) undoes, Ctrl+Shift+Z and Ctrl+Y redo, outside
// text fields (where they are the field's own); what did not go through is said in a toast
// (useEditReports.ts).
import { useSelector } from "@xstate/react"
import { useCallback, useEffect, useMemo } from "react"
import type { ActorRefFrom } from "xstate"
import { mayEditShape, mayReshapeShape } from "../../../../annotation/edit-rules.ts"
import type { AnnotationProps } from "../../../../annotation/props.ts"
import type { Shape } from "../../../../annotation/store/shape.ts"
import type { Label } from "../../../../contract/annotations.ts"
import { useT } from "../../../../i18n/index.ts"
import { canRedo, canUndo, type GroupChange } from "../../../../machines/annotation/edits.machine.ts"
import type { workspaceMachine } from "../../../../machines/annotation/workspace/workspace.machine.ts"
import { isTyping } from "../../shortcuts.ts"
import { useToast } from "../../../ui/index.ts"
import { useEditReports } from "./useEditReports.ts"

export interface EditsView {
  /** Whether this user may change the shape (the server decides; this only hides what it would refuse). */
  readonly mayEdit: (shape: Shape) => boolean
  /** Whether this user may also move, reshape or delete it: mayEdit, and it is not locked. */
  readonly mayReshape: (shape: Shape) => boolean
  /** Its name, description or lock changed (one step; a draft, not on the server yet, has none). */
  readonly setProps: (shape: Shape, patch: AnnotationProps) => void
  /** Says that `count` locked shapes stay as they are (a Delete of them, a drag). */
  readonly refuseLocked: (count: number) => void
  readonly remove: (shape: Shape) => void
  readonly relabel: (shape: Shape, label: Pick<Label, "id" | "name" | "color">) => void
  /** Several shapes changed together (`to` null: deleted): one undo step. */
  readonly group: (changes: ReadonlyArray<GroupChange>) => void
  /** Gives these the label (one undo step); those with it already are left as they are. */
  readonly relabelMany: (shapes: ReadonlyArray<Shape>, label: Pick<Label, "id" | "name" | "color">) => void
  /** Moves the shape by (dx, dy) image pixels now, and saves the nudges once they stop. */
  readonly nudge: (shape: Shape, dx: number, dy: number) => void
  readonly canUndo: boolean
  readonly canRedo: boolean
  readonly undo: () => void
  readonly redo: () => void
}

export const useEdits = (workspace: ActorRefFrom<typeof workspaceMachine>): EditsView => {
  const t = useT()
  const { toast } = useToast()
  const { edits, tools } = workspace.getSnapshot().context
  const editor = useSelector(workspace, (s) => s.context.editor)
  const undoable = useSelector(edits, (snapshot) => canUndo(snapshot.context))
  const redoable = useSelector(edits, (snapshot) => canRedo(snapshot.context))
  const saving = useSelector(tools, (snapshot) => snapshot.hasTag("busy"))

  const mayEdit = useCallback((shape: Shape) => mayEditShape(editor, shape), [editor])
  const mayReshape = useCallback((shape: Shape) => mayReshapeShape(editor, shape), [editor])
  const refuseLocked = useCallback(
    (count: number) => toast({ kind: "info", title: t("viewer.props.lockedTitle", { count }), message: t("viewer.props.lockedBody") }),
    [toast, t]
  )
  useEffect(() => {
    const subscription = workspace.on("notice.locked", ({ count }) => refuseLocked(count))
    return () => subscription.unsubscribe()
  }, [workspace, refuseLocked])
  // What the edits actor reports, and the selection's deletion refused: the user is told.
  useEditReports(edits, tools, refuseLocked)

  const undo = useCallback(() => workspace.send({ type: "history.undo" }), [workspace])
  const redo = useCallback(() => workspace.send({ type: "history.redo" }), [workspace])

  // Ctrl+Z, Ctrl+Shift+Z and Ctrl+Y (Cmd on a Mac), except in a text field, where they are its own.
  useEffect(() => {
    if (!editor.canEdit) return
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || isTyping(event.target)) return
      const key = event.key.toLowerCase()
      if (key === "z" && !event.shiftKey) undo()
      else if ((key === "z" && event.shiftKey) || (key === "y" && !event.shiftKey)) redo()
      else return
      event.preventDefault()
    }
    window.addEventListener("keydown", onKey)
    return () => window.removeEventListener("keydown", onKey)
  }, [editor.canEdit, undo, redo])

  return useMemo(
    () => ({
      mayEdit,
      mayReshape,
      refuseLocked,
      setProps: (shape, patch) => workspace.send({ type: "shape.props", shape, patch }),
      remove: (shape) => workspace.send({ type: "shape.remove", shape }),
      relabel: (shape, label) => workspace.send({ type: "shape.relabel", shape, label }),
      group: (changes) => workspace.send({ type: "shapes.group", changes }),
      relabelMany: (shapes, label) => workspace.send({ type: "shapes.relabel", shapes, label }),
      nudge: (shape, dx, dy) => workspace.send({ type: "shape.nudge", shape, dx, dy }),
      // A shape on its way to the server counts: undo waits for it, then undoes it.
      canUndo: undoable || saving,
      canRedo: redoable,
      undo,
      redo
    }),
    [workspace, mayEdit, mayReshape, refuseLocked, undoable, saving, redoable, undo, redo]
  )
}

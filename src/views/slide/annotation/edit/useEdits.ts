// The user's own changes of the slide's shapes: the edits machine (saved one at a time, each naming
// the version it started from, remembered for undo and redo) applied to the store, and what did not
// go through said in a toast. Ctrl+Z (Cmd+Z) undoes, Ctrl+Shift+Z and Ctrl+Y redo, outside text
// fields (where they are the field's own); a deletion's notice offers Undo of that deletion.
// A gesture's commit from the tools machine becomes an edit here; arrow keys nudge the selected
// shape (held keys are gathered into one edit); an unsaved draft is edited where it is kept. Who may
// change which shape is the server's rule, mirrored only to hide what would be refused.
// Several shapes changed together (the selection deleted, relabelled or dragged) are one `edit.group`:
// one undo step, shown in one store batch; what the server refuses of it is said with how many.
import { useSelector } from "@xstate/react"
import { useActorRef } from "../../../useActorRef.ts"
import { useCallback, useEffect, useMemo, useRef } from "react"
import type { ActorRefFrom } from "xstate"
import { translate } from "../../../../annotation/edit.ts"
import { type AnnotationProps, hasProps, isLocked, sameProps, withPatch } from "../../../../annotation/props.ts"
import { type Shape, shapeOf, withCoords } from "../../../../annotation/store/shape.ts"
import type { AnnotationStore } from "../../../../annotation/store/store.ts"
import type { Label } from "../../../../contract/annotations.ts"
import type { Role } from "../../../../contract/labs.ts"
import { mayAnnotate } from "../../../../contract/permissions.ts"
import { useT } from "../../../../i18n/index.ts"
import { canRedo, canUndo, editsMachine, type GroupChange } from "../../../../machines/annotation/edits.machine.ts"
import type { toolsMachine } from "../../../../machines/annotation/tools.machine.ts"
import { isTyping } from "../../shortcuts.ts"
import { useToast } from "../../../ui/index.ts"
import type { CollabView } from "../collab/useCollab.ts"
import { isDraft } from "../collab/draftShape.ts"
import { useEditReports } from "./useEditReports.ts"

/** Arrow-key nudges of one shape closer together than this are one edit. */
export const NUDGE_SETTLE_MS = 450

export interface EditsView {
  readonly machine: ActorRefFrom<typeof editsMachine>
  /** Whether this user may change the shape (the server decides; this only hides what it would refuse). */
  readonly mayEdit: (shape: Shape) => boolean
  /** Whether this user may also move, reshape or delete it: mayEdit, and it is not locked. */
  readonly mayReshape: (shape: Shape) => boolean
  /** Its name, description or lock changed (one step; a draft, not on the server yet, has none). */
  readonly setProps: (shape: Shape, patch: AnnotationProps) => void
  /** Says that `count` locked shapes stay as they are (a Delete of them, a drag). */
  readonly refuseLocked: (count: number) => void
  readonly update: (from: Shape, to: Shape) => void
  readonly remove: (shape: Shape) => void
  readonly relabel: (shape: Shape, label: Pick<Label, "id" | "name" | "color">) => void
  /** Several shapes changed together (`to` null: deleted): one undo step. */
  readonly group: (changes: ReadonlyArray<GroupChange>) => void
  /** Deletes these together (one undo step); they leave the selection. */
  readonly removeMany: (shapes: ReadonlyArray<Shape>) => void
  /** Gives these the label (one undo step); those with it already are left as they are. */
  readonly relabelMany: (shapes: ReadonlyArray<Shape>, label: Pick<Label, "id" | "name" | "color">) => void
  /** Moves the shape by (dx, dy) image pixels now, and saves the nudges once they stop. */
  readonly nudge: (shape: Shape, dx: number, dy: number) => void
  readonly canUndo: boolean
  readonly canRedo: boolean
  readonly undo: () => void
  readonly redo: () => void
}

export const useEdits = (options: {
  readonly labId: string
  readonly store: AnnotationStore
  readonly tools: ActorRefFrom<typeof toolsMachine>
  readonly collab: CollabView
  readonly canEdit: boolean
  readonly role: Role | null
  readonly me: string | null
}): EditsView => {
  const { labId, store, tools, collab, canEdit, role, me } = options
  const t = useT()
  const { toast } = useToast()
  const machine = useActorRef(editsMachine, { input: { labId } })
  const undoable = useSelector(machine, (snapshot) => canUndo(snapshot.context))
  const redoable = useSelector(machine, (snapshot) => canRedo(snapshot.context))
  const saving = useSelector(tools, (snapshot) => snapshot.hasTag("busy"))
  /** Ctrl+Z pressed while a new shape was being saved. */
  const undoAfterSave = useRef(false)
  const draftRef = useRef(collab.draft)
  draftRef.current = collab.draft

  const mayEdit = useCallback(
    (shape: Shape) => canEdit && (isDraft(shape) || mayAnnotate(role, "annotation.edit", shape.author?.id === me)),
    [canEdit, role, me]
  )
  const mayReshape = useCallback((shape: Shape) => mayEdit(shape) && !isLocked(shape), [mayEdit])
  const refuseLocked = useCallback(
    (count: number) => toast({ kind: "info", title: t("viewer.props.lockedTitle", { count }), message: t("viewer.props.lockedBody") }),
    [toast, t]
  )

  const update = useCallback(
    (from: Shape, to: Shape) => {
      if (isDraft(from)) {
        store.apply("local", { upsert: [to] })
        if (to.labelId !== from.labelId) draftRef.current.relabel(to.id, { id: to.labelId, name: to.labelName, color: to.color })
        else draftRef.current.update(to.id, [...to.coords])
        return
      }
      machine.send({ type: "edit.update", from, to })
    },
    [machine, store]
  )

  const remove = useCallback(
    (shape: Shape) => {
      // A locked one is not deleted, and the user is told why (the server would answer 409).
      if (isLocked(shape)) return refuseLocked(1)
      if (isDraft(shape)) draftRef.current.remove(shape.id)
      else machine.send({ type: "edit.delete", shape })
      tools.send({ type: "selection.drop", ids: [shape.id] })
    },
    [machine, tools, refuseLocked]
  )

  // Unsaved drafts are changed where they are kept (no step, as for one draft); the saved shapes go
  // to the edits machine as one step, whose `edits.show` puts them in the store in one batch.
  const group = useCallback(
    (changes: ReadonlyArray<GroupChange>) => {
      const saved: Array<GroupChange> = []
      const drafts: Array<Shape> = []
      for (const change of changes) {
        if (change.from === null || !isDraft(change.from)) saved.push(change)
        else if (change.to === null) draftRef.current.remove(change.from.id)
        else {
          drafts.push(change.to)
          if (change.to.labelId !== change.from.labelId)
            draftRef.current.relabel(change.to.id, { id: change.to.labelId, name: change.to.labelName, color: change.to.color })
          else draftRef.current.update(change.to.id, [...change.to.coords])
        }
      }
      if (drafts.length > 0) store.apply("local", { upsert: drafts })
      if (saved.length > 0) machine.send({ type: "edit.group", changes: saved })
    },
    [machine, store]
  )

  const removeMany = useCallback(
    (shapes: ReadonlyArray<Shape>) => {
      if (shapes.length === 0) return
      group(shapes.map((from) => ({ from, to: null })))
      tools.send({ type: "selection.drop", ids: shapes.map((shape) => shape.id) })
    },
    [group, tools]
  )

  const relabelMany = useCallback(
    (shapes: ReadonlyArray<Shape>, label: Pick<Label, "id" | "name" | "color">) =>
      group(
        shapes
          .filter((shape) => shape.labelId !== label.id)
          .map((from) => ({ from, to: { ...from, labelId: label.id, labelName: label.name, color: label.color } }))
      ),
    [group]
  )

  const setProps = useCallback(
    (shape: Shape, patch: AnnotationProps) => {
      const props = withPatch(shape.props, patch)
      if (isDraft(shape) || sameProps(shape.props, props)) return
      const { props: _, ...rest } = shape
      update(shape, hasProps(props) ? { ...rest, props } : rest)
    },
    [update]
  )

  const relabel = useCallback(
    (shape: Shape, label: Pick<Label, "id" | "name" | "color">) => {
      if (label.id === shape.labelId) return
      update(shape, { ...shape, labelId: label.id, labelName: label.name, color: label.color })
    },
    [update]
  )

  // Nudges: shown at once, saved as one edit when they stop (or another shape is nudged). The burst
  // is kept as where it started and how far it went, so a version heard meanwhile (the echo of the
  // drag just before) cannot swallow it.
  const nudging = useRef<{ from: Shape; dx: number; dy: number; timer: ReturnType<typeof setTimeout> } | null>(null)
  const settleNudge = useCallback(() => {
    const pending = nudging.current
    if (pending === null) return
    clearTimeout(pending.timer)
    nudging.current = null
    const now = store.get(pending.from.id)
    if (now !== undefined) update(pending.from, withCoords(now, translate(pending.from.coords, pending.dx, pending.dy)))
  }, [store, update])
  const nudge = useCallback(
    (shape: Shape, dx: number, dy: number) => {
      if (nudging.current !== null && nudging.current.from.id !== shape.id) settleNudge()
      const pending = nudging.current
      if (pending !== null) clearTimeout(pending.timer)
      const from = pending?.from ?? shape
      const total = { dx: (pending?.dx ?? 0) + dx, dy: (pending?.dy ?? 0) + dy }
      nudging.current = { from, ...total, timer: setTimeout(settleNudge, NUDGE_SETTLE_MS) }
      store.apply("local", { upsert: [withCoords(shape, translate(from.coords, total.dx, total.dy))] })
    },
    [store, settleNudge]
  )
  useEffect(() => () => settleNudge(), [settleNudge])

  // A gesture's end: the shape as it was at the press, changed as the drag left it.
  useEffect(() => {
    const subscription = tools.on("edit.commit", (commit) => {
      const now = store.get(commit.id)
      if (now === undefined) return
      // A change heard during the drag raised the version: the save names the one the drag began
      // from, so the server answers it as a conflict rather than overwrite the newer shape.
      const from = withCoords({ ...now, version: commit.version }, commit.from)
      update(from, withCoords(from, commit.coords))
    })
    // A brush stroke: the shape as it was at the press, as the stroke left it (its kind too: a hole
    // makes a polygon an area), one step.
    const brushed = tools.on("edit.brush", (stroke) => {
      const now = store.get(stroke.id)
      if (now === undefined) return
      const from = withCoords({ ...now, kind: stroke.fromKind, version: stroke.version }, stroke.from)
      update(from, withCoords({ ...from, kind: stroke.kind }, stroke.coords))
    })
    // Several selected shapes dragged together: each moved by as much, one step. A version heard
    // during the drag is the one the move starts from (the move applies to the shape as it is now).
    const translated = tools.on("edit.translate", ({ ids, dx, dy }) =>
      group(
        ids.flatMap((id) => {
          const from = store.get(id)
          return from === undefined ? [] : [{ from, to: withCoords(from, translate(from.coords, dx, dy)) }]
        })
      )
    )
    // The selection deleted (after the user said yes when it was several): one step.
    const deleted = tools.on("selection.deleted", ({ ids }) =>
      removeMany(ids.flatMap((id) => (store.get(id) === undefined ? [] : [store.get(id)!])))
    )
    const undeletable = tools.on("selection.undeletable", ({ count }) =>
      toast({
        kind: "error",
        title: t("viewer.selection.undeletableTitle"),
        message: t("viewer.selection.undeletableBody", { count: count })
      })
    )
    const saved = tools.on("annotation.saved", ({ annotation }) => {
      const parsed = shapeOf(annotation)
      if (parsed.ok) machine.send({ type: "edit.created", shape: parsed.shape })
      // Undo asked while shapes were on their way: the latest is undone once the last of them is
      // there (the tools' state settles after this emit, hence the microtask).
      queueMicrotask(() => {
        if (!undoAfterSave.current || tools.getSnapshot().hasTag("busy")) return
        undoAfterSave.current = false
        machine.send({ type: "history.undo" })
      })
    })
    const unsaved = [
      tools.on("annotation.failed", () => {
        undoAfterSave.current = false
      }),
      tools.on("annotation.drafted", () => {
        undoAfterSave.current = false
      })
    ]
    return () => {
      for (const each of [subscription, brushed, translated, deleted, undeletable, saved, ...unsaved]) each.unsubscribe()
    }
  }, [tools, store, update, machine, group, removeMany, toast, t])

  // What the edits machine reports: the store follows, the user is told (useEditReports.ts).
  useEditReports(machine, store, tools, refuseLocked)

  const undo = useCallback(() => {
    settleNudge()
    // A shape still on its way to the server is the latest change: it is undone once it is there.
    if (tools.getSnapshot().hasTag("busy")) undoAfterSave.current = true
    else machine.send({ type: "history.undo" })
  }, [machine, tools, settleNudge])
  const redo = useCallback(() => machine.send({ type: "history.redo" }), [machine])

  // Ctrl+Z, Ctrl+Shift+Z and Ctrl+Y (Cmd on a Mac), except in a text field, where they are its own.
  useEffect(() => {
    if (!canEdit) return
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
  }, [canEdit, undo, redo])

  return useMemo(
    () => ({
      machine,
      mayEdit,
      mayReshape,
      setProps,
      refuseLocked,
      update,
      remove,
      relabel,
      group,
      removeMany,
      relabelMany,
      nudge,
      canUndo: undoable || saving,
      canRedo: redoable,
      undo,
      redo
    }),
    [
      machine,
      mayEdit,
      mayReshape,
      setProps,
      refuseLocked,
      update,
      remove,
      relabel,
      group,
      removeMany,
      relabelMany,
      nudge,
      undoable,
      saving,
      redoable,
      undo,
      redo
    ]
  )
}

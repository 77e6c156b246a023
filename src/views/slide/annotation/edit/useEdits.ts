// The user's own changes of the slide's shapes: the edits machine (saved one at a time, each naming
// the version it started from, remembered for undo and redo) applied to the store, and what did not
// go through said in a toast. Ctrl+Z (Cmd+Z) undoes, Ctrl+Shift+Z and Ctrl+Y redo, outside text
// fields (where they are the field's own); a deletion's notice offers Undo of that deletion.
// A gesture's commit from the tools machine becomes an edit here; arrow keys nudge the selected
// shape (held keys are gathered into one edit); an unsaved draft is edited where it is kept. Who may
// change which shape is the server's rule, mirrored only to hide what would be refused.
import { useActorRef, useSelector } from "@xstate/react"
import { useCallback, useEffect, useMemo, useRef } from "react"
import type { ActorRefFrom } from "xstate"
import { translate } from "../../../../annotation/edit.ts"
import { type Shape, shapeOf, withCoords } from "../../../../annotation/store/shape.ts"
import type { AnnotationStore } from "../../../../annotation/store/store.ts"
import type { Label } from "../../../../contract/annotations.ts"
import type { Role } from "../../../../contract/labs.ts"
import { useT } from "../../../../i18n/index.ts"
import { canRedo, canUndo, editsMachine } from "../../../../machines/annotation/edits.machine.ts"
import type { toolsMachine } from "../../../../machines/annotation/tools.machine.ts"
import { isTyping } from "../../shortcuts.ts"
import { useToast } from "../../../ui/index.ts"
import type { CollabView } from "../collab/useCollab.ts"
import { isDraft } from "../collab/draftShape.ts"

/** Arrow-key nudges of one shape closer together than this are one edit. */
export const NUDGE_SETTLE_MS = 450

export interface EditsView {
  readonly machine: ActorRefFrom<typeof editsMachine>
  /** Whether this user may change the shape (the server decides; this only hides what it would refuse). */
  readonly mayEdit: (shape: Shape) => boolean
  readonly update: (from: Shape, to: Shape) => void
  readonly remove: (shape: Shape) => void
  readonly relabel: (shape: Shape, label: Pick<Label, "id" | "name" | "color">) => void
  /** Moves the shape by (dx, dy) image pixels now, and saves the nudges once they stop. */
  readonly nudge: (shape: Shape, dx: number, dy: number) => void
  readonly canUndo: boolean
  readonly canRedo: boolean
  readonly undo: () => void
  readonly redo: () => void
}

const tagOf = (error: unknown): string | undefined =>
  typeof error === "object" && error !== null && "_tag" in error ? String((error as { _tag: unknown })._tag) : undefined

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
    (shape: Shape) =>
      canEdit && (isDraft(shape) || role === "owner" || role === "admin" || (role === "reviewer" && shape.author?.id === me)),
    [canEdit, role, me]
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
      if (isDraft(shape)) draftRef.current.remove(shape.id)
      else machine.send({ type: "edit.delete", shape })
      tools.send({ type: "selection.drop", ids: [shape.id] })
    },
    [machine, tools]
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
    const saved = tools.on("annotation.saved", ({ annotation }) => {
      const parsed = shapeOf(annotation)
      if (parsed.ok) machine.send({ type: "edit.created", shape: parsed.shape })
      if (undoAfterSave.current) machine.send({ type: "history.undo" })
      undoAfterSave.current = false
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
      subscription.unsubscribe()
      saved.unsubscribe()
      for (const each of unsaved) each.unsubscribe()
    }
  }, [tools, store, update, machine])

  // What the edits machine reports: the store follows, the user is told.
  useEffect(() => {
    const subscriptions = [
      machine.on("edits.show", ({ upsert, remove, expected }) => {
        if (expected !== undefined && store.get(expected.id) !== expected) return
        store.apply("local", { upsert, remove })
      }),
      machine.on("edits.revert", ({ shape }) => {
        const now = store.get(shape.id)
        // Only while the store still shows this user's change (someone else's newer version stays).
        if (now === undefined || now.version <= shape.version) store.apply("local", { upsert: [shape] })
      }),
      machine.on("edits.conflict", ({ annotationId, current, direction }) => {
        // As a change heard from someone else: the store keeps it unless it holds that version already.
        store.apply("remote", current === null ? { remove: [annotationId] } : { upsert: [current] })
        if (current === null) tools.send({ type: "selection.drop", ids: [annotationId] })
        if (direction === "do")
          toast({
            kind: "info",
            title: t("viewer.collab.conflictTitle"),
            message: current === null ? t("viewer.collab.conflictGone") : t("viewer.collab.conflictBody")
          })
        else
          toast({
            kind: "error",
            title: direction === "undo" ? t("viewer.edit.undoConflictTitle") : t("viewer.edit.redoConflictTitle"),
            message: current === null ? t("viewer.edit.conflictGone") : t("viewer.edit.conflictKept"),
            durationMs: 8000
          })
      }),
      machine.on("edits.failed", ({ error, direction }) =>
        tagOf(error) === "Forbidden"
          ? toast({ kind: "error", title: t("viewer.collab.forbiddenTitle"), message: t("viewer.collab.forbiddenBody") })
          : toast({
              kind: "error",
              title:
                direction === "undo"
                  ? t("viewer.edit.undoFailedTitle")
                  : direction === "redo"
                    ? t("viewer.edit.redoFailedTitle")
                    : t("viewer.collab.failedTitle"),
              message: t("viewer.collab.failedBody")
            })
      ),
      // The deletion is done; its notice offers Undo of that one deletion for a while.
      machine.on("edits.deleted", ({ step }) =>
        toast({
          kind: "success",
          title: t("viewer.collab.deleted"),
          durationMs: 8000,
          action: { label: t("viewer.edit.undo"), onClick: () => machine.send({ type: "history.undo", step: step.id }) }
        })
      )
    ]
    return () => {
      for (const subscription of subscriptions) subscription.unsubscribe()
    }
  }, [machine, store, tools, toast, t])

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
    () => ({ machine, mayEdit, update, remove, relabel, nudge, canUndo: undoable || saving, canRedo: redoable, undo, redo }),
    [machine, mayEdit, update, remove, relabel, nudge, undoable, saving, redoable, undo, redo]
  )
}

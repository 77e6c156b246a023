// What the edits machine reports about the user's changes of a slide's shapes (edits.machine.ts):
// the store follows (origin local for the user's own, remote for someone else's newer version), and
// the user is told in one toast per step: a conflict, a refusal (403, a lock, a failure), a deletion
// with its Undo.
import { useEffect } from "react"
import type { ActorRefFrom } from "xstate"
import { shapeOf } from "../../../../annotation/store/shape.ts"
import type { AnnotationStore } from "../../../../annotation/store/store.ts"
import type { Annotation } from "../../../../contract/annotations.ts"
import { isLockedRefusal } from "../../../../effects/annotations/edit.ts"
import { useT } from "../../../../i18n/index.ts"
import type { editsMachine } from "../../../../machines/annotation/edits.machine.ts"
import type { toolsMachine } from "../../../../machines/annotation/tools.machine.ts"
import { useToast } from "../../../ui/index.ts"

const shapeOrNone = (annotation: Annotation) => {
  const parsed = shapeOf(annotation)
  return parsed.ok ? [parsed.shape] : []
}

export const useEditReports = (
  machine: ActorRefFrom<typeof editsMachine>,
  store: AnnotationStore,
  tools: ActorRefFrom<typeof toolsMachine>,
  /** Says that locked shapes stayed as they were. */
  refuseLocked: (count: number) => void
): void => {
  const t = useT()
  const { toast } = useToast()
  useEffect(() => {
    const subscriptions = [
      machine.on("edits.show", ({ upsert, remove, expected }) => {
        // A new change's answer replaces it only while the store still shows that change.
        const superseded = new Set((expected ?? []).filter((shape) => store.get(shape.id) !== shape).map((shape) => shape.id))
        store.apply("local", { upsert: superseded.size === 0 ? upsert : upsert.filter((shape) => !superseded.has(shape.id)), remove })
      }),
      machine.on("edits.revert", ({ shapes }) => {
        // Only while the store still shows this user's change (someone else's newer version stays).
        const back = shapes.filter((shape) => {
          const now = store.get(shape.id)
          return now === undefined || now.version <= shape.version
        })
        if (back.length > 0) store.apply("local", { upsert: back })
      }),
      machine.on("edits.conflict", ({ conflicts, direction }) => {
        // As changes heard from someone else: the store keeps each unless it holds that version already.
        const gone = conflicts.flatMap(({ annotationId, current }) => (current === null ? [annotationId] : []))
        store.apply("remote", {
          remove: gone,
          upsert: conflicts.flatMap(({ current }) => (current === null ? [] : [current]))
        })
        if (gone.length > 0) tools.send({ type: "selection.drop", ids: gone })
        const many = conflicts.length > 1
        const allGone = gone.length === conflicts.length
        if (direction === "do")
          toast({
            kind: "info",
            title: many ? t("viewer.selection.conflictTitle", { count: conflicts.length }) : t("viewer.collab.conflictTitle"),
            message: allGone && !many ? t("viewer.collab.conflictGone") : t("viewer.collab.conflictBody")
          })
        else
          toast({
            kind: "error",
            title: direction === "undo" ? t("viewer.edit.undoConflictTitle") : t("viewer.edit.redoConflictTitle"),
            message: many
              ? t("viewer.selection.conflictKept", { count: conflicts.length })
              : allGone
                ? t("viewer.edit.conflictGone")
                : t("viewer.edit.conflictKept"),
            durationMs: 8000
          })
      }),
      // One notice for a step, however many of its shapes were refused: the count, and why.
      machine.on("edits.failed", ({ failures, step, direction }) => {
        const forbidden = failures.filter(({ error }) => error._tag === "Forbidden").length
        // The server's 409 for a locked shape (locked where this screen did not hear it): said as the
        // lock it is, and the shape shown as the server holds it, locked (the revert put back this
        // screen's unlocked copy, at the same version, which a remote echo would not replace).
        const locked = failures.flatMap(({ error }) =>
          error._tag === "AnnotationConflict" && error.current !== undefined && isLockedRefusal(error) ? [error.current] : []
        )
        if (locked.length > 0) {
          store.apply("local", { upsert: locked.flatMap((annotation) => shapeOrNone(annotation)) })
          refuseLocked(locked.length)
        }
        const count = failures.length - locked.length
        const of = step.changes.length
        if (forbidden > 0)
          toast({
            kind: "error",
            title:
              of > 1
                ? t("viewer.selection.refusedTitle", { count: forbidden, of: of.toLocaleString() })
                : t("viewer.collab.forbiddenTitle"),
            message: t("viewer.collab.forbiddenBody"),
            durationMs: 8000
          })
        if (count > forbidden)
          toast({
            kind: "error",
            title:
              direction === "undo"
                ? t("viewer.edit.undoFailedTitle")
                : direction === "redo"
                  ? t("viewer.edit.redoFailedTitle")
                  : of > 1
                    ? t("viewer.selection.failedTitle", { count: (count - forbidden).toLocaleString(), of: of.toLocaleString() })
                    : t("viewer.collab.failedTitle"),
            message: t("viewer.collab.failedBody")
          })
      }),
      // The deletion is done; its notice offers Undo of that one deletion for a while.
      machine.on("edits.deleted", ({ step, count }) =>
        toast({
          kind: "success",
          title: count > 1 ? t("viewer.selection.deleted", { count: count }) : t("viewer.collab.deleted"),
          durationMs: 8000,
          action: { label: t("viewer.edit.undo"), onClick: () => machine.send({ type: "history.undo", step: step.id }) }
        })
      )
    ]
    return () => {
      for (const subscription of subscriptions) subscription.unsubscribe()
    }
  }, [machine, store, tools, toast, t, refuseLocked])
}

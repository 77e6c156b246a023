// What the edits machine reports about the user's changes of a slide's shapes (edits.machine.ts),
// said in one toast per step: a conflict, a refusal (403, a lock, a failure), a deletion with its
// Undo; and a Delete of a selection none of which this user may delete. The store follows in the
// workspace machine (its store actions), not here.
import { useEffect } from "react"
import type { ActorRefFrom } from "xstate"
import { isLockedRefusal } from "../../../../effects/annotations/edit.ts"
import { useT } from "../../../../i18n/index.ts"
import type { editsMachine } from "../../../../machines/annotation/edits.machine.ts"
import type { toolsMachine } from "../../../../machines/annotation/tools.machine.ts"
import { useToast } from "../../../ui/index.ts"

export const useEditReports = (
  machine: ActorRefFrom<typeof editsMachine>,
  tools: ActorRefFrom<typeof toolsMachine>,
  /** Says that locked shapes stayed as they were. */
  refuseLocked: (count: number) => void
): void => {
  const t = useT()
  const { toast } = useToast()
  useEffect(() => {
    const subscriptions = [
      machine.on("edits.conflict", ({ conflicts, direction }) => {
        const gone = conflicts.filter(({ current }) => current === null)
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
        // lock it is (the workspace shows the shape as the server holds it).
        const locked = failures.filter(
          ({ error }) => error._tag === "AnnotationConflict" && error.current !== undefined && isLockedRefusal(error)
        ).length
        if (locked > 0) refuseLocked(locked)
        const count = failures.length - locked
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
      ),
      tools.on("selection.undeletable", ({ count }) =>
        toast({ kind: "error", title: t("viewer.selection.undeletableTitle"), message: t("viewer.selection.undeletableBody", { count }) })
      )
    ]
    return () => {
      for (const subscription of subscriptions) subscription.unsubscribe()
    }
  }, [machine, tools, toast, t, refuseLocked])
}

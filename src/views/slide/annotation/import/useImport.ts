// The import flow of a slide's side panel (import.machine.ts), and what its outcome does to the rest
// of the viewer: handed to the workspace machine (the stored shapes go into the annotation store,
// those it updated replacing ours; the labels it made or recoloured join the labels flow: the
// channel's label_{id} would bring them too, a moment later), and a toast says how many shapes were
// added and how many updated.
import { useActorRef } from "../../../useActorRef.ts"
import { useEffect } from "react"
import { present } from "../../../../effects/Catalogue.ts"
import { ImportUnreadable } from "../../../../effects/annotations/import.ts"
import { useT } from "../../../../i18n/index.ts"
import { importMachine } from "../../../../machines/annotation/import.machine.ts"
import { useNoticeText } from "../../../account/useNoticeText.ts"
import { useToast } from "../../../ui/index.ts"
import type { AnnotationsView } from "../useAnnotations.ts"

export const useImport = (view: AnnotationsView, labId: string) => {
  const t = useT()
  const { toast } = useToast()
  const notice = useNoticeText()
  const actor = useActorRef(importMachine, { input: { labId } })
  useEffect(() => {
    const subscriptions = [
      actor.on("import.done", ({ annotations, created, recoloured, updated, added }) => {
        view.workspace.send({ type: "import.done", annotations, created, recoloured })
        toast({
          kind: "success",
          title: t("annotationImport.done"),
          message: t("annotationImport.doneDetail", { created: added.toLocaleString(), updated: updated.toLocaleString() })
        })
      }),
      actor.on("import.failed", ({ error }) => {
        const message = error instanceof ImportUnreadable ? t("annotationImport.unreadable") : notice.text(present(error).notice)
        toast({ kind: "error", title: t("annotationImport.failed"), ...(message ? { message } : {}) })
      })
    ]
    return () => {
      for (const s of subscriptions) s.unsubscribe()
    }
  }, [actor, view.workspace, toast, t, notice])
  return actor
}

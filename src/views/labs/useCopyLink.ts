// Copy link: the lab's address to the clipboard, and a toast either way (spec: "Lab link copied").
import { useCallback } from "react"
import { useT } from "../../i18n/index.ts"
import { useToast } from "../ui/index.ts"
import { labLink } from "./lab-paths.ts"

export const useCopyLink = () => {
  const t = useT()
  const { toast } = useToast()
  return useCallback(
    (lab: { readonly id: string; readonly is_dir: boolean }) => {
      const link = labLink(lab, window.location.origin)
      const copied = navigator.clipboard?.writeText(link) ?? Promise.reject(new Error("no clipboard"))
      copied.then(
        () => toast({ kind: "success", title: t("errors.success.title"), message: t("errors.success.labLinkCopied") }),
        () => toast({ kind: "error", title: t("labs.toasts.copyFailed"), message: link })
      )
    },
    [t, toast]
  )
}

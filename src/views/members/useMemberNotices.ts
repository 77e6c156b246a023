// What the member dialog's actors did, told as toasts: a "Success" notice, or the catalogue's error
// title with the server's words.
import { useEffect, useRef } from "react"
import { useT } from "../../i18n/index.ts"
import type { ActorRefFrom } from "xstate"
import type { membersMachine, Operation } from "../../machines/members/members.machine.ts"
import { useNoticeText } from "../account/useNoticeText.ts"
import { useToast } from "../ui/index.ts"
import type { InviteActor } from "./InviteBox.tsx"

const nameOf = (operation: Operation) => operation.member.name.trim() || operation.member.email

const failureTitle = {
  role: "errors.changeRoles",
  remove: "errors.deleteCollaborator",
  transfer: "members.notices.transferFailed"
} as const

export const useMemberNotices = (members: ActorRefFrom<typeof membersMachine>, invite: InviteActor | undefined) => {
  const t = useT()
  const { text } = useNoticeText()
  const { toast } = useToast()
  const say = useRef({ t, text, toast })
  say.current = { t, text, toast }

  useEffect(() => {
    const done = members.on("members.done", ({ operation }) => {
      const { t, toast } = say.current
      const name = nameOf(operation)
      const message =
        operation.kind === "role"
          ? t("members.notices.roleChanged", { name, role: t(`members.roles.${operation.role}`) })
          : operation.kind === "remove"
            ? t("members.notices.deleted", { name })
            : t("members.notices.transferred", { name })
      toast({ kind: "success", title: t("errors.success.title"), message })
    })
    const failed = members.on("members.failed", ({ operation, error }) => {
      const { t, text, toast } = say.current
      toast({ kind: "error", title: t(failureTitle[operation.kind]), message: text(error) })
    })
    return () => {
      done.unsubscribe()
      failed.unsubscribe()
    }
  }, [members])

  useEffect(() => {
    if (invite === undefined) return
    const sent = invite.on("invite.sent", () => {
      const { t, toast } = say.current
      toast({ kind: "success", title: t("errors.success.title"), message: t("members.notices.invited") })
    })
    const failed = invite.on("invite.failed", ({ error }) => {
      const { t, text, toast } = say.current
      toast({ kind: "error", title: t("errors.addCollaborators"), message: text(error) })
    })
    return () => {
      sent.unsubscribe()
      failed.unsubscribe()
    }
  }, [invite])
}

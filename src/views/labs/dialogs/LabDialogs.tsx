// The one dialog the lab actions have open, if any: each flow's dialog renders the child actor the
// actions machine runs for it; delete, share and search are states of the actions machine itself.
import { useSelector } from "@xstate/react"
import type { ActorRefFrom } from "xstate"
import { useT } from "../../../i18n/index.ts"
import type { labActionsMachine } from "../../../machines/labs/labActions.machine.ts"
import { MemberDialog } from "../../members/MemberDialog.tsx"
import { ConfirmDialog } from "./ConfirmDialog.tsx"
import { CreateFolderDialog } from "./CreateFolderDialog.tsx"
import { MoveDialog } from "./MoveDialog.tsx"
import { RenameDialog } from "./RenameDialog.tsx"
import { SearchDialog } from "./SearchDialog.tsx"

export const LabDialogs = ({ actions, search }: { readonly actions: ActorRefFrom<typeof labActionsMachine>; readonly search: string }) => {
  const t = useT()
  const dialog = useSelector(actions, (s) => (typeof s.value === "object" ? (s.value as { dialog: string }).dialog : "closed"))
  const subjects = useSelector(actions, (s) => s.context.subjects)
  const children = useSelector(actions, (s) => s.children)
  const close = () => actions.send({ type: "dialog.close" })
  const [first] = subjects

  switch (dialog) {
    case "creatingFolder":
      return children.createFolder ? <CreateFolderDialog flow={children.createFolder} onClose={close} /> : null
    case "renaming":
      return children.renameLab ? <RenameDialog flow={children.renameLab} onClose={close} /> : null
    case "moving":
      return children.moveLab ? <MoveDialog flow={children.moveLab} onClose={close} /> : null
    case "confirmingDelete":
    case "deleting":
      return first === undefined ? null : (
        <ConfirmDialog
          title={
            subjects.length > 1 ? t("labs.delete.titleMany", { count: subjects.length }) : t("labs.delete.title", { name: first.name })
          }
          body={subjects.length > 1 ? t("labs.delete.bodyMany") : first.is_dir ? t("labs.delete.bodyFolder") : t("labs.delete.body")}
          confirm={t("labs.delete.confirm")}
          busy={dialog === "deleting"}
          onConfirm={() => actions.send({ type: "delete.confirm" })}
          onCancel={close}
        />
      )
    case "sharing":
      return first === undefined ? null : <MemberDialog labId={first.id} open onClose={close} />
    case "searching":
      return <SearchDialog initial={search} onSearch={(query) => actions.send({ type: "search.submit", query })} onClose={close} />
    default:
      return null
  }
}

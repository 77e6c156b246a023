// Deleted File (/dashboard/trash), with the Empty trash action (inert until the trash issue).
import { useT } from "../../../i18n/index.ts"
import { ListPage } from "../../dashboard/ListPage.tsx"
import { UnavailableAction } from "../../dashboard/UnavailableAction.tsx"
import { TrashIcon } from "../../ui/index.ts"

export default function TrashPage() {
  const t = useT()
  return (
    <ListPage
      area="trash"
      icon={<TrashIcon size={24} />}
      actions={<UnavailableAction label={t("dashboard.actions.emptyTrash")} icon={<TrashIcon size={16} />} variant="secondary" />}
    />
  )
}

// The member dialog (spec section 2): invite box, search and the collaborator list of one lab.
// 534 px wide, body 488 px tall. (First version: the props other screens code against.)
import { useT } from "../../i18n/index.ts"
import { Dialog } from "../ui/index.ts"

export interface MemberDialogProps {
  readonly labId: string
  readonly open: boolean
  readonly onClose: () => void
}

export const MemberDialog = ({ labId, open, onClose }: MemberDialogProps) => {
  const t = useT()
  return (
    <Dialog open={open} onClose={onClose} title={t("common.loading")} width={534}>
      <div data-lab-id={labId} style={{ height: 488 }} />
    </Dialog>
  )
}

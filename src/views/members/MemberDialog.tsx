// The member dialog: 534 px wide with a 488 px body holding the invite box (for the owner and admins),
// a search form and the infinite-scrolling collaborator list. Its actors live while it is open, so each
// opening starts from the server's current list.
import { useSelector } from "@xstate/react"
import { useActorRef } from "../useActorRef.ts"
import type { ActorRefFrom } from "xstate"
import { can } from "../../contract/permissions.ts"
import { useLocale, useT } from "../../i18n/index.ts"
import { membersMachine } from "../../machines/members/members.machine.ts"
import { useSession } from "../session.tsx"
import { Alert, Dialog } from "../ui/index.ts"
import { CollaboratorList } from "./CollaboratorList.tsx"
import { InviteBox, type InviteActor } from "./InviteBox.tsx"
import * as css from "./MemberDialog.css.ts"
import { MemberSearch } from "./MemberSearch.tsx"
import { OwnershipOfferBanner } from "./OwnershipOfferBanner.tsx"
import { useMemberNotices } from "./useMemberNotices.ts"

export interface MemberDialogProps {
  readonly labId: string
  readonly open: boolean
  readonly onClose: () => void
}

export const MemberDialog = ({ labId, open, onClose }: MemberDialogProps) => {
  const t = useT()
  return (
    <Dialog open={open} onClose={onClose} title={t("members.title")} description={t("members.description")} width={534}>
      {open && <Members key={labId} labId={labId} />}
    </Dialog>
  )
}

const Members = ({ labId }: { readonly labId: string }) => {
  const t = useT()
  const { locale } = useLocale()
  const { user } = useSession()
  const actor = useActorRef(membersMachine, { input: { labId, userId: user?.id ?? "", locale } })
  const invite = useSelector(actor, (s) => s.children.inviteBox as InviteActor | undefined)
  const role = useSelector(actor, (s) => s.context.role)
  const search = useSelector(actor, (s) => s.context.search)
  useMemberNotices(actor as ActorRefFrom<typeof membersMachine>, invite)
  const manages = can(role, "members.invite")
  return (
    <div className={css.body} data-testid="member-dialog">
      {manages && invite && <InviteBox invite={invite} />}
      {role !== null && !manages && <Alert kind="info">{t("members.readOnly")}</Alert>}
      {user && <OwnershipOfferBanner labId={labId} userId={user.id} onChanged={() => actor.send({ type: "members.reload" })} />}
      <MemberSearch active={search} onSearch={(text) => actor.send({ type: "members.search", text })} />
      <CollaboratorList actor={actor} invite={invite} />
    </div>
  )
}

// The collaborator list: the owner first, then people chosen but not invited yet, then everyone else,
// five more each time the end scrolls into view. Which actions each row has follows the viewer's role.
import { useSelector } from "@xstate/react"
import { useState } from "react"
import type { ActorRefFrom } from "xstate"
import type { Member } from "../../contract/members.ts"
import { can, mayManageMember, mayTransferTo } from "../../contract/permissions.ts"
import { useT } from "../../i18n/index.ts"
import type { membersMachine } from "../../machines/members/members.machine.ts"
import { type Invitee, rowsOf } from "../../machines/members/rules.ts"
import { useActorSelect } from "../notifications/useActorSelect.ts"
import { Alert, Button, EmptyState, Skeleton, Spinner, UsersIcon } from "../ui/index.ts"
import { CollaboratorRow, type RowActions } from "./CollaboratorRow.tsx"
import type { InviteActor } from "./InviteBox.tsx"
import * as css from "./MemberDialog.css.ts"
import { TransferDialog } from "./TransferDialog.tsx"
import { useEndOfList } from "./useEndOfList.ts"

type MembersActor = ActorRefFrom<typeof membersMachine>

const noInvitees: ReadonlyArray<Invitee> = []

export const CollaboratorList = ({ actor, invite }: { readonly actor: MembersActor; readonly invite: InviteActor | undefined }) => {
  const t = useT()
  const { members, nextPage, role, userId, search, error, operation } = useSelector(actor, (s) => s.context)
  const list = useSelector(actor, (s) =>
    s.matches({ list: "loading" })
      ? "loading"
      : s.matches({ list: "failed" })
        ? "failed"
        : s.matches({ list: "loadingMore" })
          ? "more"
          : "ready"
  )
  const invitees = useActorSelect(invite ?? null, (s) => s.context.invitees, noInvitees)
  const [transferTo, setTransferTo] = useState<Member | null>(null)
  const more = () => actor.send({ type: "members.more" })
  const sentinel = useEndOfList<HTMLDivElement>(more, list === "ready" && nextPage !== null && error === null)

  if (list === "loading") {
    return (
      <div className={css.listScroll} aria-busy="true">
        {[0, 1, 2, 3].map((row) => (
          <div key={row} className={css.skeletonRow}>
            <Skeleton width={36} height={36} radius={999} />
            <div className={css.skeletonLines}>
              <Skeleton height={11} width="45%" />
              <Skeleton height={9} width="65%" />
            </div>
          </div>
        ))}
      </div>
    )
  }
  if (list === "failed") {
    return (
      <Alert
        kind="error"
        action={
          <Button variant="secondary" size="sm" onClick={() => actor.send({ type: "members.retry" })}>
            {t("common.retry")}
          </Button>
        }
      >
        {t("members.list.failed")}
      </Alert>
    )
  }

  const rows = rowsOf(members, invitees)
  const actionsFor = (member: Member): RowActions | null =>
    mayManageMember(role, member, userId)
      ? {
          setRole: (next) => actor.send({ type: "members.changeRole", member, role: next }),
          remove: () => actor.send({ type: "members.remove", member }),
          ...(mayTransferTo(role, member) ? { transfer: () => setTransferTo(member) } : {})
        }
      : null

  return (
    <>
      <div className={css.listHead}>
        <span>{t("members.list.label")}</span>
      </div>
      <div className={css.listScroll}>
        {rows.length === 0 ? (
          <EmptyState
            bordered={false}
            icon={<UsersIcon size={22} />}
            title={search === "" ? t("members.list.empty") : t("members.list.noMatch", { search })}
            description={search === "" && can(role, "members.invite") ? t("members.list.emptyHint") : undefined}
          />
        ) : (
          <ul className={css.list} aria-label={t("members.list.label")} aria-busy={list === "more"}>
            {rows.map((row) =>
              row.temporary ? (
                <CollaboratorRow
                  key={`invitee:${row.invitee.email}`}
                  row={row}
                  isViewer={false}
                  working={false}
                  // Not invited yet: changed or removed here only, with no call to the server.
                  actions={
                    invite
                      ? {
                          setRole: (next) => invite.send({ type: "invite.setRole", email: row.invitee.email, role: next }),
                          remove: () => invite.send({ type: "invite.remove", email: row.invitee.email })
                        }
                      : null
                  }
                />
              ) : (
                <CollaboratorRow
                  key={row.member.id}
                  row={row}
                  isViewer={row.member.user_id === userId}
                  working={operation?.member.id === row.member.id}
                  actions={actionsFor(row.member)}
                />
              )
            )}
          </ul>
        )}
        <div ref={sentinel} className={css.footer}>
          {list === "more" && <Spinner size={18} label={t("members.list.loadingMore")} />}
          {list === "ready" && error !== null && (
            <Button variant="ghost" size="sm" onClick={more}>
              {t("members.list.loadMore")}
            </Button>
          )}
        </div>
      </div>
      <TransferDialog
        name={transferTo === null ? null : transferTo.name.trim() || transferTo.email}
        onCancel={() => setTransferTo(null)}
        onConfirm={() => {
          if (transferTo !== null) actor.send({ type: "members.transfer", member: transferTo })
          setTransferTo(null)
        }}
      />
    </>
  )
}

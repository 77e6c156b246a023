// One row of the collaborator list: who, their state (invitation sent, from a parent folder, not
// invited yet) and their role. The owner's role is a fixed label; people the viewer may manage get
// a menu with the role choices, Transfer ownership (owner only) and Delete; reviewers read.
import type { Role } from "../../contract/labs.ts"
import type { MemberRole } from "../../contract/members.ts"
import { assignableRoles } from "../../contract/permissions.ts"
import { useT } from "../../i18n/index.ts"
import type { Row } from "../../machines/members/rules.ts"
import { Avatar, ChevronDownIcon, cx, DropdownMenu, type DropdownItem, ShareIcon, Spinner, TrashIcon } from "../ui/index.ts"
import * as css from "./MemberDialog.css.ts"

export interface RowActions {
  readonly setRole: (role: MemberRole) => void
  readonly remove: () => void
  /** Present when the viewer may hand this person the lab. */
  readonly transfer?: () => void
}

export interface CollaboratorRowProps {
  readonly row: Row
  readonly isViewer: boolean
  /** null: the role is shown, not changed. */
  readonly actions: RowActions | null
  readonly working: boolean
}

const choices: ReadonlyArray<MemberRole> = assignableRoles

export const CollaboratorRow = ({ row, isViewer, actions, working }: CollaboratorRowProps) => {
  const t = useT()
  const person = row.temporary
    ? { name: row.invitee.name, email: row.invitee.email, avatar: row.invitee.avatar, role: row.invitee.role as Role }
    : { name: row.member.name, email: row.member.email, avatar: row.member.avatar, role: row.member.role_member }
  const shownName = person.name?.trim() || person.email
  const badge = row.temporary
    ? { text: t("members.list.temporary"), warning: true }
    : row.member.is_pending
      ? { text: t("members.list.pending"), warning: false }
      : row.member.is_inherited
        ? { text: t("members.list.inherited"), warning: false }
        : null
  const roleLabel = t(`members.roles.${person.role}`)

  const items: ReadonlyArray<DropdownItem> =
    actions === null
      ? []
      : [
          ...choices.map((role) => ({
            id: role,
            label: t(`members.roles.${role}`),
            checked: person.role === role,
            onSelect: () => {
              if (person.role !== role) actions.setRole(role)
            }
          })),
          ...(actions.transfer
            ? [{ id: "transfer", label: t("members.actions.transfer"), icon: <ShareIcon size={16} />, onSelect: actions.transfer }]
            : []),
          { id: "delete", label: t("members.actions.delete"), icon: <TrashIcon size={16} />, destructive: true, onSelect: actions.remove }
        ]

  return (
    <li
      className={cx(css.row, row.temporary && css.temporaryRow)}
      data-testid="collaborator-row"
      data-temporary={row.temporary}
      data-email={person.email}
    >
      <Avatar name={shownName} src={person.avatar} size={36} />
      <span className={css.who}>
        <span className={css.name}>
          <span className={css.nameText}>{shownName}</span>
          {isViewer && <span className={css.you}>({t("members.list.you")})</span>}
        </span>
        <span className={css.email}>
          {person.name?.trim() && <span className={css.emailText}>{person.email}</span>}
          {badge && <span className={cx(css.badge, badge.warning && css.badgeWarning)}>{badge.text}</span>}
        </span>
      </span>
      {working ? (
        <span className={css.fixedRole}>
          <Spinner size={16} label={t("members.actions.working")} />
        </span>
      ) : actions === null ? (
        <span className={css.fixedRole} data-testid="collaborator-role">
          {roleLabel}
        </span>
      ) : (
        <DropdownMenu
          align="end"
          minWidth={200}
          label={t("members.actions.label", { name: shownName })}
          items={items}
          trigger={(props) => (
            <button
              type="button"
              {...props}
              className={css.roleTrigger}
              // Starts with the role it shows, so saying "click Admin" reaches it by voice.
              aria-label={t("members.actions.trigger", { role: roleLabel, name: shownName })}
              data-testid="collaborator-actions"
            >
              {roleLabel}
              <ChevronDownIcon size={14} />
            </button>
          )}
        />
      )}
    </li>
  )
}

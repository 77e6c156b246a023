// The avatar menu: Manage Account, Change Password and Logout.
import { useLocale, useT } from "../../i18n/index.ts"
import { useSession } from "../session.tsx"
import { avatarImage, initialsOf } from "../ui/avatar-rules.ts"
import { Avatar, ChevronDownIcon, DropdownMenu, LockIcon, LogOutIcon, UserCircleIcon } from "../ui/index.ts"
import * as css from "./Header.css.ts"
import { links } from "../../contract/routes.ts"

export const AccountMenu = () => {
  const t = useT()
  const { localePath } = useLocale()
  const { user, signOut } = useSession()
  // Without a picture the avatar shows initials: the name starts with them, so saying what is on
  // screen ("click AL") reaches the button by voice.
  const name = avatarImage(user?.avatar) ? t("shell.header.account") : `${initialsOf(user?.name)}, ${t("shell.header.account")}`
  return (
    <DropdownMenu
      align="end"
      minWidth={240}
      label={t("shell.header.account")}
      header={
        user && (
          <div className={css.accountHeader}>
            <Avatar name={user.name} src={user.avatar} size={36} />
            <div style={{ minWidth: 0 }}>
              <div className={css.accountName}>{user.name || user.email}</div>
              <div className={css.accountEmail}>{user.email}</div>
            </div>
          </div>
        )
      }
      items={[
        {
          id: "account",
          label: t("shell.header.manageAccount"),
          icon: <UserCircleIcon size={16} />,
          href: localePath(links.settings.account())
        },
        {
          id: "password",
          label: t("shell.header.changePassword"),
          icon: <LockIcon size={16} />,
          href: localePath(links.settings.password())
        },
        { id: "logout", label: t("shell.header.logout"), icon: <LogOutIcon size={16} />, destructive: true, onSelect: signOut }
      ]}
      trigger={(props) => (
        <button type="button" {...props} className={css.accountTrigger} aria-label={name}>
          <Avatar name={user?.name} src={user?.avatar} size={28} />
          <ChevronDownIcon size={14} className={css.chevron} />
        </button>
      )}
    />
  )
}

// The dashboard header: sidebar toggle and breadcrumb on the left; language, notifications and the
// account menu on the right.
import { useT } from "../../i18n/index.ts"
import { NotificationBell } from "../notifications/NotificationBell.tsx"
import { Button, PanelLeftIcon } from "../ui/index.ts"
import { AccountMenu } from "./AccountMenu.tsx"
import { Breadcrumb } from "./Breadcrumb.tsx"
import * as css from "./Header.css.ts"
import { LanguageMenu } from "./LanguageMenu.tsx"

export interface HeaderProps {
  path: string
  sidebarExpanded: boolean
  sidebarForced: boolean
  onToggleSidebar: () => void
}

export const Header = ({ path, sidebarExpanded, sidebarForced, onToggleSidebar }: HeaderProps) => {
  const t = useT()
  return (
    <header className={css.header}>
      <Button
        variant="ghost"
        size="md"
        iconOnly
        onClick={onToggleSidebar}
        aria-label={sidebarExpanded ? t("shell.sidebar.collapse") : t("shell.sidebar.expand")}
        aria-expanded={sidebarExpanded}
        aria-disabled={sidebarForced || undefined}
        title={t("shell.header.toggleSidebar")}
      >
        <PanelLeftIcon size={18} />
      </Button>
      <span className={css.divider} aria-hidden="true" />
      <Breadcrumb path={path} />
      <span className={css.spacer} />
      <div className={css.actions}>
        <LanguageMenu />
        <NotificationBell pressedClassName={css.pressed} />
        <AccountMenu />
      </div>
    </header>
  )
}

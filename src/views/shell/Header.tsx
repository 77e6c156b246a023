// The dashboard header: sidebar toggle and breadcrumb on the left; language, notifications and the
// account menu on the right. Below the 960 px breakpoint the toggle opens the navigation drawer and the
// breadcrumb keeps its last segment, the rest in a menu.
import { useT } from "../../i18n/index.ts"
import { NotificationBell } from "../notifications/NotificationBell.tsx"
import { Button, MenuIcon, PanelLeftIcon } from "../ui/index.ts"
import { AccountMenu } from "./AccountMenu.tsx"
import { Breadcrumb } from "./Breadcrumb.tsx"
import * as css from "./Header.css.ts"
import { LanguageMenu } from "./LanguageMenu.tsx"

export interface HeaderProps {
  path: string
  sidebarExpanded: boolean
  sidebarForced: boolean
  onToggleSidebar: () => void
  /** At or below the breakpoint: the sidebar is a drawer, opened from here. */
  narrow: boolean
  drawerOpen: boolean
  onOpenDrawer: () => void
}

export const Header = ({ path, sidebarExpanded, sidebarForced, onToggleSidebar, narrow, drawerOpen, onOpenDrawer }: HeaderProps) => {
  const t = useT()
  return (
    <header className={css.header}>
      {narrow ? (
        <Button
          variant="ghost"
          size="md"
          iconOnly
          onClick={onOpenDrawer}
          aria-label={t("shell.sidebar.openMenu")}
          aria-haspopup="dialog"
          aria-expanded={drawerOpen}
          data-testid="nav-toggle"
        >
          <MenuIcon size={20} />
        </Button>
      ) : (
        <Button
          variant="ghost"
          size="md"
          iconOnly
          onClick={onToggleSidebar}
          aria-label={sidebarExpanded ? t("shell.sidebar.collapse") : t("shell.sidebar.expand")}
          aria-expanded={sidebarExpanded}
          aria-disabled={sidebarForced || undefined}
          title={t("shell.header.toggleSidebar")}
          data-testid="nav-toggle"
        >
          <PanelLeftIcon size={18} />
        </Button>
      )}
      <span className={css.divider} aria-hidden="true" />
      <Breadcrumb path={path} collapsed={narrow} />
      <span className={css.spacer} />
      <div className={css.actions}>
        <LanguageMenu />
        <NotificationBell pressedClassName={css.pressed} />
        <AccountMenu />
      </div>
    </header>
  )
}

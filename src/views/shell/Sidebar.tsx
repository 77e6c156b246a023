// The dashboard's left sidebar: logo, main menu, preferences menu and the storage meter.
// Collapsed (64 px) it keeps the icons, with the labels as tooltips and accessible names. Inside the
// narrow-screen drawer (NavDrawer) it is always expanded and carries its own close button.
import { Link } from "wouter"
import { useLocale, useT } from "../../i18n/index.ts"
import { Button, cx, Logo, Tooltip, XIcon } from "../ui/index.ts"
import { isActive, mainMenu, menuPath, type NavItem, preferencesMenu } from "./nav-items.ts"
import { useShownFolderShared } from "./shown-folder.ts"
import * as css from "./Sidebar.css.ts"
import { StorageMeter } from "./StorageMeter.tsx"
import { links } from "../../contract/routes.ts"

export interface SidebarProps {
  expanded: boolean
  hydrated: boolean
  /** The current path without locale prefix. */
  path: string
  /** Set inside the drawer: the sidebar fills it and shows a button that closes it. */
  onClose?: () => void
}

export const Sidebar = ({ expanded, hydrated, path, onClose }: SidebarProps) => {
  const t = useT()
  const { localePath } = useLocale()
  const inDrawer = onClose !== undefined
  return (
    <aside
      className={cx(css.sidebar, inDrawer && css.inDrawer, !hydrated && css.noTransition)}
      style={inDrawer ? undefined : { width: expanded ? 256 : 64 }}
      data-expanded={expanded}
      aria-label={t("shell.nav.label")}
    >
      <div className={css.brandRow}>
        <Link href={localePath(links.labs())} className={css.brand} aria-label={t("common.appName")}>
          <Logo size={28} wordmark={expanded} />
        </Link>
        {onClose && (
          <Button variant="ghost" iconOnly aria-label={t("shell.sidebar.closeMenu")} onClick={onClose} className={css.drawerClose}>
            <XIcon size={18} />
          </Button>
        )}
      </div>
      <nav className={css.scroll} aria-label={t("shell.nav.label")}>
        <NavGroup title={t("shell.nav.main")} items={mainMenu} expanded={expanded} path={path} />
        <NavGroup title={t("shell.nav.preferences")} items={preferencesMenu} expanded={expanded} path={path} />
      </nav>
      <div className={css.footer}>
        <StorageMeter expanded={expanded} />
      </div>
    </aside>
  )
}

const NavGroup = ({ title, items, expanded, path }: { title: string; items: ReadonlyArray<NavItem>; expanded: boolean; path: string }) => {
  const t = useT()
  const { localePath } = useLocale()
  const marked = menuPath(path, useShownFolderShared())
  return (
    <div className={css.group}>
      {expanded ? <div className={css.groupLabel}>{title}</div> : <div className={css.groupRule} aria-hidden="true" />}
      <ul style={{ listStyle: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column", gap: 2 }}>
        {items.map((item) => {
          const active = isActive(item, marked)
          const label = t(`shell.nav.${item.label}`)
          const Icon = item.icon
          return (
            <li key={item.href}>
              <Tooltip content={label} placement="right" disabled={expanded} block>
                <Link
                  href={localePath(item.href)}
                  className={cx(css.item, active && css.itemActive)}
                  aria-current={active ? "page" : undefined}
                  aria-label={expanded ? undefined : label}
                >
                  <span className={css.itemIcon}>
                    <Icon size={18} />
                  </span>
                  {expanded && <span className={css.itemLabel}>{label}</span>}
                </Link>
              </Tooltip>
            </li>
          )
        })}
      </ul>
    </div>
  )
}

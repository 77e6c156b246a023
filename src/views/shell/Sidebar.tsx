// The dashboard's left sidebar: logo, main menu, preferences menu and the storage meter.
// Collapsed (64 px) it keeps the icons, with the labels as tooltips and accessible names. Inside the
// narrow-screen drawer (NavDrawer) it is always expanded and carries its own close button.
import { useSelector } from "@xstate/react"
import { useActorRef } from "../useActorRef.ts"
import { useEffect } from "react"
import { Link } from "wouter"
import { useLocale, useT } from "../../i18n/index.ts"
import { Button, cx, Logo, Tooltip, XIcon } from "../ui/index.ts"
import type { StaffQueue } from "../../effects/billing/staff-queue.ts"
import { staffQueueMachine } from "../../machines/shell/staffQueue.machine.ts"
import { isActive, mainMenu, menuPath, type NavItem, preferencesMenu, staffMenu } from "./nav-items.ts"
import { useShownFolderShared } from "./shown-folder.ts"
import { visuallyHidden } from "../theme/utilities.css.ts"
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
  const staffQueue = useActorRef(staffQueueMachine)
  const queue = useSelector(staffQueue, (snapshot) => snapshot.context.queue)
  // Each page a staff member opens reads the counts again: one receipt verified, one fewer shown.
  useEffect(() => {
    if (path !== "") staffQueue.send({ type: "queue.refresh" })
  }, [path, staffQueue])
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
        {queue !== null && (
          <NavGroup title={t("shell.nav.staff")} items={staffMenu} expanded={expanded} path={path} counts={countsOf(queue)} />
        )}
        <NavGroup title={t("shell.nav.preferences")} items={preferencesMenu} expanded={expanded} path={path} />
      </nav>
      <div className={css.footer}>
        <StorageMeter expanded={expanded} />
      </div>
    </aside>
  )
}

const countsOf = (queue: StaffQueue): Readonly<Record<string, number>> => ({
  [links.staff.payments()]: queue.payments,
  [links.staff.scanRequests()]: queue.scanRequests
})

interface NavGroupProps {
  readonly title: string
  readonly items: ReadonlyArray<NavItem>
  readonly expanded: boolean
  readonly path: string
  /** What waits behind an item, by its href (the staff entries). */
  readonly counts?: Readonly<Record<string, number>>
}

const NavGroup = ({ title, items, expanded, path, counts = {} }: NavGroupProps) => {
  const t = useT()
  const { localePath } = useLocale()
  const marked = menuPath(path, useShownFolderShared())
  return (
    <div className={css.group}>
      {expanded ? <div className={css.groupLabel}>{title}</div> : <div className={css.groupRule} aria-hidden="true" />}
      <ul style={{ listStyle: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column", gap: 2 }}>
        {items.map((item) => {
          const active = isActive(item, marked)
          const waiting = counts[item.href] ?? 0
          const name = t(`shell.nav.${item.label}`)
          // The count is part of the name a screen reader says: "Payments, 3 waiting".
          const label = waiting > 0 ? `${name}, ${t("shell.nav.waiting", { count: waiting })}` : name
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
                  <span className={cx(css.itemIcon, css.iconWithCount)}>
                    <Icon size={18} />
                    {!expanded && waiting > 0 && (
                      <span className={cx(css.count, css.countOnIcon)} aria-hidden="true" data-testid="nav-count">
                        {waiting}
                      </span>
                    )}
                  </span>
                  {expanded && <span className={css.itemLabel}>{name}</span>}
                  {expanded && waiting > 0 && (
                    <>
                      {/* The badge shows the number; the name says what it counts ("Payments, 2 waiting"). */}
                      <span className={visuallyHidden}>, {t("shell.nav.waiting", { count: waiting })}</span>
                      <span className={css.count} aria-hidden="true" data-testid="nav-count">
                        {waiting}
                      </span>
                    </>
                  )}
                </Link>
              </Tooltip>
            </li>
          )
        })}
      </ul>
    </div>
  )
}

// The signed-in frame: left sidebar, header with breadcrumb, the page, the right sidebar and the
// floating contact button. It stays mounted across dashboard navigation, so the sidebar and panel keep
// their state. At or below 960 px the sidebar is a drawer, closed by default and closed again by every
// navigation. On the slide viewer the sidebar folds to its rail.
import { type ReactNode, useEffect, useState } from "react"
import { useT } from "../../i18n/index.ts"
import { ContactButton } from "../shell/ContactButton.tsx"
import { Header } from "../shell/Header.tsx"
import { NavDrawer } from "../shell/NavDrawer.tsx"
import { RightPanel } from "../shell/RightPanel.tsx"
import { RightPanelProvider, useRightPanel } from "../shell/RightPanelContext.tsx"
import { Sidebar } from "../shell/Sidebar.tsx"
import { StorageProvider } from "../shell/StorageContext.tsx"
import { useNarrow } from "../shell/useNarrow.ts"
import { useSidebar } from "../shell/useSidebar.ts"
import * as css from "./DashboardLayout.css.ts"
import { sections } from "../../contract/routes.ts"

export interface DashboardLayoutProps {
  /** The current path without locale prefix. */
  path: string
  children: ReactNode
}

export const DashboardLayout = ({ path, children }: DashboardLayoutProps) => (
  <RightPanelProvider>
    <StorageProvider>
      <DashboardFrame path={path}>{children}</DashboardFrame>
    </StorageProvider>
  </RightPanelProvider>
)

const isSlideViewer = (path: string) => /^\/dashboard\/labs\/[^/]+\/annotations\/?$/.test(path)

const DashboardFrame = ({ path, children }: DashboardLayoutProps) => {
  const t = useT()
  // The slide viewer gives the slide the room: the sidebar folds to its rail there (issue 16).
  const sidebar = useSidebar(path.startsWith(`${sections.settings}/`) ? "settings" : isSlideViewer(path) ? "viewer" : "other")
  const { panel } = useRightPanel()
  const narrow = useNarrow()
  const [drawerOpen, setDrawerOpen] = useState(false)
  // A link in the drawer took you somewhere (or the window grew past the breakpoint): it closes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path and the width are the triggers
  useEffect(() => setDrawerOpen(false), [path, narrow])
  return (
    <div className={css.shell}>
      <a href="#main-content" className={css.skipLink}>
        {t("common.skipToContent")}
      </a>
      {narrow ? (
        <NavDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} path={path} />
      ) : (
        <Sidebar expanded={sidebar.expanded} hydrated={sidebar.hydrated} path={path} />
      )}
      <div className={css.main}>
        <Header
          path={path}
          sidebarExpanded={sidebar.expanded}
          sidebarForced={sidebar.forced}
          onToggleSidebar={sidebar.toggle}
          narrow={narrow}
          drawerOpen={drawerOpen}
          onOpenDrawer={() => setDrawerOpen(true)}
        />
        <div className={css.body}>
          <main id="main-content" className={css.content} tabIndex={-1}>
            {children}
          </main>
          <RightPanel />
        </div>
      </div>
      {/* The slide viewer owns its corners (navigator, scale bar); help is one step back. */}
      {/* On a narrow screen an open right panel covers that corner: the button waits for it to close. */}
      {!isSlideViewer(path) && !(narrow && panel !== null) && <ContactButton shifted={panel !== null} />}
    </div>
  )
}

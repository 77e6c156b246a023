// The signed-in frame (spec section 2): left sidebar, header with breadcrumb, the page, the right
// sidebar and the floating contact button. It stays mounted across dashboard navigation, so the
// sidebar and panel keep their state.
import type { ReactNode } from "react"
import { useT } from "../../i18n/index.ts"
import { ContactButton } from "../shell/ContactButton.tsx"
import { Header } from "../shell/Header.tsx"
import { RightPanel } from "../shell/RightPanel.tsx"
import { RightPanelProvider, useRightPanel } from "../shell/RightPanelContext.tsx"
import { Sidebar } from "../shell/Sidebar.tsx"
import { StorageProvider } from "../shell/StorageContext.tsx"
import { useSidebar } from "../shell/useSidebar.ts"
import * as css from "./DashboardLayout.css.ts"

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
  const sidebar = useSidebar(path.startsWith("/dashboard/setting/"))
  const { panel } = useRightPanel()
  return (
    <div className={css.shell}>
      <a href="#main-content" className={css.skipLink}>
        {t("common.skipToContent")}
      </a>
      <Sidebar expanded={sidebar.expanded} hydrated={sidebar.hydrated} path={path} />
      <div className={css.main}>
        <Header path={path} sidebarExpanded={sidebar.expanded} sidebarForced={sidebar.forced} onToggleSidebar={sidebar.toggle} />
        <div className={css.body}>
          <main id="main-content" className={css.content} tabIndex={-1}>
            {children}
          </main>
          <RightPanel />
        </div>
      </div>
      {/* The slide viewer owns its corners (navigator, scale bar); help is one step back. */}
      {!isSlideViewer(path) && <ContactButton shifted={panel !== null} />}
    </div>
  )
}

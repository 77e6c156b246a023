// Wraps a page in its layout. Dashboard and settings pages share the same DashboardLayout element at
// the same position, so moving between them keeps the sidebar and the right panel mounted.
import type { ReactNode } from "react"
import { AuthLayout } from "./layouts/AuthLayout.tsx"
import { DashboardLayout } from "./layouts/DashboardLayout.tsx"
import { PublicLayout } from "./layouts/PublicLayout.tsx"
import { SettingsLayout } from "./layouts/SettingsLayout.tsx"
import type { LayoutKind } from "./layout-of.ts"

export const Frame = ({ layout, path, children }: { layout: LayoutKind; path: string; children: ReactNode }) => {
  switch (layout) {
    case "dashboard":
    case "settings":
      return (
        <DashboardLayout path={path}>
          {layout === "settings" ? <SettingsLayout path={path}>{children}</SettingsLayout> : children}
        </DashboardLayout>
      )
    case "auth":
      return <AuthLayout>{children}</AuthLayout>
    case "public":
      return <PublicLayout>{children}</PublicLayout>
    case "bare":
      return children
  }
}

// Wraps a page in its layout. Dashboard and settings pages share the same DashboardLayout element at
// the same position, so moving between them keeps the sidebar and the right panel mounted.
// The workspace layouts load in their own chunk, so the sign-in page does not carry the dashboard.
import { lazy, type ReactNode, Suspense } from "react"
import { AuthLayout } from "./layouts/AuthLayout.tsx"
import { PublicLayout } from "./layouts/PublicLayout.tsx"
import type { LayoutKind } from "./layout-of.ts"
import { PageFallback } from "./PageFallback.tsx"

const DashboardLayout = lazy(() => import("./layouts/DashboardLayout.tsx").then((m) => ({ default: m.DashboardLayout })))
const SettingsLayout = lazy(() => import("./layouts/SettingsLayout.tsx").then((m) => ({ default: m.SettingsLayout })))

export const Frame = ({ layout, path, children }: { layout: LayoutKind; path: string; children: ReactNode }) => {
  switch (layout) {
    case "dashboard":
    case "settings":
      return (
        <Suspense fallback={<PageFallback layout={layout} />}>
          <DashboardLayout path={path}>
            {layout === "settings" ? <SettingsLayout path={path}>{children}</SettingsLayout> : children}
          </DashboardLayout>
        </Suspense>
      )
    case "auth":
      return <AuthLayout>{children}</AuthLayout>
    case "public":
      return <PublicLayout>{children}</PublicLayout>
    case "bare":
      return children
  }
}

// Mounts the signed-in services (realtime, notifications, uploads) around the pages that use them: for
// a signed-in user anywhere, and on workspace pages a guest may open (a public slide). A visitor on
// the landing or sign-in page downloads none of it.
import { lazy, type ReactNode, Suspense } from "react"
import { prepareWorkspaceWords } from "../i18n/index.ts"
import { splitLocale } from "../contract/routes.ts"
import type { LayoutKind } from "./layout-of.ts"
import type { Access } from "../contract/routes.ts"
import { PageFallback } from "./PageFallback.tsx"
import type { SessionStatus } from "./session.tsx"

// The workspace's words arrive with its code, so its first screen is never shown with keys.
const SignedInServices = lazy(() =>
  Promise.all([import("./SignedInServices.tsx"), prepareWorkspaceWords(splitLocale(window.location.pathname).locale)]).then(
    ([module]) => module
  )
)

/** A viewer page (a public folder's or slide's link) uses them for a guest too, in the public frame. */
export const needsServices = (status: SessionStatus, layout: LayoutKind, access: Access = "public"): boolean =>
  status === "signedIn" || layout === "dashboard" || layout === "settings" || access === "viewer"

export const SessionServices = ({ enabled, layout, children }: { enabled: boolean; layout: LayoutKind; children: ReactNode }) =>
  enabled ? (
    <Suspense fallback={<PageFallback layout={layout} />}>
      <SignedInServices>{children}</SignedInServices>
    </Suspense>
  ) : (
    children
  )

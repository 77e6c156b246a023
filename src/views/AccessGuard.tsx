// Who may see a route (spec sections 4 and 6): signed-in pages send signed-out visitors to /login,
// guest pages (/login, /register) send signed-in users to their labs. The locale prefix is kept.
import type { ReactNode } from "react"
import { Redirect } from "wouter"
import { useLocale, useT } from "../i18n/index.ts"
import { FullPageLoading } from "./PageFallback.tsx"
import type { Access } from "./route-table.ts"
import { useSession } from "./session.tsx"

export const AccessGuard = ({ access, children }: { access: Access; children: ReactNode }) => {
  const t = useT()
  const { localePath } = useLocale()
  const { status } = useSession()
  if (access === "signed-in" || access === "viewer") {
    if (status === "unknown") return <FullPageLoading label={t("shell.loading.session")} />
    if (access === "viewer") return children
    if (status === "signedOut") return <Redirect to={localePath("/login")} replace />
  }
  if (access === "guest" && status === "signedIn") return <Redirect to={localePath("/dashboard/labs")} replace />
  return children
}

// Who may see a route: signed-in pages send signed-out visitors to /login, guest pages (/login,
// /register) send signed-in users to their labs. The locale prefix is kept, and so is the place:
// /login?next=<the page asked for>, where signing in returns (return-to.ts).
import type { ReactNode } from "react"
import { Redirect, useSearch } from "wouter"
import { useLocale, useT } from "../i18n/index.ts"
import { returnTarget, signInPathFor } from "../machines/auth/return-to.ts"
import { FullPageLoading } from "./PageFallback.tsx"
import { type Access, splitLocale } from "../contract/routes.ts"
import { useSession } from "./session.tsx"

export const AccessGuard = ({ access, children }: { access: Access; children: ReactNode }) => {
  const t = useT()
  const { localePath } = useLocale()
  const { status } = useSession()
  const search = useSearch()
  if (access === "signed-in" || access === "viewer") {
    if (status === "unknown") return <FullPageLoading label={t("shell.loading.session")} />
    if (access === "viewer") return children
    if (status === "signedOut") {
      const { path } = splitLocale(window.location.pathname)
      return <Redirect to={localePath(signInPathFor(`${path}${window.location.search}${window.location.hash}`))} replace />
    }
  }
  if (access === "guest" && status === "signedIn") {
    return <Redirect to={localePath(returnTarget(new URLSearchParams(search).get("next")))} replace />
  }
  return children
}

// The router, driven by the route table (src/contract/routes.ts): the locale prefix is split off, the redirects table applied,
// the route's access checked, its layout chosen, and its page lazy-loaded in its own chunk. Unknown
// paths render the 404 page. In-app links go through useLocale().localePath.
import { Suspense } from "react"
import { Redirect, Route, Switch, useLocation, useSearch } from "wouter"
import { useLocale } from "../i18n/index.ts"
import { pathInLocale, readLanguageCookie } from "../i18n/locale.ts"
import { AccessGuard } from "./AccessGuard.tsx"
import { Frame } from "./Frame.tsx"
import { layoutOf } from "./layout-of.ts"
import { PageFallback } from "./PageFallback.tsx"
import { lazyPage } from "./page-modules.ts"
import { RouteErrorBoundary } from "./RouteErrorBoundary.tsx"
import { needsServices, SessionServices } from "./SessionServices.tsx"
import { useSession } from "./session.tsx"
import { matchRoute, redirects, routeTable, splitLocale } from "../contract/routes.ts"
import { withoutTrailingSlashes } from "../contract/return-path.ts"

const NotFoundPage = lazyPage("public/NotFoundPage")!

export const Routes = () => {
  const [location] = useLocation()
  const search = useSearch()
  const { localePath } = useLocale()
  const { status } = useSession()
  const { locale, path } = splitLocale(location)

  const redirect = redirects[withoutTrailingSlashes(path)]
  if (redirect) return <Redirect to={localePath(redirect)} replace />
  // A visitor who chose Indonesian opens every page without a prefix in its /id form (the server does it
  // on the first answer; this covers links followed inside the app). An /id link always opens in
  // Indonesian and remembers it (I18nProvider).
  if (locale === "en" && readLanguageCookie(document.cookie) === "id")
    return <Redirect to={`${pathInLocale(path, "id")}${search ? `?${search}` : ""}${window.location.hash}`} replace />

  const entry = matchRoute(path)
  // A route whose page module does not exist (yet) shows the 404 in its own frame, not inside a layout.
  const layout = entry && lazyPage(entry.page) ? layoutOf(entry, status === "signedOut") : "bare"
  return (
    <SessionServices enabled={needsServices(status, layout, entry?.access)} layout={layout}>
      <AccessGuard access={entry?.access ?? "public"}>
        <Frame layout={layout} path={path}>
          <RouteErrorBoundary key={path}>
            <Suspense fallback={<PageFallback layout={layout} />}>
              <Switch location={path}>
                {routeTable.map((route) => {
                  const Page = lazyPage(route.page) ?? NotFoundPage
                  return <Route key={route.path} path={route.path} component={Page} />
                })}
                <Route component={NotFoundPage} />
              </Switch>
            </Suspense>
          </RouteErrorBoundary>
        </Frame>
      </AccessGuard>
    </SessionServices>
  )
}

// Every page of the SPA as data: its path pattern, who may see it, and the page module that renders
// it. The router (routes.tsx) and the server (404 status, /script companions) both read this table.

/**
 * public: anyone; guest: only signed-out visitors (sign-in pages); signed-in: only signed-in users;
 * viewer: signed-in users in the dashboard, and signed-out visitors too, read-only in the public frame
 * (a folder's or a slide's link, which opens for anyone when the lab is public).
 */
export type Access = "public" | "guest" | "signed-in" | "viewer"

export interface RouteEntry {
  /** wouter pattern, without the /id locale prefix. */
  readonly path: string
  /** Module under src/views/pages that renders the page; also the name of its code chunk. */
  readonly page: string
  readonly access: Access
}

const r = (path: string, page: string, access: Access): RouteEntry => ({ path, page, access })

export const routeTable: ReadonlyArray<RouteEntry> = [
  r("/", "public/LandingPage", "public"),
  r("/login", "auth/LoginPage", "guest"),
  r("/register", "auth/RegisterPage", "guest"),
  r("/registered", "auth/RegisteredPage", "public"),
  r("/verify", "auth/VerifyPage", "public"),
  r("/unverified", "auth/UnverifiedPage", "public"),
  r("/reset-password", "auth/ResetPasswordPage", "public"),
  r("/password-reset-confirm/:uid/:token", "auth/PasswordResetConfirmPage", "public"),
  r("/reset-mfa", "auth/ResetMfaPage", "public"),
  r("/request-scan", "public/RequestScanPage", "public"),
  r("/eula", "public/EulaPage", "public"),
  r("/eula-bahasa", "public/EulaBahasaPage", "public"),
  r("/notfound", "public/NotFoundPage", "public"),
  r("/dev/loading-suspense", "public/LoadingSuspensePage", "public"),
  r("/dev/flows", "dev/FlowsPage", "public"),
  r("/dashboard/setting/account", "settings/AccountPage", "signed-in"),
  r("/dashboard/setting/profile", "settings/ProfilePage", "signed-in"),
  r("/dashboard/setting/password", "settings/PasswordPage", "signed-in"),
  r("/dashboard/setting/2fa", "settings/TwoFactorPage", "signed-in"),
  r("/dashboard/setting/activities", "settings/ActivitiesPage", "signed-in"),
  r("/dashboard/setting/billing", "settings/BillingPage", "signed-in"),
  r("/dashboard/setting/billings", "settings/BillingPage", "signed-in"),
  r("/dashboard/setting/scan-requests", "settings/ScanRequestsPage", "signed-in"),
  r("/dashboard/labs/:id/annotations", "dashboard/SlidePage", "viewer"),
  r("/dashboard/labs", "dashboard/LabsPage", "signed-in"),
  r("/dashboard/labs/*", "dashboard/LabsPage", "viewer"),
  r("/dashboard/recent", "dashboard/RecentPage", "signed-in"),
  r("/dashboard/favorite", "dashboard/FavoritePage", "signed-in"),
  r("/dashboard/shared", "dashboard/SharedPage", "signed-in"),
  r("/dashboard/trash", "dashboard/TrashPage", "signed-in"),
  r("/dashboard/pricing", "dashboard/PricingPage", "signed-in"),
  r("/dashboard/invoices", "dashboard/InvoicesPage", "signed-in"),
  r("/dashboard/invoices/:id", "dashboard/InvoicesPage", "signed-in"),
  r("/dashboard/staff/scan-requests", "dashboard/StaffScanRequestsPage", "signed-in"),
  r("/dashboard/staff/payments", "dashboard/StaffPaymentsPage", "signed-in"),
  r("/dashboard/train-ai", "dashboard/ComingSoonPage", "signed-in"),
  r("/dashboard/help-faq", "dashboard/ComingSoonPage", "signed-in")
]

/** Paths that only redirect (spec section 2: the old billing pages). */
export const redirects: Readonly<Record<string, string>> = {
  "/dashboard/billings": "/dashboard/setting/account",
  "/dashboard/billings/invoice": "/dashboard/setting/account",
  "/dashboard": "/dashboard/labs",
  "/dashboard/setting": "/dashboard/setting/account"
}

export const LOCALE_PREFIX = "/id"

/** Splits "/id/login" into the locale and the path the table knows ("/login"). */
export const splitLocale = (pathname: string): { locale: "en" | "id"; path: string } => {
  if (pathname === LOCALE_PREFIX || pathname.startsWith(`${LOCALE_PREFIX}/`)) {
    return { locale: "id", path: pathname.slice(LOCALE_PREFIX.length) || "/" }
  }
  return { locale: "en", path: pathname }
}

const toRegExp = (pattern: string): RegExp =>
  new RegExp(
    `^${pattern
      .replace(/[.+?^${}()|[\]\\]/g, "\\$&")
      .replace(/\/\*$/, "/.+")
      .replace(/:[A-Za-z]+/g, "[^/]+")}/?$`
  )

const compiled = routeTable.map((entry) => ({ entry, re: toRegExp(entry.path) }))

/** The table entry for a path without locale prefix, if any. */
export const matchRoute = (path: string): RouteEntry | undefined => compiled.find(({ re }) => re.test(path))?.entry

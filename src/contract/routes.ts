// Every page of the SPA as data: its path pattern, who may see it, and the page module that renders
// it. The router (src/views/routes.tsx) and the server (404 status, /script companions) both read
// this table. The links below build the paths of those pages, so that no view writes one by hand.
import type { Locale } from "./auth.ts"

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
  // Before /dashboard/labs/*, which would take "compare" for a folder's id.
  r("/dashboard/labs/compare", "dashboard/ComparePage", "signed-in"),
  r("/dashboard/labs/:id/annotations", "dashboard/SlidePage", "viewer"),
  r("/dashboard/labs", "dashboard/LabsPage", "signed-in"),
  r("/dashboard/open/:feature", "dashboard/OpenFeaturePage", "signed-in"),
  r("/dashboard/labs/*", "dashboard/LabsPage", "viewer"),
  r("/dashboard/recent", "dashboard/RecentPage", "signed-in"),
  r("/dashboard/favorite", "dashboard/FavoritePage", "signed-in"),
  r("/dashboard/shared", "dashboard/SharedPage", "signed-in"),
  r("/dashboard/trash", "dashboard/TrashPage", "signed-in"),
  r("/dashboard/pricing", "dashboard/PricingPage", "signed-in"),
  r("/dashboard/invoices", "dashboard/InvoicesPage", "signed-in"),
  r("/dashboard/invoices/:id", "dashboard/InvoicesPage", "signed-in"),
  r("/dashboard/staff/scan-requests", "dashboard/StaffScanRequestsPage", "signed-in"),
  r("/dashboard/staff/payments", "dashboard/PaymentReviewPage", "signed-in"),
  r("/dashboard/train-ai", "dashboard/ComingSoonPage", "signed-in"),
  r("/dashboard/help-faq", "dashboard/ComingSoonPage", "signed-in")
]

/** Paths that only redirect: the old billing pages, kept so old links still land somewhere. */
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

/** A path in a language: English at "/", Indonesian under "/id" ("/login" -> "/id/login", "/" -> "/id"). */
export const localised = (path: string, locale: Locale): string => {
  if (locale === "en") return path
  return path === "/" ? LOCALE_PREFIX : `${LOCALE_PREFIX}${path}`
}

const segment = encodeURIComponent

/**
 * The features a link can open on the user's last slide (the landing page's cards), each with the
 * side-panel tab it asks for (`?panel=`), or none for the slide alone (its viewer, its tool rail).
 */
export const slideFeatures = { viewer: null, annotate: null, discuss: "chat", interchange: "annotations", analyse: "analysis" } as const
export type SlideFeature = keyof typeof slideFeatures

export const isSlideFeature = (name: string): name is SlideFeature => Object.hasOwn(slideFeatures, name)

/** A slide's side-panel tabs a link may ask to open. */
export type SlidePanel = "chat" | "comments" | "analysis" | "annotations"

/** The dashboard's sections, as prefixes of the paths inside them. */
export const sections = {
  dashboard: "/dashboard",
  labs: "/dashboard/labs",
  settings: "/dashboard/setting",
  recent: "/dashboard/recent",
  favorite: "/dashboard/favorite",
  shared: "/dashboard/shared",
  trash: "/dashboard/trash",
  trainAi: "/dashboard/train-ai",
  helpFaq: "/dashboard/help-faq"
} as const

/**
 * The pages' paths without the locale prefix (links copied for others carry none, so each reader
 * opens them in their own language); `localised` or the SPA's `localePath` adds it.
 */
export const links = {
  home: () => "/",
  labs: () => sections.labs,
  /** The search page for a query. */
  search: (query: string) => `${sections.labs}?search=${segment(query)}`,
  folder: (id: string) => `${sections.labs}/${segment(id)}`,
  slide: (id: string) => `${sections.labs}/${segment(id)}/annotations`,
  /** A slide with its side panel open on a tab. */
  slidePanel: (id: string, panel: SlidePanel) => `${sections.labs}/${segment(id)}/annotations?panel=${panel}`,
  /** The user's last slide, opened where a feature is used (see slideFeatures). */
  openFeature: (feature: SlideFeature) => `/dashboard/open/${segment(feature)}`,
  /** The compare viewer on these slides, in this order (the set lives in the address, to share it). */
  compare: (...ids: ReadonlyArray<string>) => `${sections.labs}/compare?ids=${ids.map(segment).join(",")}`,
  recent: () => sections.recent,
  favorite: () => sections.favorite,
  shared: () => sections.shared,
  trash: () => sections.trash,
  pricing: () => "/dashboard/pricing",
  invoice: (id: string) => `/dashboard/invoices/${segment(id)}`,
  trainAi: () => sections.trainAi,
  helpFaq: () => sections.helpFaq,
  settings: {
    account: () => `${sections.settings}/account`,
    profile: () => `${sections.settings}/profile`,
    password: () => `${sections.settings}/password`,
    twoFactor: () => `${sections.settings}/2fa`,
    activities: () => `${sections.settings}/activities`,
    /** The billing page's older address, still served. */
    billing: () => `${sections.settings}/billing`,
    billings: () => `${sections.settings}/billings`,
    scanRequests: () => `${sections.settings}/scan-requests`
  },
  staff: {
    payments: () => "/dashboard/staff/payments",
    scanRequests: () => "/dashboard/staff/scan-requests"
  }
} as const

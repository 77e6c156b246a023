// The breadcrumb of a dashboard path: it starts with Home (-> /dashboard/labs); 'setting' links to
// /dashboard/setting/account; 'invoices' sits under settings and links to /dashboard/setting/billings.
// Labels are i18n keys under shell.breadcrumb.
import { folderIdOf } from "../labs/lab-paths.ts"
import type { KeyPart } from "../../i18n/keys.ts"
import { withoutTrailingSlashes } from "../../contract/return-path.ts"
import { links } from "../../contract/routes.ts"

export interface Crumb {
  /** Key under shell.breadcrumb. */
  readonly label: KeyPart<"shell.breadcrumb">
  readonly params?: Record<string, string>
  /** Where the crumb links; the last crumb (the current page) has none. */
  readonly href?: string
  /** A folder's crumb: the folder's id, so the breadcrumb can show its name once the page knows it. */
  readonly labId?: string
}

const home: Crumb = { label: "home", href: links.labs() }
const settings: Crumb = { label: "setting", href: links.settings.account() }

const settingLabels: Readonly<Record<string, KeyPart<"shell.breadcrumb">>> = {
  account: "account",
  profile: "profile",
  password: "password",
  "2fa": "twoFactor",
  activities: "activities",
  billing: "billing",
  billings: "billing",
  "scan-requests": "scanRequests"
}

/** Pages under /dashboard/staff/. */
const staffLabels: Readonly<Record<string, KeyPart<"shell.breadcrumb">>> = {
  "scan-requests": "scanRequests",
  payments: "payments"
}

const pageLabels: Readonly<Record<string, KeyPart<"shell.breadcrumb">>> = {
  recent: "recent",
  favorite: "favorite",
  shared: "shared",
  trash: "trash",
  pricing: "pricing",
  "train-ai": "trainAi",
  "help-faq": "helpFaq"
}

/** Drops the link of the last crumb: it is the page you are on. */
const current = (crumbs: Crumb[]): Crumb[] =>
  crumbs.map((crumb, i) => {
    if (i !== crumbs.length - 1) return crumb
    const { href: _link, ...here } = crumb
    return here
  })

export const breadcrumbTrail = (path: string): Crumb[] => {
  const [, root, section, ...rest] = withoutTrailingSlashes(path).split("/")
  if (root !== "dashboard") return []
  if (section === "labs") {
    const labs: Crumb = { label: "labs", href: links.labs() }
    if (rest.length === 0) return current([home, labs])
    if (rest.length === 2 && rest[1] === "annotations") return current([home, labs, { label: "annotations" }])
    // The compare viewer's address sits among the folders' but names none.
    if (rest.length === 1 && rest[0] === "compare") return current([home, labs, { label: "compare" }])
    // The same folder the labs page shows for this path.
    const folderId = folderIdOf(rest.join("/"))
    return current([home, labs, folderId !== null ? { label: "folder", labId: folderId } : { label: "folder" }])
  }
  if (section === "setting") {
    const page = settingLabels[rest[0] ?? "account"] ?? "account"
    return current([home, settings, { label: page }])
  }
  if (section === "invoices") {
    const invoices: Crumb = { label: "invoices", href: links.settings.billings() }
    const id = rest[0]
    return current(id ? [home, settings, invoices, { label: "invoice", params: { id } }] : [home, settings, invoices])
  }
  if (section === "staff") {
    const page = staffLabels[rest[0] ?? ""]
    return current(page ? [home, { label: "staff" }, { label: page }] : [home, { label: "staff" }])
  }
  const label = section ? pageLabels[section] : undefined
  return label ? current([home, { label }]) : current([home])
}

/** A trail inside a lab shared with the reader starts at Shared Lab, not at the owner's All Files. */
export const fromSharedLab = (trail: ReadonlyArray<Crumb>): Crumb[] =>
  trail.map((crumb) => (crumb.label === "labs" ? { label: "shared", href: links.shared() } : crumb))

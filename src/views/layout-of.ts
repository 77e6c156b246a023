// Which frame a route renders in. Derived from the route table (one place for paths), not stored in it.
import { type RouteEntry, sections } from "../contract/routes.ts"

export type LayoutKind = "dashboard" | "settings" | "auth" | "public" | "bare"

/** `signedOut`: a visitor without a session, who sees viewer pages (a public folder) in the public frame. */
export const layoutOf = (entry: RouteEntry | undefined, signedOut = false): LayoutKind => {
  if (!entry) return "bare"
  if (entry.access === "viewer" && signedOut) return "public"
  if (entry.path.startsWith(`${sections.settings}/`)) return "settings"
  if (entry.path.startsWith(sections.dashboard)) return "dashboard"
  if (entry.page.startsWith("auth/")) return "auth"
  // The 404 and the loading preview draw their own full-screen frame.
  if (entry.page === "public/NotFoundPage" || entry.page === "public/LoadingSuspensePage" || entry.page.startsWith("dev/")) return "bare"
  return "public"
}

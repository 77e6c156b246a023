// The place a sign-in returns to (`next`): a path of this site only, shared by the SPA (the sign-in
// page, the guards) and the server (the activation link carries it through the mail). Anything else,
// another host as `//evil.com` or `https://evil.com`, a backslash trick, a control character, or a
// sign-in page itself, is refused, so a link can never send a user elsewhere.

/** Longest `next` kept: a page's path and query, never a document. */
export const RETURN_PATH_MAX = 2048

const ORIGIN = "https://preparat.invalid"

/** Pages that are not a place to return to: the sign-in flow itself. */
const notPlaces = ["/login", "/register", "/registered", "/verify", "/unverified", "/reset-password", "/reset-mfa"]

const withoutLocale = (pathname: string): string =>
  pathname === "/id" ? "/" : pathname.startsWith("/id/") ? pathname.slice("/id".length) : pathname

/**
 * The path without the slashes that end it. A loop from the end: /\/+$/ tries every slash of a long
 * run followed by anything else as a start, quadratic in the run (a crafted link of 100,000 slashes
 * held the page for seconds). Shared with the views that compare paths.
 */
export const withoutTrailingSlashes = (path: string): string => {
  let end = path.length
  while (end > 0 && path.charCodeAt(end - 1) === 47) end--
  return path.slice(0, end)
}

/** The same-origin path to return to, without its /id locale prefix, or null when `raw` is not one. */
export const safeReturnPath = (raw: string | null | undefined): string | null => {
  if (typeof raw !== "string" || raw.length === 0 || raw.length > RETURN_PATH_MAX) return null
  // A path of this site starts with one slash; `//host` and `/\host` are another host to a browser.
  if (!raw.startsWith("/") || raw.startsWith("//")) return null
  // Browsers drop tabs and newlines inside URLs and read backslashes as slashes: refuse them all.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
  if (/[\u0000-\u001f\u007f\\]/.test(raw)) return null
  let url: URL
  try {
    url = new URL(raw, ORIGIN)
  } catch {
    return null
  }
  if (url.origin !== ORIGIN) return null
  const path = withoutLocale(url.pathname)
  if (notPlaces.includes(withoutTrailingSlashes(path))) return null
  return `${path}${url.search}${url.hash}`
}

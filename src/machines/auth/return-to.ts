// Where sign-in takes a user back to: the page they opened signed out, carried in the `next` query
// parameter of /login (and through registration and activation). The rule of what may be kept is
// the contract's (src/contract/return-path.ts), shared with the server; this adds the addresses.
import { safeReturnPath } from "../../contract/return-path.ts"

export { safeReturnPath } from "../../contract/return-path.ts"

export const HOME_PATH = "/dashboard/labs"

/** Where to go once signed in: the kept place, or the labs. */
export const returnTarget = (raw: string | null | undefined): string => safeReturnPath(raw) ?? HOME_PATH

/** The sign-in page's address that keeps `place` (a locale-free path with its query), for `localePath`. */
export const signInPathFor = (place: string | null): string => {
  const kept = safeReturnPath(place)
  return kept && kept !== HOME_PATH ? `/login?${new URLSearchParams({ next: kept }).toString()}` : "/login"
}

/** A `next` to pass on to another sign-in page (register, unverified, verify), or "". */
export const nextQuery = (raw: string | null | undefined, prefix: "?" | "&" = "?"): string => {
  const kept = safeReturnPath(raw)
  return kept && kept !== HOME_PATH ? `${prefix}next=${encodeURIComponent(kept)}` : ""
}

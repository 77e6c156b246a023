// Where a lab opens: a folder at its folder page, a file in the slide viewer (src/contract/routes.ts
// builds both). Paths are without the locale prefix; links copied for others carry none either, so
// each reader opens them in their own language.
import { links } from "../../contract/routes.ts"

export const labPath = (lab: { readonly id: string; readonly is_dir: boolean }): string =>
  lab.is_dir ? links.folder(lab.id) : links.slide(lab.id)

/** The shareable address of a lab on this site. */
export const labLink = (lab: { readonly id: string; readonly is_dir: boolean }, origin: string): string => `${origin}${labPath(lab)}`

/** The folder a /dashboard/labs/* path shows: its last segment ("/dashboard/labs/a/b" is folder b). */
export const folderIdOf = (rest: string | undefined): string | null => {
  const segments = (rest ?? "").split("/").filter((segment) => segment !== "")
  const last = segments.at(-1)
  return last === undefined ? null : decodeURIComponent(last)
}

/** The search page for a query. */
export const searchPath = links.search

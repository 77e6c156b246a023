// Where "back" leads from a slide: its folder when the reader may see it, else All File for a
// signed-in user; a visitor who sees no folder above the slide has nowhere to go back to.
import type { LabDetail } from "../../contract/labs.ts"

export interface BackTarget {
  readonly href: string
  /** The folder's name; null for All File (the caller names it in the page's language). */
  readonly name: string | null
}

export const backTarget = (lab: Pick<LabDetail, "breadcrumb">, signedIn: boolean): BackTarget | null => {
  const parent = lab.breadcrumb.at(-1)
  if (parent) return { href: `/dashboard/labs/${encodeURIComponent(parent.id)}`, name: parent.name }
  return signedIn ? { href: "/dashboard/labs", name: null } : null
}

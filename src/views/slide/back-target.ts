// Where "back" leads from a slide: its folder when the reader may see it, else where the reader's
// trail starts (All Files, or Shared Lab for a slide shared with them: trail-root.ts) for a signed-in
// user; a visitor who sees no folder above the slide has nowhere to go back to.
import type { LabDetail } from "../../contract/labs.ts"
import { type TrailRoot, trailRoot } from "../labs/trail-root.ts"
import { links } from "../../contract/routes.ts"

export interface BackTarget {
  readonly href: string
  /** The folder's name; null for the trail's root (the caller names it in the page's language). */
  readonly name: string | null
  /** The root's key under labs.path when `name` is null. */
  readonly root: TrailRoot["label"]
}

export const backTarget = (lab: Pick<LabDetail, "breadcrumb" | "role">, signedIn: boolean): BackTarget | null => {
  const root = trailRoot(lab.role)
  const parent = lab.breadcrumb.at(-1)
  if (parent) return { href: links.folder(parent.id), name: parent.name, root: root.label }
  return signedIn ? { href: root.href, name: null, root: root.label } : null
}

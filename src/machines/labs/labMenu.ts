// Which entries a lab's menu offers (right-click and the "⋯" button), in the spec's order with the
// destructive one last, hidden by role as the server's matrix would refuse them. A menu on several
// selected labs offers what applies to all of them at once.
import type { Role } from "../../contract/labs.ts"
import { can, canAll } from "../../contract/permissions.ts"

export type LabMenuEntry = "open" | "rename" | "move" | "favorite" | "unfavorite" | "info" | "share" | "copyLink" | "compare" | "delete"

export interface MenuLab {
  readonly role: Role | null
  readonly is_favorite: boolean
  /** A slide ready to view (not a folder, not still processing) may be compared with others. */
  readonly is_dir?: boolean
  readonly status?: string | null
}

const viewable = (lab: MenuLab) => lab.is_dir === false && lab.status === "ready"

export const menuFor = (labs: ReadonlyArray<MenuLab>): ReadonlyArray<LabMenuEntry> => {
  const [only] = labs
  // Slides side by side: more than four is the compare viewer's to refuse, with the spec's words.
  if (labs.length > 1)
    return ["info", ...(labs.every(viewable) ? (["compare"] as const) : []), ...(canAll(labs, "lab.delete") ? (["delete"] as const) : [])]
  if (only === undefined) return []
  const entries: Array<LabMenuEntry> = ["open"]
  if (can(only.role, "lab.rename")) entries.push("rename")
  if (can(only.role, "lab.move")) entries.push("move")
  if (can(only.role, "lab.favorite")) entries.push(only.is_favorite ? "unfavorite" : "favorite")
  entries.push("info")
  if (can(only.role, "members.invite")) entries.push("share")
  entries.push("copyLink")
  if (can(only.role, "lab.delete")) entries.push("delete")
  return entries
}

// The one permission matrix (DESIGN.md section 5). Every endpoint asks `can(role, action)` on the
// server; the SPA mirrors it only to hide what a role cannot do. A member of a folder holds the same
// role on everything inside it; the nearest membership up the tree wins.

export type Role = "owner" | "admin" | "reviewer"

/** Who is asking about one lab: a role through membership, or none. */
export type Standing = Role | "stranger" | "guest"

export type Action =
  | "lab.view" // see the lab, its info, metadata, thumbnail, tiles, children
  | "lab.create" // create a folder or upload a file inside it
  | "lab.rename"
  | "lab.move" // move it, or move something into it
  | "lab.delete" // to trash
  | "lab.restore"
  | "lab.purge" // delete forever
  | "lab.publish" // public access toggle and metadata edits
  | "lab.favorite"
  | "lab.download" // the original file as uploaded
  | "members.view"
  | "members.invite"
  | "members.change-role"
  | "members.remove"
  | "members.transfer"
  | "members.leave" // remove one's own membership

const matrix: Readonly<Record<Action, ReadonlyArray<Standing>>> = {
  "lab.view": ["owner", "admin", "reviewer"],
  "lab.create": ["owner", "admin"],
  "lab.rename": ["owner", "admin"],
  "lab.move": ["owner", "admin"],
  "lab.delete": ["owner", "admin"],
  "lab.restore": ["owner"],
  "lab.purge": ["owner"],
  "lab.publish": ["owner", "admin"],
  "lab.favorite": ["owner", "admin", "reviewer"],
  "lab.download": ["owner", "admin"],
  "members.view": ["owner", "admin", "reviewer"],
  "members.invite": ["owner", "admin"],
  "members.change-role": ["owner", "admin"],
  "members.remove": ["owner", "admin"],
  "members.transfer": ["owner"],
  "members.leave": ["admin", "reviewer"]
}

/** What anyone, signed in or not, may do on a public lab they hold no role on: look. */
const publicActions: ReadonlySet<Action> = new Set(["lab.view"])

export const can = (standing: Standing, action: Action, isPublic = false): boolean =>
  matrix[action].includes(standing) || (isPublic && publicActions.has(action))

export const actions = Object.keys(matrix) as ReadonlyArray<Action>
export const standings: ReadonlyArray<Standing> = ["owner", "admin", "reviewer", "stranger", "guest"]

/**
 * Why an action is refused, if it is: "hidden" when the asker may not even see the lab (answered
 * like a missing lab, 404, or 401 to a guest, so existence is never revealed), "forbidden" (403)
 * when they see it but may not do this.
 */
export const refusal = (standing: Standing, action: Action, isPublic: boolean): "hidden" | "forbidden" | undefined => {
  if (!can(standing, "lab.view", isPublic)) return "hidden"
  return can(standing, action, isPublic) ? undefined : "forbidden"
}

/** Roles an admin may hand out; only the owner transfers ownership, and the owner's row is fixed. */
export const assignableRoles: ReadonlyArray<Role> = ["admin", "reviewer"]

/**
 * Staff run the lab's own services (scanning slides sent in, checking payments): a flag on the
 * account, set only by an operator, never a role on a lab.
 */
export const isStaff = (user: { readonly is_staff: number } | undefined): boolean => user?.is_staff === 1

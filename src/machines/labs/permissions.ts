// The SPA's mirror of the server's permission matrix (server/domain/permissions.ts), used only to
// hide what a role cannot do: the server refuses it anyway. A null role is a stranger looking at a
// public lab, or a guest: they may only look.
import type { Role } from "../../contract/labs.ts"

export type LabAbility =
  | "create" // a folder inside it
  | "rename"
  | "move"
  | "delete"
  | "share" // invite collaborators
  | "publish" // the public toggle and the metadata
  | "favorite"

const matrix: Readonly<Record<LabAbility, ReadonlyArray<Role>>> = {
  create: ["owner", "admin"],
  rename: ["owner", "admin"],
  move: ["owner", "admin"],
  delete: ["owner", "admin"],
  share: ["owner", "admin"],
  publish: ["owner", "admin"],
  favorite: ["owner", "admin", "reviewer"]
}

export const can = (role: Role | null, ability: LabAbility): boolean => role !== null && matrix[ability].includes(role)

/** Every lab of a selection allows it (a selection is acted on together or not at all). */
export const canAll = (labs: ReadonlyArray<{ readonly role: Role | null }>, ability: LabAbility): boolean =>
  labs.length > 0 && labs.every((lab) => can(lab.role, ability))

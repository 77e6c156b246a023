// What an invitation does to someone already on the lab. Invitations never lower anyone: someone
// holding the invited role or a higher one (here or on a folder above) is left as they are; someone
// holding a lower role on this lab is raised to the invited one; anyone else gets a membership of
// their own on this lab (a lower inherited role is then outranked by it). Roles go down only through
// an explicit role change (PUT /v2/members/{id}/).
import type { Role } from "./permissions.ts"

export const roleRank: Readonly<Record<Role, number>> = { reviewer: 1, admin: 2, owner: 3 }

export type InvitationOutcome = "unchanged" | "raised" | "added"

export interface Existing {
  readonly role: Role
  /** The membership is on this lab itself, not inherited from a folder above. */
  readonly onThisLab: boolean
}

export const invitationOutcome = (existing: Existing | undefined, invited: Role): InvitationOutcome => {
  if (existing && roleRank[existing.role] >= roleRank[invited]) return "unchanged"
  return existing?.onThisLab ? "raised" : "added"
}

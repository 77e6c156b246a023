// Who the asker is on one lab, from the lab's chain of folders up to its root. Pure: the query
// that reads the chain is in server/db/lab-access.ts.
//
// The owner of a tree is owner of everything inside; otherwise the nearest membership up the tree
// wins (a reviewer on a folder inside a folder they administer is a reviewer there); a lab is public
// when it or any folder above it is.
import type { Role } from "../../src/contract/labs.ts"
import type { Standing } from "./permissions.ts"

export interface ChainLink {
  readonly id: string
  readonly name: string
  readonly owner_id: string
  readonly is_public: number
  /** The asker's own membership role on this very lab, if any. */
  readonly role: Role | null
}

export interface Access {
  readonly standing: Standing
  readonly isPublic: boolean
}

/** `chain[0]` is the lab itself, then its parent, up to the root. */
export const accessFromChain = (chain: ReadonlyArray<ChainLink>, userId: string | undefined): Access => {
  const isPublic = chain.some((link) => link.is_public === 1)
  if (userId === undefined) return { standing: "guest", isPublic }
  if (chain[0]?.owner_id === userId) return { standing: "owner", isPublic }
  const membership = chain.find((link) => link.role !== null)
  return { standing: membership?.role ?? "stranger", isPublic }
}

/** The role a lab answer shows: owner, admin or reviewer, or null for a stranger or guest. */
export const roleOf = (standing: Standing): Role | null =>
  standing === "owner" || standing === "admin" || standing === "reviewer" ? standing : null

/**
 * The folders above the lab that the asker may see, outermost first. Seeing a folder means seeing
 * all inside it, so the visible part of the chain is the part below the outermost folder where the
 * asker holds a role or that is public.
 */
export const visibleAncestors = (
  chain: ReadonlyArray<ChainLink>,
  userId: string | undefined
): ReadonlyArray<{ id: string; name: string }> => {
  const out: Array<{ id: string; name: string }> = []
  let seen = false
  for (let i = chain.length - 1; i >= 1; i--) {
    const link = chain[i]!
    seen ||= link.is_public === 1 || (userId !== undefined && (link.owner_id === userId || link.role !== null))
    if (seen) out.push({ id: link.id, name: link.name })
  }
  return out
}

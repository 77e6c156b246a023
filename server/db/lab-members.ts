// The collaborators of a lab: memberships held on the lab or on any folder above it, one per
// person, the nearest winning (the same rule as standing.ts). Pending invitations are members
// without a user yet; they are told apart by email, which is how they will be attached.
import { type Kysely, sql } from "kysely"
import type { Collaborator } from "../../src/contract/labs.ts"
import { avatarUrl } from "../domain/profile.ts"
import { MAX_DEPTH } from "./lab-access.ts"
import { containsPattern } from "./lab-listing.ts"
import type { Database, UsersTable } from "./schema.ts"

type Db = Kysely<Database>

export interface MemberRow {
  readonly id: string
  readonly lab_id: string
  readonly user_id: string | null
  readonly email: string
  readonly role: "admin" | "reviewer"
  readonly name: string | null
  readonly username: string | null
  readonly avatar: string | null
}

const effective = (labId: string, ownerId: string, search: string | undefined) => {
  const pattern = search ? containsPattern(search) : undefined
  return sql`
    WITH RECURSIVE up(id, depth) AS (
      SELECT id, 0 FROM labs WHERE id = ${labId}
      UNION ALL
      SELECT l.parent_id, up.depth + 1 FROM labs l JOIN up ON l.id = up.id WHERE l.parent_id IS NOT NULL AND up.depth < ${MAX_DEPTH}
    ),
    ranked AS (
      SELECT m.id, m.lab_id, m.user_id, m.email, m.role, ROW_NUMBER() OVER (PARTITION BY m.email ORDER BY up.depth) AS rn
      FROM up CROSS JOIN lab_members m WHERE m.lab_id = up.id
    ),
    members AS (
      SELECT r.id, r.lab_id, r.user_id, r.email, r.role, u.name, u.username, u.avatar
      FROM ranked r LEFT JOIN users u ON u.id = r.user_id
      WHERE r.rn = 1 AND (r.user_id IS NULL OR r.user_id <> ${ownerId})
      ${
        pattern === undefined
          ? sql``
          : sql`AND (lower(coalesce(u.name, '')) LIKE ${pattern} ESCAPE '\\' OR r.email LIKE ${pattern} ESCAPE '\\'
                 OR lower(coalesce(u.username, '')) LIKE ${pattern} ESCAPE '\\')`
      }
    )`
}

/** A page of the lab's members (not the owner), by name, pending ones by email. */
export const membersPage = async (
  db: Db,
  labId: string,
  ownerId: string,
  options: { readonly search?: string | undefined; readonly limit: number; readonly offset: number }
): Promise<{ rows: ReadonlyArray<MemberRow>; count: number }> => {
  const base = effective(labId, ownerId, options.search)
  const [rows, total] = await Promise.all([
    sql<MemberRow>`${base} SELECT * FROM members ORDER BY lower(coalesce(name, email)), email LIMIT ${options.limit} OFFSET ${options.offset}`.execute(
      db
    ),
    sql<{ n: number }>`${base} SELECT count(*) AS n FROM members`.execute(db)
  ])
  return { rows: rows.rows, count: Number(total.rows[0]?.n ?? 0) }
}

/** Every member of the lab (not the owner), for invitations and suggestions. */
export const allMembers = async (db: Db, labId: string, ownerId: string): Promise<ReadonlyArray<MemberRow>> =>
  (await sql<MemberRow>`${effective(labId, ownerId, undefined)} SELECT * FROM members`.execute(db)).rows

export const toCollaborator = (row: MemberRow, labId: string): Collaborator => ({
  id: row.id,
  user_id: row.user_id,
  email: row.email,
  name: row.name ?? row.email,
  username: row.username,
  avatar: avatarUrl(row.avatar),
  role_member: row.role,
  is_pending: row.user_id === null,
  lab_id: row.lab_id,
  is_inherited: row.lab_id !== labId
})

export const ownerCollaborator = (
  owner: Pick<UsersTable, "id" | "email" | "name" | "username" | "avatar">,
  labId: string
): Collaborator => ({
  id: "owner",
  user_id: owner.id,
  email: owner.email,
  name: owner.name,
  username: owner.username,
  avatar: avatarUrl(owner.avatar),
  role_member: "owner",
  is_pending: false,
  lab_id: labId,
  is_inherited: false
})

/** Whether the owner matches a members search (the owner's row is listed first when it does). */
export const ownerMatches = (owner: Pick<UsersTable, "email" | "name" | "username">, search: string | undefined): boolean => {
  if (!search) return true
  const needle = search.toLowerCase()
  return [owner.name, owner.email, owner.username ?? ""].some((field) => field.toLowerCase().includes(needle))
}

/**
 * The owner row then the members, paged as one list: page 1 starts with the owner, so later pages
 * are shifted by one.
 */
export const collaboratorsPage = async (
  db: Db,
  labId: string,
  owner: Pick<UsersTable, "id" | "email" | "name" | "username" | "avatar">,
  options: { readonly search?: string | undefined; readonly limit: number; readonly offset: number }
): Promise<{ results: Collaborator[]; count: number }> => {
  const withOwner = ownerMatches(owner, options.search)
  const shift = withOwner ? 1 : 0
  const ownerOnPage = withOwner && options.offset === 0
  const memberOffset = Math.max(0, options.offset - shift)
  const memberLimit = ownerOnPage ? options.limit - 1 : options.limit
  const { rows, count } = await membersPage(db, labId, owner.id, {
    search: options.search,
    limit: Math.max(memberLimit, 0),
    offset: memberOffset
  })
  const results = [
    ...(ownerOnPage ? [ownerCollaborator(owner, labId)] : []),
    ...rows.slice(0, memberLimit).map((r) => toCollaborator(r, labId))
  ]
  return { results, count: count + shift }
}

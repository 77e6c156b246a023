// How lab rows appear on the wire. One call presents a whole page: the owners and the asker's
// favorites are read together in one statement, never once per lab.
import { type Kysely, sql } from "kysely"
import type { Lab, Role, Scanner, UploadStatus } from "../../src/contract/labs.ts"
import type { UserSummary } from "../../src/contract/users.ts"
import { storedAutoTags } from "../domain/auto-tags.ts"
import { toUserSummary } from "../domain/profile.ts"
import { slideUrls } from "../domain/slide-urls.ts"
import { accessFromChain, type ChainLink, roleOf } from "../domain/standing.ts"
import { type LabRow, linksOf } from "./lab-access.ts"
import type { Database } from "./schema.ts"

type Db = Kysely<Database>

/** The asker's view of one lab: their role on it and whether it is public (itself or above). */
export interface LabView {
  readonly role: Role | null
  readonly isPublic: boolean
}

/** Shown where a lab's owner no longer exists. */
export const deletedOwner: UserSummary = { id: "", email: "", name: "", username: null, avatar: null }

/**
 * The owners of a page's labs and which of its labs the asker marked as favorites, in one statement
 * (one round trip to PostgreSQL instead of two): rows of users, then rows of favorites, told apart
 * by `kind`.
 */
const ownersAndFavorites = async (
  db: Db,
  userId: string | undefined,
  ownerIds: ReadonlyArray<string>,
  labIds: ReadonlyArray<string>
): Promise<{ readonly owners: Map<string, UserSummary>; readonly favorites: Set<string> }> => {
  const ids = [...new Set(ownerIds)]
  if (ids.length === 0) return { owners: new Map(), favorites: new Set() }
  const favorites =
    userId === undefined || labIds.length === 0
      ? sql``
      : sql`UNION ALL SELECT 'f', lab_id, NULL, NULL, NULL, NULL FROM lab_favorites WHERE user_id = ${userId} AND lab_id IN (${sql.join(labIds)})`
  const { rows } = await sql<{ kind: "u" | "f"; id: string; email: string; name: string; username: string | null; avatar: string | null }>`
    SELECT 'u' AS kind, id, email, name, username, avatar FROM users WHERE id IN (${sql.join(ids)})
    ${favorites}`.execute(db)
  const result = { owners: new Map<string, UserSummary>(), favorites: new Set<string>() }
  for (const row of rows) {
    if (row.kind === "u") result.owners.set(row.id, toUserSummary(row))
    else result.favorites.add(row.id)
  }
  return result
}

/** The columns of a lab that its answer shows (lists read only these). */
export const WIRE_COLUMNS = [
  "id",
  "name",
  "is_dir",
  "parent_id",
  "status",
  "size",
  "created_at",
  "updated_at",
  "is_public",
  "owner_id",
  "slide_key",
  "width",
  "height",
  "mpp",
  "auto_tags"
] as const
export type WireRow = Pick<LabRow, (typeof WIRE_COLUMNS)[number]>

/** A listed lab's shown columns, with the asker's favorite and membership and the owner's summary. */
export interface ListedRow extends WireRow {
  readonly favorite_of: string | null
  readonly member_role: "admin" | "reviewer" | null
  readonly owner_email: string | null
  readonly owner_name: string | null
  readonly owner_username: string | null
  readonly owner_avatar: string | null
}

/** A file's slide fields: URLs once its pyramid is built, nulls before (and for folders). */
export const slideFields = (row: Pick<LabRow, "id" | "is_dir" | "slide_key" | "width" | "height" | "mpp">) => {
  const urls = row.is_dir === 0 && row.slide_key ? slideUrls(row.id, row.slide_key) : undefined
  return {
    thumbnail: urls?.thumbnail ?? null,
    thumbnail_url: urls?.thumbnailUrl ?? null,
    tile_source: urls?.tileSource ?? null,
    width: row.width ?? null,
    height: row.height ?? null,
    mpp: row.mpp ?? null
  }
}

export const toLab = (row: WireRow, view: LabView, owner: UserSummary | undefined, isFavorite: boolean): Lab => {
  const tags = row.is_dir === 0 ? storedAutoTags(row.auto_tags) : undefined
  return {
    id: row.id,
    name: row.name,
    is_dir: row.is_dir === 1,
    parent: row.parent_id,
    status: row.is_dir === 1 ? null : ((row.status as UploadStatus | null) ?? null),
    ...slideFields(row),
    size: Number(row.size),
    created_at: row.created_at,
    updated_at: row.updated_at,
    is_favorite: isFavorite,
    is_public: view.isPublic,
    role: view.role,
    user: owner ?? deletedOwner,
    ...(tags === undefined ? {} : { auto_tags: tags })
  }
}

/** Presents rows whose view the caller already knows (a folder's children, the owner's root). */
export const presentLabs = async (
  db: Db,
  rows: ReadonlyArray<LabRow>,
  userId: string | undefined,
  viewOf: (row: LabRow) => LabView
): Promise<Lab[]> => {
  const { owners, favorites } = await ownersAndFavorites(
    db,
    userId,
    rows.map((r) => r.owner_id),
    rows.map((r) => r.id)
  )
  return rows.map((row) => toLab(row, viewOf(row), owners.get(row.owner_id), favorites.has(row.id)))
}

/** The asker's view of labs found anywhere (search, favorites, recents, shared), from their chains. */
export const viewsOf = async (
  db: Db,
  rows: ReadonlyArray<{ readonly id: string }>,
  userId: string | undefined
): Promise<Map<string, LabView>> => {
  const chains = await linksOf(
    db,
    rows.map((r) => r.id),
    userId
  )
  const views = new Map<string, LabView>()
  for (const row of rows) {
    const access = accessFromChain(chains.get(row.id) ?? [], userId)
    views.set(row.id, { role: roleOf(access.standing), isPublic: access.isPublic })
  }
  return views
}

/** Presents labs found anywhere: their views come from their chains. */
export const presentFound = async (db: Db, rows: ReadonlyArray<LabRow>, userId: string | undefined): Promise<Lab[]> => {
  const views = await viewsOf(db, rows, userId)
  return presentLabs(db, rows, userId, (row) => views.get(row.id) ?? { role: null, isPublic: false })
}

/** The owner's summary carried on a listed row (undefined when the owner no longer exists). */
export const ownerOfRow = (row: ListedRow): UserSummary | undefined =>
  row.owner_email === null
    ? undefined
    : toUserSummary({
        id: row.owner_id,
        email: row.owner_email,
        name: row.owner_name ?? "",
        username: row.owner_username,
        avatar: row.owner_avatar
      })

/** Presents found rows that carry their owner, the asker's favorite and their chain: nothing more is read. */
export const presentListed = (
  rows: ReadonlyArray<ListedRow & { readonly chain: ReadonlyArray<ChainLink> }>,
  userId: string | undefined
): Lab[] =>
  rows.map((row) => {
    const access = accessFromChain(row.chain, userId)
    return toLab(row, { role: roleOf(access.standing), isPublic: access.isPublic }, ownerOfRow(row), row.favorite_of !== null)
  })

/** The stored scanner facts (migration 0024) as answered; anything unreadable is no scanner. */
export const scannerOf = (stored: string | null | undefined): Scanner | null => {
  if (!stored) return null
  try {
    const value = JSON.parse(stored) as Partial<Scanner>
    if (typeof value.vendor !== "string") return null
    return {
      vendor: value.vendor,
      model: typeof value.model === "string" ? value.model : null,
      objective: typeof value.objective === "number" ? value.objective : null,
      scanned: typeof value.scanned === "string" ? value.scanned : null
    }
  } catch {
    return null
  }
}

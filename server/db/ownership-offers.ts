// The rows of ownership offers (migration 0020) and whether one still stands.
import { type Selectable, sql } from "kysely"
import type { Trx } from "../services/platform/Database.ts"
import { resolveLab } from "./lab-access.ts"
import type { Engine } from "./migrations.ts"
import type { OwnershipOffersTable } from "./schema.ts"

export type OfferRow = Selectable<OwnershipOffersTable>

export const offerById = (db: Trx, id: string): Promise<OfferRow | undefined> =>
  db.selectFrom("ownership_offers").selectAll().where("id", "=", id).executeTakeFirst()

export const offerOfLab = (db: Trx, labId: string): Promise<OfferRow | undefined> =>
  db.selectFrom("ownership_offers").selectAll().where("lab_id", "=", labId).executeTakeFirst()

/**
 * Takes the offer out, answering whether this call did: of two answers racing (two accepts, an
 * accept and a withdrawal) only one deletes the row; PostgreSQL makes the other wait for its commit
 * and then find nothing, SQLite runs them one after the other.
 */
export const takeOffer = async (db: Trx, id: string): Promise<boolean> => {
  const result = await db.deleteFrom("ownership_offers").where("id", "=", id).executeTakeFirst()
  return Number(result.numDeletedRows) === 1
}

/**
 * An offer stands while its lab is live and still the sender's, and the receiver still holds a role
 * on it (their own membership or one on a folder above). Otherwise it has lapsed: the receiver left
 * or was removed, the lab went to the trash or changed hands.
 */
export const offerStands = async (db: Trx, offer: OfferRow): Promise<boolean> => {
  const lab = await resolveLab(db, offer.lab_id, offer.to_user_id)
  if (!lab || lab.row.deleted_at !== null || lab.row.owner_id !== offer.from_user_id) return false
  return lab.access.standing === "admin" || lab.access.standing === "reviewer"
}

/**
 * Serialises the offers and answers of one lab until commit (two offers made at once: the second
 * then sees the first). SQLite transactions already take the write lock when they begin.
 */
export const lockLab = async (trx: Trx, engine: Engine, labId: string): Promise<void> => {
  if (engine === "postgres") await sql`SELECT id FROM labs WHERE id = ${labId} FOR UPDATE`.execute(trx)
}

// Who muted a slide's chat: one row per member and slide while it is muted, none once unmuted.
import type { Trx } from "../platform/Database.ts"

export const isMuted = async (db: Trx, labId: string, userId: string): Promise<boolean> =>
  (await db.selectFrom("chat_mutes").select("user_id").where("lab_id", "=", labId).where("user_id", "=", userId).executeTakeFirst()) !==
  undefined

/** The members who muted the slide's chat. */
export const mutedOf = async (db: Trx, labId: string): Promise<ReadonlyArray<string>> =>
  (await db.selectFrom("chat_mutes").select("user_id").where("lab_id", "=", labId).execute()).map((r) => r.user_id)

export const setMuted = async (db: Trx, labId: string, userId: string, muted: boolean, at: string): Promise<void> => {
  if (!muted) {
    await db.deleteFrom("chat_mutes").where("lab_id", "=", labId).where("user_id", "=", userId).execute()
    return
  }
  await db
    .insertInto("chat_mutes")
    .values({ user_id: userId, lab_id: labId, created_at: at })
    .onConflict((oc) => oc.columns(["user_id", "lab_id"]).doNothing())
    .execute()
}

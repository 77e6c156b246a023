// The signed-in user's favorite labs. A favorite is a private preference: its events are
// `favorite.*`, for the user's own activity page, never broadcast on the lab's channel.
import { Context, Effect, Layer } from "effect"
import { NotFound } from "../../../src/contract/errors.ts"
import type { Lab } from "../../../src/contract/labs.ts"
import type { LabRow } from "../../db/lab-access.ts"
import { presentFound, viewsOf } from "../../db/lab-wire.ts"
import { stamp } from "../../domain/clock.ts"
import { labMessages } from "../../domain/lab-messages.ts"
import type { Paging } from "../../domain/paging.ts"
import { Database, sql } from "../platform/Database.ts"
import { EventLog } from "../platform/EventLog.ts"
import { LabAccess, type LabDenied } from "./LabAccess.ts"
import type { LabPage } from "./LabListings.ts"
import { presentOne } from "./Labs.ts"

export class Favorites extends Context.Service<
  Favorites,
  {
    readonly list: (userId: string, paging: Paging) => Effect.Effect<LabPage<Lab>>
    readonly add: (userId: string, labId: string) => Effect.Effect<Lab, LabDenied>
    readonly remove: (userId: string, labId: string) => Effect.Effect<void, NotFound>
  }
>()("preparat/Favorites") {
  static readonly layer = Layer.effect(
    Favorites,
    Effect.gen(function* () {
      const database = yield* Database
      const { db } = database
      const events = yield* EventLog
      const access = yield* LabAccess

      const list = Effect.fn("Favorites.list")(function* (userId: string, paging: Paging) {
        // Newest first; a favorite the user can no longer see (left the lab, lab in the trash) is
        // kept, in case access comes back, but not shown.
        const rows: ReadonlyArray<LabRow> = yield* sql(() =>
          db
            .selectFrom("lab_favorites as f")
            .innerJoin("labs", "labs.id", "f.lab_id")
            .selectAll("labs")
            .where("f.user_id", "=", userId)
            .where("labs.deleted_at", "is", null)
            .orderBy("f.created_at", "desc")
            .orderBy("labs.id")
            .execute()
        )
        const views = yield* sql(() => viewsOf(db, rows, userId))
        const kept = rows.filter((row) => views.get(row.id)?.role != null || views.get(row.id)?.isPublic === true)
        const results = yield* sql(() => presentFound(db, kept.slice(paging.offset, paging.offset + paging.limit), userId))
        return { results, count: kept.length }
      })

      const add = Effect.fn("Favorites.add")(function* (userId: string, labId: string) {
        return yield* database.transaction((trx) =>
          Effect.gen(function* () {
            const lab = yield* access.require(trx, userId, labId, "lab.favorite")
            const now = stamp()
            yield* sql(() =>
              trx
                .insertInto("lab_favorites")
                .values({ user_id: userId, lab_id: labId, created_at: now })
                .onConflict((oc) => oc.columns(["user_id", "lab_id"]).doNothing())
                .execute()
            )
            yield* events.record(trx, { actorId: userId, kind: "favorite.added", labId: null, payload: { lab_id: labId } })
            return yield* presentOne(trx, lab, userId)
          })
        )
      })

      const remove = Effect.fn("Favorites.remove")(function* (userId: string, labId: string) {
        yield* database.transaction((trx) =>
          Effect.gen(function* () {
            const deleted = yield* sql(() =>
              trx.deleteFrom("lab_favorites").where("user_id", "=", userId).where("lab_id", "=", labId).executeTakeFirst()
            )
            if (Number(deleted.numDeletedRows) === 0) return yield* new NotFound({ message: labMessages.notFavorite })
            yield* events.record(trx, { actorId: userId, kind: "favorite.removed", labId: null, payload: { lab_id: labId } })
          })
        )
      })

      return Favorites.of({ list, add, remove })
    })
  )
}

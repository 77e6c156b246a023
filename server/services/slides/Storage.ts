// Storage used: the bytes of every file the user owns, the trash included until it is emptied
// (deleting to the trash frees nothing), and the bytes their uploads in progress hold, against the
// quota of their plan: the same sum the upload's quota check makes (upload-records.ts usedBytes).
import { Context, Effect, Layer } from "effect"
import type { StorageUsage } from "../../../src/contract/storage.ts"
import { planOfUser } from "../../db/subscriptions.ts"
import { percentageUsed } from "../../domain/plans.ts"
import { Database, sql } from "../platform/Database.ts"

export class Storage extends Context.Service<
  Storage,
  {
    readonly usage: (userId: string) => Effect.Effect<StorageUsage>
    /** Bytes the user owns now. */
    readonly used: (userId: string) => Effect.Effect<number>
  }
>()("preparat/Storage") {
  static readonly layer = Layer.effect(
    Storage,
    Effect.gen(function* () {
      const { db } = yield* Database

      const used = Effect.fn("Storage.used")(function* (userId: string) {
        // Files only: a folder's size is the sum of its contents, already counted.
        const row = yield* sql(() =>
          db
            .selectFrom("labs")
            .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("size"), eb.lit(0)).as("bytes"))
            .where("owner_id", "=", userId)
            .where("is_dir", "=", 0)
            .executeTakeFirst()
        )
        return Number(row?.bytes ?? 0)
      })

      const reserved = Effect.fn("Storage.reserved")(function* (userId: string) {
        const row = yield* sql(() =>
          db
            .selectFrom("uploads")
            .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("total_size"), eb.lit(0)).as("bytes"))
            .where("owner_id", "=", userId)
            .where("completed_at", "is", null)
            .executeTakeFirst()
        )
        return Number(row?.bytes ?? 0)
      })

      const usage = Effect.fn("Storage.usage")(function* (userId: string) {
        const total = (yield* sql(() => planOfUser(db, userId))).storageBytes
        const [bytes, held] = yield* Effect.all([used(userId), reserved(userId)])
        return { total_used: bytes, total_storage: total, total_reserved: held, percentage_used: percentageUsed(bytes + held, total) }
      })

      return Storage.of({ usage, used })
    })
  )
}

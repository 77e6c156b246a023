// The owner's trash: what they (or an admin) deleted, each item listed once with everything that
// went with it. Restoring brings the batch back into its old folder (or the root when that folder
// is gone); deleting forever frees the storage, and the stored files (originals and built slides)
// are removed after commit.
import { Context, Effect, Layer } from "effect"
import { type BadRequest, badRequest } from "../../../src/contract/errors.ts"
import type { Lab, TrashItem } from "../../../src/contract/labs.ts"
import { findLab, type LabRow } from "../../db/lab-access.ts"
import { addToFolderSizes, purgeBatch, restoreBatch, siblingNameTaken } from "../../db/lab-tree.ts"
import { presentLabs } from "../../db/lab-wire.ts"
import { stamp } from "../../domain/clock.ts"
import { labMessages } from "../../domain/lab-messages.ts"
import { nameKey, suffixedName } from "../../domain/lab-name.ts"
import type { Paging } from "../../domain/paging.ts"
import { BlobStore } from "../platform/BlobStore.ts"
import { Database, sql, type Trx } from "../platform/Database.ts"
import { EventLog } from "../platform/EventLog.ts"
import { LabAccess, type LabDenied } from "./LabAccess.ts"
import { SlideFiles } from "../slides/SlideFiles.ts"
import type { LabPage } from "./LabListings.ts"
import { presentOne } from "./Labs.ts"

/** A name free among the live siblings: the same, else "name (restored)", "name (restored 2)", ... */
export const freeSiblingName = (trx: Trx, ownerId: string, parentId: string | null, name: string, label: string, exceptId?: string) =>
  sql(async () => {
    for (let attempt = 0; ; attempt++) {
      const candidate = attempt === 0 ? name : suffixedName(name, label, attempt)
      if (!(await siblingNameTaken(trx, ownerId, parentId, nameKey(candidate), exceptId))) return candidate
    }
  })

export class Trash extends Context.Service<
  Trash,
  {
    readonly list: (userId: string, paging: Paging) => Effect.Effect<LabPage<TrashItem>>
    readonly restore: (userId: string, labIds: ReadonlyArray<string>) => Effect.Effect<ReadonlyArray<Lab>, BadRequest | LabDenied>
    readonly purge: (userId: string, labId: string) => Effect.Effect<void, LabDenied>
    /** Deletes the whole trash of the user for good; answers how many items it held. */
    readonly empty: (userId: string) => Effect.Effect<number>
  }
>()("preparat/Trash") {
  static readonly layer = Layer.effect(
    Trash,
    Effect.gen(function* () {
      const database = yield* Database
      const { db } = database
      const events = yield* EventLog
      const access = yield* LabAccess
      const blobs = yield* BlobStore
      const slides = yield* SlideFiles

      /** The items the trash lists: the roots of the owner's trash batches. */
      const roots = (d: Trx, userId: string) =>
        d.selectFrom("labs").where("owner_id", "=", userId).where("deleted_at", "is not", null).whereRef("trash_id", "=", "id")

      const list = Effect.fn("Trash.list")(function* (userId: string, { limit, offset }: Paging) {
        const [rows, total] = yield* sql(() =>
          Promise.all([
            roots(db, userId).selectAll().orderBy("deleted_at", "desc").orderBy("id").limit(limit).offset(offset).execute(),
            roots(db, userId)
              .select((eb) => eb.fn.countAll<number>().as("n"))
              .executeTakeFirst()
          ])
        )
        const labs = yield* sql(() => presentLabs(db, rows, userId, (row) => ({ role: "owner", isPublic: row.is_public === 1 })))
        return { results: labs.map((lab, i) => ({ ...lab, deleted_at: rows[i]!.deleted_at! })), count: Number(total?.n ?? 0) }
      })

      /** Where a batch goes back: its old folder if that is live and still its owner's, else the root. */
      const destination = (trx: Trx, row: LabRow) =>
        Effect.map(
          sql(() => (row.parent_id === null ? Promise.resolve(undefined) : findLab(trx, row.parent_id))),
          (parent) => (parent && parent.deleted_at === null && parent.owner_id === row.owner_id ? parent.id : null)
        )

      const restore = Effect.fn("Trash.restore")(function* (userId: string, labIds: ReadonlyArray<string>) {
        const ids = [...new Set(labIds)]
        if (ids.length === 0) return yield* Effect.fail(badRequest({ lab_id: [labMessages.labIdRequired] }))
        return yield* database.transaction((trx) =>
          Effect.gen(function* () {
            const labs = []
            for (const id of ids) labs.push(yield* access.require(trx, userId, id, "lab.restore", "trash"))
            const restored: Lab[] = []
            const now = stamp()
            for (const lab of labs) {
              const { row } = lab
              const parentId = yield* destination(trx, row)
              const name = yield* freeSiblingName(trx, row.owner_id, parentId, row.name, "restored")
              // Renamed while still in the trash: the live-sibling name index must never see a clash.
              yield* sql(() =>
                trx
                  .updateTable("labs")
                  .set({ parent_id: parentId, name, name_lower: nameKey(name) })
                  .where("id", "=", row.id)
                  .execute()
              )
              yield* sql(() => restoreBatch(trx, row.id, now))
              yield* sql(() => addToFolderSizes(trx, parentId, Number(row.size)))
              yield* events.record(trx, {
                actorId: userId,
                kind: "lab.restored",
                labId: row.id,
                payload: { parent_id: parentId, name }
              })
              restored.push(yield* presentOne(trx, lab, userId))
            }
            return restored
          })
        )
      })

      /** Purges one batch; answers its stored originals and built slides, to delete after commit. */
      const purgeOne = (trx: Trx, userId: string, row: LabRow) =>
        Effect.gen(function* () {
          const built = yield* sql(() =>
            trx.selectFrom("labs").select("slide_key").where("trash_id", "=", row.id).where("slide_key", "is not", null).execute()
          )
          const keys = yield* sql(() => purgeBatch(trx, row.id))
          yield* events.record(trx, {
            actorId: userId,
            kind: "lab.purged",
            labId: row.id,
            payload: { name: row.name, bytes: Number(row.size), parent_id: null }
          })
          return { keys, slideKeys: built.map((b) => b.slide_key!) }
        })

      const purge = Effect.fn("Trash.purge")(function* (userId: string, labId: string) {
        const { keys, slideKeys } = yield* database.transaction((trx) =>
          Effect.gen(function* () {
            const lab = yield* access.require(trx, userId, labId, "lab.purge", "trash")
            return yield* purgeOne(trx, userId, lab.row)
          })
        )
        yield* blobs.remove(keys)
        yield* slides.remove(slideKeys)
      })

      const empty = Effect.fn("Trash.empty")(function* (userId: string) {
        const { keys, slideKeys, count } = yield* database.transaction((trx) =>
          Effect.gen(function* () {
            const rows = yield* sql(() => roots(trx, userId).selectAll().execute())
            const keys: string[] = []
            const slideKeys: string[] = []
            for (const row of rows) {
              const purged = yield* purgeOne(trx, userId, row)
              keys.push(...purged.keys)
              slideKeys.push(...purged.slideKeys)
            }
            return { keys, slideKeys, count: rows.length }
          })
        )
        yield* blobs.remove(keys)
        yield* slides.remove(slideKeys)
        return count
      })

      return Trash.of({ list, restore, purge, empty })
    })
  )
}

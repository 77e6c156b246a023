// Folders and files: creating, renaming, moving and sending them to the trash. Every change is
// checked by LabAccess, written with its domain event in one transaction, and keeps folder sizes
// equal to the sum of their live contents.
import { randomUUID } from "node:crypto"
import { Context, Effect, Layer } from "effect"
import { type BadRequest, badRequest, Forbidden } from "../../../src/contract/errors.ts"
import type { CreatedLab, CreateLabPayload, Lab, UpdateLabPayload } from "../../../src/contract/labs.ts"
import { isWithin, type LabRow, type ResolvedLab, resolveLab } from "../../db/lab-access.ts"
import { addToFolderSizes, siblingNameTaken, trashSubtree } from "../../db/lab-tree.ts"
import { presentLabs } from "../../db/lab-wire.ts"
import { isUniqueViolation } from "../../db/unique-violation.ts"
import { stamp } from "../../domain/clock.ts"
import { labMessages } from "../../domain/lab-messages.ts"
import { checkLabName, nameKey } from "../../domain/lab-name.ts"
import { can } from "../../domain/permissions.ts"
import { roleOf } from "../../domain/standing.ts"
import { Database, sql, type Trx } from "../platform/Database.ts"
import { EventLog } from "../platform/EventLog.ts"
import { type LabDenied, LabAccess, labNotFound } from "./LabAccess.ts"

const nameTaken = () => badRequest({ name: [labMessages.nameTaken] })

/** Runs an insert or update; a sibling-name race lost to another request is the same 400. */
const write = <A>(run: () => Promise<A>) =>
  Effect.tryPromise({ try: run, catch: (error) => error }).pipe(
    Effect.catch((error) => (isUniqueViolation(error) ? Effect.fail(nameTaken()) : Effect.die(error)))
  )

/** The lab as the asker sees it, as resolved (nothing changed it since). */
export const presentResolved = (db: Trx, lab: ResolvedLab, userId: string | undefined) =>
  sql(async () => {
    const [one] = await presentLabs(db, [lab.row], userId, () => ({ role: roleOf(lab.access.standing), isPublic: lab.access.isPublic }))
    return one!
  })

/** The lab as the asker sees it now (read again inside the transaction after a change). */
export const presentOne = (db: Trx, lab: ResolvedLab, userId: string | undefined) =>
  Effect.flatMap(
    sql(() => resolveLab(db, lab.row.id, userId)),
    (fresh) => presentResolved(db, fresh ?? lab, userId)
  )

export class Labs extends Context.Service<
  Labs,
  {
    readonly create: (userId: string, payload: CreateLabPayload) => Effect.Effect<CreatedLab, BadRequest | LabDenied>
    readonly update: (userId: string, labId: string, payload: UpdateLabPayload) => Effect.Effect<Lab, BadRequest | LabDenied>
    /** Sends labs (and all inside them) to their owner's trash; all or none. */
    readonly trash: (userId: string, labIds: ReadonlyArray<string>) => Effect.Effect<void, BadRequest | LabDenied>
  }
>()("preparat/Labs") {
  static readonly layer = Layer.effect(
    Labs,
    Effect.gen(function* () {
      const database = yield* Database
      const events = yield* EventLog
      const access = yield* LabAccess

      const create = Effect.fn("Labs.create")(function* (userId: string, payload: CreateLabPayload) {
        const checked = checkLabName(payload.name)
        if (!checked.ok) return yield* Effect.fail(badRequest({ name: [checked.message] }))
        if (payload.is_dir === false) return yield* Effect.fail(badRequest({ is_dir: [labMessages.onlyFolders] }))
        const name = checked.name
        return yield* database.transaction((trx) =>
          Effect.gen(function* () {
            const parentId = payload.parent ?? null
            let parent: LabRow | undefined
            if (parentId !== null) {
              parent = (yield* access.require(trx, userId, parentId, "lab.create")).row
              if (parent.is_dir !== 1) return yield* Effect.fail(badRequest({ parent: [labMessages.parentNotFolder] }))
            }
            const ownerId = parent?.owner_id ?? userId
            if (yield* sql(() => siblingNameTaken(trx, ownerId, parentId, nameKey(name)))) return yield* Effect.fail(nameTaken())
            const now = stamp()
            const id = randomUUID()
            yield* write(() =>
              trx
                .insertInto("labs")
                .values({
                  id,
                  owner_id: ownerId,
                  parent_id: parentId,
                  name,
                  name_lower: nameKey(name),
                  is_dir: 1,
                  status: null,
                  size: 0,
                  description: null,
                  thumbnail: null,
                  blob_key: null,
                  is_public: 0,
                  created_at: now,
                  updated_at: now,
                  deleted_at: null,
                  trash_id: null
                })
                .execute()
            )
            if (payload.is_favorite === true) {
              yield* sql(() => trx.insertInto("lab_favorites").values({ user_id: userId, lab_id: id, created_at: now }).execute())
            }
            yield* events.record(trx, {
              actorId: userId,
              kind: "lab.created",
              labId: id,
              payload: { name, is_dir: true, parent_id: parentId, owner_id: ownerId }
            })
            const lab = yield* sql(() => resolveLab(trx, id, userId))
            const created = yield* presentOne(trx, lab!, userId)
            return { ...created, parent: parent ? { id: parent.id, name: parent.name } : null }
          })
        )
      })

      /** Checks a move of `lab` into `targetId` (null: the owner's root); answers the new parent row. */
      const checkMove = (trx: Trx, userId: string, lab: ResolvedLab, targetId: string | null) =>
        Effect.gen(function* () {
          if (targetId === null) {
            if (lab.access.standing !== "owner") return yield* new Forbidden({ message: labMessages.rootOnlyOwner })
            return undefined
          }
          if (targetId === lab.row.id) return yield* Effect.fail(badRequest({ parent: [labMessages.moveIntoItself] }))
          const target = yield* access.require(trx, userId, targetId, "lab.create")
          if (target.row.is_dir !== 1) return yield* Effect.fail(badRequest({ parent: [labMessages.parentNotFolder] }))
          if (isWithin(target.chain, lab.row.id)) return yield* Effect.fail(badRequest({ parent: [labMessages.moveIntoItself] }))
          if (target.row.owner_id !== lab.row.owner_id) return yield* Effect.fail(badRequest({ parent: [labMessages.moveAcrossOwners] }))
          return target.row
        })

      const update = Effect.fn("Labs.update")(function* (userId: string, labId: string, payload: UpdateLabPayload) {
        const renaming = payload.name !== undefined
        const moving = payload.parent !== undefined
        if (!renaming && !moving) return yield* Effect.fail(badRequest({ non_field_errors: [labMessages.nothingToUpdate] }))
        const checked = renaming ? checkLabName(payload.name!) : undefined
        if (checked && !checked.ok) return yield* Effect.fail(badRequest({ name: [checked.message] }))
        return yield* database.transaction((trx) =>
          Effect.gen(function* () {
            const lab = yield* access.require(trx, userId, labId, renaming ? "lab.rename" : "lab.move")
            if (renaming && moving && !can(lab.access.standing, "lab.move", lab.access.isPublic)) {
              return yield* new Forbidden({ message: labMessages.forbidden })
            }
            const row = lab.row
            const name = checked?.ok ? checked.name : row.name
            const targetId = moving ? (payload.parent ?? null) : row.parent_id
            const moves = targetId !== row.parent_id
            const target = moves ? yield* checkMove(trx, userId, lab, targetId) : undefined
            if (yield* sql(() => siblingNameTaken(trx, row.owner_id, targetId, nameKey(name), row.id)))
              return yield* Effect.fail(nameTaken())
            const now = stamp()
            yield* write(() =>
              trx
                .updateTable("labs")
                .set({ name, name_lower: nameKey(name), parent_id: targetId, updated_at: now })
                .where("id", "=", row.id)
                .execute()
            )
            if (moves) {
              yield* sql(() => addToFolderSizes(trx, row.parent_id, -Number(row.size)))
              yield* sql(() => addToFolderSizes(trx, target?.id ?? null, Number(row.size)))
              yield* events.record(trx, {
                actorId: userId,
                kind: "lab.moved",
                labId: row.id,
                payload: { from_parent_id: row.parent_id, parent_id: targetId }
              })
            }
            if (name !== row.name) {
              yield* events.record(trx, {
                actorId: userId,
                kind: "lab.renamed",
                labId: row.id,
                payload: { from: row.name, name, parent_id: targetId }
              })
            }
            return yield* presentOne(trx, lab, userId)
          })
        )
      })

      const trash = Effect.fn("Labs.trash")(function* (userId: string, labIds: ReadonlyArray<string>) {
        const ids = [...new Set(labIds)]
        if (ids.length === 0) return yield* Effect.fail(badRequest({ lab_id: [labMessages.labIdRequired] }))
        yield* database.transaction((trx) =>
          Effect.gen(function* () {
            const labs: ResolvedLab[] = []
            for (const id of ids) labs.push(yield* access.require(trx, userId, id, "lab.delete"))
            // Outer folders first: what lies inside them goes with them and is skipped after.
            labs.sort((a, b) => a.chain.length - b.chain.length)
            const now = stamp()
            for (const lab of labs) {
              if (labs.some((other) => other !== lab && isWithin(lab.chain, other.row.id))) continue
              const count = yield* sql(() => trashSubtree(trx, lab.row.id, now))
              if (count === 0) return yield* labNotFound()
              yield* sql(() => addToFolderSizes(trx, lab.row.parent_id, -Number(lab.row.size)))
              yield* events.record(trx, {
                actorId: userId,
                kind: "lab.trashed",
                labId: lab.row.id,
                payload: { parent_id: lab.row.parent_id, owner_id: lab.row.owner_id, count }
              })
            }
          })
        )
      })

      return Labs.of({ create, update, trash })
    })
  )
}

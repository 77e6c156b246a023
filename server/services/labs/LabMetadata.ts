// Metadata of a lab: keyword and value pairs (a patient identifier, a stain...), one entry per
// name. The entry `mylab-is_public` is the public flag; its value is mirrored in labs.is_public so
// that access checks read one column instead of the metadata table.
import { randomUUID } from "node:crypto"
import { Context, Effect, Layer } from "effect"
import { type BadRequest, badRequest, type FieldErrors, NotFound, type Unauthorized } from "../../../src/contract/errors.ts"
import { type EditMetadataPayload, type MetadataEntry, PUBLIC_KEY, type PutMetadataPayload } from "../../../src/contract/labs.ts"
import { isUniqueViolation } from "../../db/unique-violation.ts"
import { stamp } from "../../domain/clock.ts"
import { labMessages } from "../../domain/lab-messages.ts"
import { Database, sql, type Trx } from "../platform/Database.ts"
import { EventLog } from "../platform/EventLog.ts"
import { LabAccess, type LabDenied } from "./LabAccess.ts"
import { metadataOf } from "./LabDetails.ts"

export const METADATA_NAME_MAX = 100
export const METADATA_VALUE_MAX = 2000

const notFound = () => new NotFound({ message: labMessages.metadataNotFound })
const nameTaken = () => badRequest({ name: [labMessages.metadataNameTaken] })

/** The checked entry, or the field errors of the 400. */
const checkEntry = (
  rawName: string,
  value: string
): { readonly ok: true; readonly name: string } | { readonly ok: false; readonly errors: FieldErrors } => {
  const name = rawName.trim()
  const errors: Record<string, string[]> = {}
  if (name.length === 0) errors.name = [labMessages.required]
  else if (name.length > METADATA_NAME_MAX) errors.name = [labMessages.tooLong(METADATA_NAME_MAX)]
  if (value.length > METADATA_VALUE_MAX) errors.value = [labMessages.tooLong(METADATA_VALUE_MAX)]
  else if (name === PUBLIC_KEY && value !== "true" && value !== "false") errors.value = [labMessages.publicValue]
  return Object.keys(errors).length > 0 ? { ok: false, errors: errors as FieldErrors } : { ok: true, name }
}

export class LabMetadata extends Context.Service<
  LabMetadata,
  {
    /** `userId` undefined: a guest, who may read the metadata of public labs. */
    readonly list: (
      userId: string | undefined,
      labId: string,
      name?: string
    ) => Effect.Effect<ReadonlyArray<MetadataEntry>, NotFound | Unauthorized>
    /** Creates or edits an entry: by id when given, otherwise by name. */
    readonly put: (userId: string, payload: PutMetadataPayload) => Effect.Effect<MetadataEntry, BadRequest | LabDenied | NotFound>
    readonly edit: (
      userId: string,
      labId: string,
      entryId: string,
      payload: EditMetadataPayload
    ) => Effect.Effect<MetadataEntry, BadRequest | LabDenied | NotFound>
    readonly remove: (userId: string, labId: string, entryId: string) => Effect.Effect<void, LabDenied | NotFound>
  }
>()("preparat/LabMetadata") {
  static readonly layer = Layer.effect(
    LabMetadata,
    Effect.gen(function* () {
      const database = yield* Database
      const events = yield* EventLog
      const access = yield* LabAccess

      const list = Effect.fn("LabMetadata.list")(function* (userId: string | undefined, labId: string, name?: string) {
        yield* access.requireView(database.db, userId, labId)
        return yield* sql(() => metadataOf(database.db, labId, name))
      })

      /** After any change: the public flag mirror, and the event (lab.published for the flag). */
      const changed = (trx: Trx, userId: string, labId: string, parentId: string | null, names: ReadonlyArray<string>, change: string) =>
        Effect.gen(function* () {
          const now = stamp()
          if (names.includes(PUBLIC_KEY)) {
            const flag = yield* sql(() =>
              trx.selectFrom("lab_metadata").select("value").where("lab_id", "=", labId).where("name", "=", PUBLIC_KEY).executeTakeFirst()
            )
            const isPublic = flag?.value === "true"
            const before = yield* sql(() => trx.selectFrom("labs").select("is_public").where("id", "=", labId).executeTakeFirstOrThrow())
            yield* sql(() =>
              trx
                .updateTable("labs")
                .set({ is_public: isPublic ? 1 : 0, updated_at: now })
                .where("id", "=", labId)
                .execute()
            )
            if ((before.is_public === 1) !== isPublic) {
              yield* events.record(trx, {
                actorId: userId,
                kind: "lab.published",
                labId,
                payload: { is_public: isPublic, parent_id: parentId }
              })
            }
          }
          const others = names.filter((n) => n !== PUBLIC_KEY)
          if (others.length > 0) {
            yield* events.record(trx, {
              actorId: userId,
              kind: "lab.metadata_changed",
              labId,
              payload: { names: others, change, parent_id: parentId }
            })
          }
        })

      const write = (run: () => Promise<unknown>) =>
        Effect.tryPromise({ try: run, catch: (error) => error }).pipe(
          Effect.catch((error) => (isUniqueViolation(error) ? Effect.fail(nameTaken()) : Effect.die(error)))
        )

      const entryOf = (trx: Trx, labId: string, entryId: string) =>
        Effect.flatMap(
          sql(() => trx.selectFrom("lab_metadata").selectAll().where("id", "=", entryId).where("lab_id", "=", labId).executeTakeFirst()),
          (entry) => (entry ? Effect.succeed(entry) : Effect.fail(notFound()))
        )

      /** Writes the entry (a new one when `existingId` is undefined) and answers it. */
      const save = (trx: Trx, userId: string, labId: string, existingId: string | undefined, rawName: string, value: string) =>
        Effect.gen(function* () {
          const checked = checkEntry(rawName, value)
          if (!checked.ok) return yield* Effect.fail(badRequest(checked.errors))
          const name = checked.name
          const lab = yield* access.require(trx, userId, labId, "lab.publish")
          const now = stamp()
          const sameName = yield* sql(() =>
            trx.selectFrom("lab_metadata").selectAll().where("lab_id", "=", labId).where("name", "=", name).executeTakeFirst()
          )
          const previous = existingId === undefined ? sameName : yield* entryOf(trx, labId, existingId)
          if (previous && sameName && previous.id !== sameName.id) return yield* Effect.fail(nameTaken())
          const id = previous?.id ?? randomUUID()
          if (previous) {
            yield* write(() => trx.updateTable("lab_metadata").set({ name, value, updated_at: now }).where("id", "=", id).execute())
          } else {
            yield* write(() =>
              trx.insertInto("lab_metadata").values({ id, lab_id: labId, name, value, created_at: now, updated_at: now }).execute()
            )
          }
          const names = [...new Set([name, ...(previous ? [previous.name] : [])])]
          yield* changed(trx, userId, labId, lab.row.parent_id, names, previous ? "edited" : "added")
          return yield* entryOf(trx, labId, id)
        })

      const put = Effect.fn("LabMetadata.put")(function* (userId: string, payload: PutMetadataPayload) {
        return yield* database.transaction((trx) => save(trx, userId, payload.lab_id, payload.id, payload.name, payload.value))
      })

      const edit = Effect.fn("LabMetadata.edit")(function* (userId: string, labId: string, entryId: string, payload: EditMetadataPayload) {
        return yield* database.transaction((trx) =>
          Effect.gen(function* () {
            yield* access.require(trx, userId, labId, "lab.publish")
            const entry = yield* entryOf(trx, labId, entryId)
            return yield* save(trx, userId, labId, entry.id, payload.name ?? entry.name, payload.value)
          })
        )
      })

      const remove = Effect.fn("LabMetadata.remove")(function* (userId: string, labId: string, entryId: string) {
        yield* database.transaction((trx) =>
          Effect.gen(function* () {
            const lab = yield* access.require(trx, userId, labId, "lab.publish")
            const entry = yield* entryOf(trx, labId, entryId)
            yield* sql(() => trx.deleteFrom("lab_metadata").where("id", "=", entry.id).execute())
            yield* changed(trx, userId, labId, lab.row.parent_id, [entry.name], "removed")
          })
        )
      })

      return LabMetadata.of({ list, put, edit, remove })
    })
  )
}

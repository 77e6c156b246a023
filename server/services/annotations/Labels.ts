// A slide's labels (/v2/labs/label-slide/). Deleting a label deletes its annotations in the same
// transaction (kept a day as tombstones, so the deleter can undo it); every change records a
// label.changed event for the slide's channel.
import { randomUUID } from "node:crypto"
import { Context, Effect, Layer } from "effect"
import { ANNOTATION_LIMITS, type CreateLabelPayload, type Label, type UpdateLabelPayload } from "../../../src/contract/annotations.ts"
import { type BadRequest, badRequest, type FieldErrors, NotFound } from "../../../src/contract/errors.ts"
import type { AuthenticatedUser } from "../../../src/contract/middleware.ts"
import { raiseRevision } from "../../db/annotation-revision.ts"
import { type LabelRow, labelsOf, toLabel } from "../../db/annotations.ts"
import { keepDeleted, LABEL_UNDO_HOURS, ownDeletion, putBack, sweepDeletions } from "../../db/label-deletions.ts"
import { isUniqueViolation } from "../../db/unique-violation.ts"
import { nextLabelColor } from "../../../src/annotation/palette.ts"
import { labelColor, labelName, labelType } from "../../domain/annotation-rules.ts"
import { stamp } from "../../domain/clock.ts"
import type { Paging } from "../../domain/paging.ts"
import { Database, sql, type Trx } from "../platform/Database.ts"
import { EventLog } from "../platform/EventLog.ts"
import { requireSlide, type SlideDenied, type ViewDenied, viewSlide } from "./slide-gate.ts"

const labelNotFound = () => new NotFound({ message: "Label not found." })
const deletionNotFound = () => new NotFound({ message: "Nothing of yours to undo: the deletion is not found or too old." })

/** The oldest deletion an undo may still bring back. */
const undoSince = (now: string) => new Date(Date.parse(now) - LABEL_UNDO_HOURS * 3_600_000).toISOString()
const nameTaken = () => badRequest({ name: ["A label with this name already exists on this slide."] })

type Change = "created" | "updated" | "deleted"

export class Labels extends Context.Service<
  Labels,
  {
    /** `userId` undefined: a guest, who reads the labels of public slides. */
    readonly list: (
      userId: string | undefined,
      labId: string,
      search: string | undefined,
      paging: Paging
    ) => Effect.Effect<{ readonly results: ReadonlyArray<Label>; readonly count: number }, ViewDenied>
    readonly create: (user: AuthenticatedUser, payload: CreateLabelPayload) => Effect.Effect<Label, SlideDenied>
    readonly update: (user: AuthenticatedUser, id: string, payload: UpdateLabelPayload) => Effect.Effect<Label, SlideDenied>
    readonly remove: (
      user: AuthenticatedUser,
      id: string
    ) => Effect.Effect<{ readonly id: string; readonly annotations_deleted: number; readonly deletion_id: string }, SlideDenied>
    /** Undoes the user's own deletion within LABEL_UNDO_HOURS; anyone else's, or an old one, is not found. */
    readonly restore: (
      user: AuthenticatedUser,
      deletionId: string
    ) => Effect.Effect<{ readonly label: Label; readonly annotations_restored: number }, SlideDenied>
  }
>()("preparat/Labels") {
  static readonly layer = Layer.effect(
    Labels,
    Effect.gen(function* () {
      const database = yield* Database
      const events = yield* EventLog

      /** Every label change: its event, and the slide's annotation revision (a compact read names its labels). */
      const record = (trx: Trx, user: AuthenticatedUser, action: Change, label: Label, annotationsDeleted = 0) =>
        Effect.andThen(
          sql(() => raiseRevision(trx, label.lab_id)),
          events.record(trx, {
            actorId: user.id,
            kind: "label.changed",
            labId: label.lab_id,
            payload: { user_email: user.email, user_name: user.name, action, label, annotations_deleted: annotationsDeleted }
          })
        )

      /** A write that may meet the unique name index: a taken name is the 400, not a 500. */
      const write = (run: () => Promise<unknown>) =>
        Effect.tryPromise({ try: run, catch: (error) => error }).pipe(
          Effect.catch((error) => (isUniqueViolation(error) ? Effect.fail(nameTaken()) : Effect.die(error)))
        )

      const labelOf = (trx: Trx, id: string) =>
        Effect.flatMap(
          sql(() => trx.selectFrom("labels").selectAll().where("id", "=", id).executeTakeFirst()),
          (row) => (row ? Effect.succeed(row) : Effect.fail(labelNotFound()))
        )

      const fail = (errors: FieldErrors): Effect.Effect<never, BadRequest> => Effect.fail(badRequest(errors))

      const list = Effect.fn("Labels.list")(function* (
        userId: string | undefined,
        labId: string,
        search: string | undefined,
        paging: Paging
      ) {
        yield* viewSlide(database.db, userId, labId)
        // A slide has at most ANNOTATION_LIMITS.labelsPerSlide labels: filter and page them here,
        // the same on both engines (no LIKE escaping differences).
        const term = search?.trim().toLowerCase() ?? ""
        const rows = yield* sql(() => labelsOf(database.db, labId))
        const found = rows
          .filter((row) => row.name_lower.includes(term))
          .sort((a, b) => (a.name_lower < b.name_lower ? -1 : a.name_lower > b.name_lower ? 1 : a.id < b.id ? -1 : 1))
        return { results: found.slice(paging.offset, paging.offset + paging.limit).map(toLabel), count: found.length }
      })

      const create = Effect.fn("Labels.create")(function* (user: AuthenticatedUser, payload: CreateLabelPayload) {
        const name = labelName(payload.name)
        const color = labelColor(payload.color)
        const type = labelType(payload.label_type)
        const errors = {
          ...(name.ok ? {} : { name: [name.error] }),
          ...(color.ok ? {} : { color: [color.error] }),
          ...(type.ok ? {} : { label_type: [type.error] })
        }
        if (!name.ok || !color.ok || !type.ok) return yield* fail(errors)
        return yield* database.transaction((trx) =>
          Effect.gen(function* () {
            yield* requireSlide(trx, user.id, payload.lab_id, "label.create")
            const existing = yield* sql(() =>
              trx
                .selectFrom("labels")
                .select((eb) => eb.fn.countAll<number>().as("n"))
                .where("lab_id", "=", payload.lab_id)
                .executeTakeFirst()
            )
            if (Number(existing?.n ?? 0) >= ANNOTATION_LIMITS.labelsPerSlide)
              return yield* fail({ lab_id: [`A slide has at most ${ANNOTATION_LIMITS.labelsPerSlide} labels.`] })
            // No colour asked for: the palette's first one the slide's labels lack (yellow on a new
            // slide, as the spec's default), so labels made by a first shape or comment differ.
            const picked =
              payload.color === undefined
                ? nextLabelColor((yield* sql(() => labelsOf(trx, payload.lab_id))).map((l) => l.color))
                : color.value
            const now = stamp()
            const row: LabelRow = {
              id: randomUUID(),
              lab_id: payload.lab_id,
              name: name.value,
              name_lower: name.value.toLowerCase(),
              color: picked,
              label_type: type.value,
              visible: 1,
              created_by: user.id,
              created_at: now,
              updated_at: now
            }
            yield* write(() => trx.insertInto("labels").values(row).execute())
            const label = toLabel(row)
            yield* record(trx, user, "created", label)
            return label
          })
        )
      })

      const update = Effect.fn("Labels.update")(function* (user: AuthenticatedUser, id: string, payload: UpdateLabelPayload) {
        const name = payload.name === undefined ? undefined : labelName(payload.name)
        const color = payload.color === undefined ? undefined : labelColor(payload.color)
        const errors = {
          ...(name === undefined || name.ok ? {} : { name: [name.error] }),
          ...(color === undefined || color.ok ? {} : { color: [color.error] })
        }
        if (Object.keys(errors).length > 0) return yield* fail(errors)
        if (name === undefined && color === undefined && payload.visible === undefined)
          return yield* fail({ non_field_errors: ["Give a new name, color or visible."] })
        return yield* database.transaction((trx) =>
          Effect.gen(function* () {
            const before = yield* labelOf(trx, id)
            yield* requireSlide(trx, user.id, before.lab_id, "label.edit")
            const changes = {
              ...(name?.ok ? { name: name.value, name_lower: name.value.toLowerCase() } : {}),
              ...(color?.ok ? { color: color.value } : {}),
              ...(payload.visible === undefined ? {} : { visible: payload.visible ? 1 : 0 }),
              updated_at: stamp()
            }
            yield* write(() => trx.updateTable("labels").set(changes).where("id", "=", id).execute())
            const label = toLabel(yield* labelOf(trx, id))
            yield* record(trx, user, "updated", label)
            return label
          })
        )
      })

      const remove = Effect.fn("Labels.remove")(function* (user: AuthenticatedUser, id: string) {
        return yield* database.transaction((trx) =>
          Effect.gen(function* () {
            const row = yield* labelOf(trx, id)
            yield* requireSlide(trx, user.id, row.lab_id, "label.edit")
            const now = stamp()
            yield* sql(() => sweepDeletions(trx, undoSince(now)))
            const count = Number(
              (yield* sql(() =>
                trx
                  .selectFrom("annotations")
                  .select((eb) => eb.fn.countAll<number>().as("n"))
                  .where("label_id", "=", id)
                  .executeTakeFirst()
              ))?.n ?? 0
            )
            // Kept for the deleter's undo before they go.
            const deletionId = randomUUID()
            yield* sql(() => keepDeleted(trx, { id: deletionId, userId: user.id, at: now }, row, count))
            yield* sql(() => trx.deleteFrom("annotations").where("label_id", "=", id).execute())
            yield* sql(() => trx.deleteFrom("labels").where("id", "=", id).execute())
            yield* record(trx, user, "deleted", toLabel(row), count)
            return { id, annotations_deleted: count, deletion_id: deletionId }
          })
        )
      })

      const restore = Effect.fn("Labels.restore")(function* (user: AuthenticatedUser, deletionId: string) {
        return yield* database.transaction((trx) =>
          Effect.gen(function* () {
            const now = stamp()
            // Someone else's deletion, or one past its time, is not found: nobody restores others' work.
            const deletion = yield* sql(() => ownDeletion(trx, deletionId, user.id, undoSince(now)))
            if (deletion === undefined) return yield* Effect.fail(deletionNotFound())
            // The user must still be allowed to manage the slide's labels.
            yield* requireSlide(trx, user.id, deletion.lab_id, "label.edit")
            const row = JSON.parse(deletion.label) as LabelRow
            const taken = yield* sql(() =>
              trx
                .selectFrom("labels")
                .select("id")
                .where("lab_id", "=", row.lab_id)
                .where((eb) => eb.or([eb("name_lower", "=", row.name_lower), eb("id", "=", row.id)]))
                .executeTakeFirst()
            )
            if (taken !== undefined) return yield* fail({ name: ["A label with this name exists on the slide again: rename it first."] })
            yield* write(() =>
              trx
                .insertInto("labels")
                .values({ ...row, updated_at: now })
                .execute()
            )
            const restored = yield* sql(() => putBack(trx, deletionId))
            const label = toLabel({ ...row, updated_at: now })
            yield* record(trx, user, "created", label)
            return { label, annotations_restored: restored }
          })
        )
      })

      return Labels.of({ list, create, update, remove, restore })
    })
  )
}

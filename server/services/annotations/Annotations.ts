// A slide's annotations: the list, the bulk create (idempotent by client-chosen ids), the edit with
// its version check and the delete. Each change records its event in the same transaction.
import { Context, Data, Effect, Layer, Option, Semaphore, Stream } from "effect"
import type { Insertable } from "kysely"
import {
  ANNOTATION_LIMITS,
  type Annotation,
  AnnotationConflict,
  type BulkDeletePayload,
  type BulkResult,
  type BulkUpdatePayload,
  type UpdateAnnotationPayload
} from "../../../src/contract/annotations.ts"
import { type BadRequest, badRequest, Forbidden, NotFound } from "../../../src/contract/errors.ts"
import type { AuthenticatedUser } from "../../../src/contract/middleware.ts"
import type { AnnotationChange } from "../../../src/contract/realtime.ts"
import { raiseRevision } from "../../db/annotation-revision.ts"
import {
  type AnnotationCursor,
  type AnnotationRow,
  annotationPage,
  annotationsById,
  countAnnotations,
  labelsOf,
  toAnnotation,
  withoutEmail
} from "../../db/annotations.ts"
import type { AnnotationsTable } from "../../db/schema.ts"
import { isUniqueViolation } from "../../db/unique-violation.ts"
import { canonicalData, changeOf, changeOfStored, checkAnnotation, derivedColumns, fitChanges } from "../../domain/annotation-data.ts"
import { isMember, isStale } from "../../domain/annotation-rules.ts"
import { analysisMessages } from "../../domain/analysis-rules.ts"
import { stamp } from "../../domain/clock.ts"
import { capPaging, type Paging } from "../../domain/paging.ts"
import { makeCompactCache } from "./compact-cache.ts"
import { Database, sql, type Trx } from "../platform/Database.ts"
import { existingOf, insertInSlices } from "./bulk-rows.ts"
import { BulkParser, IN_PLACE_BYTES } from "./BulkParser.ts"
import { labelMap, type PreparedAnnotation, prepareBulk, sameLabels } from "../../domain/bulk-annotations.ts"
import type { AnnotationJson } from "../../domain/annotation-json.ts"
import { EventLog } from "../platform/EventLog.ts"
import { makeBulkEdits } from "./bulk-edits.ts"
import { type Replacement, replaceExisting } from "./import-updates.ts"
import { bulkAnswer } from "./bulk-answer.ts"
import { allowed, requireSlide, type SlideDenied, type ViewDenied, viewSlide } from "./slide-gate.ts"

/** Annotations read from the database at once for a list answer: the answer holds one chunk at a time. */
export const LIST_CHUNK = 50

/**
 * A page of the slide's annotations: the slide's count, the page as served (a guest's is bounded),
 * and its annotations in chunks, read as they are pulled, so a large page can be written out as it
 * is read instead of built whole in memory.
 */
export interface AnnotationList {
  readonly count: number
  readonly paging: Paging
  readonly chunks: Stream.Stream<ReadonlyArray<Annotation>>
}

const annotationNotFound = () => new NotFound({ message: "Annotation not found." })

/** Two uploads of the same new ids raced on PostgreSQL; the loser runs again and finds them. */
class IdRace extends Data.TaggedError("IdRace") {}

export class Annotations extends Context.Service<
  Annotations,
  {
    readonly list: (userId: string | undefined, labId: string, paging: Paging) => Effect.Effect<AnnotationList, ViewDenied>
    /**
     * Every annotation of the slide in the viewer's binary form (src/annotation/compact.ts), or those
     * created since a time; who may read the list may read it.
     */
    readonly compact: (userId: string | undefined, labId: string, createdSince?: string) => Effect.Effect<Uint8Array, ViewDenied>
    /**
     * `body`: the bulk POST's JSON (CreateAnnotationsPayload) as sent; the answer's annotations as JSON
     * texts. `update`: ids of this slide's annotations with other content are updated (import-updates.ts).
     */
    readonly create: (
      user: AuthenticatedUser,
      labId: string,
      body: Uint8Array,
      update?: boolean
    ) => Effect.Effect<ReadonlyArray<AnnotationJson>, SlideDenied | AnnotationConflict | BadRequest>
    readonly update: (
      user: AuthenticatedUser,
      labId: string,
      id: string,
      payload: UpdateAnnotationPayload
    ) => Effect.Effect<Annotation, SlideDenied | AnnotationConflict>
    /** `version`: the one the deletion was decided on; a stale one is a conflict and deletes nothing. */
    readonly remove: (
      user: AuthenticatedUser,
      labId: string,
      id: string,
      version?: number
    ) => Effect.Effect<void, SlideDenied | AnnotationConflict>
    /** One change to many annotations, all or none (server/services/annotations/bulk-edits.ts). */
    readonly bulkUpdate: (user: AuthenticatedUser, labId: string, payload: BulkUpdatePayload) => Effect.Effect<BulkResult, SlideDenied>
    /** The named annotations, or every one of a label, into tombstones their deleter can restore. */
    readonly bulkDelete: (user: AuthenticatedUser, labId: string, payload: BulkDeletePayload) => Effect.Effect<BulkResult, SlideDenied>
    /** Annotations the asker bulk-deleted, back with their ids, authors and creation times. */
    readonly restore: (
      user: AuthenticatedUser,
      labId: string,
      ids: ReadonlyArray<string>
    ) => Effect.Effect<BulkResult, SlideDenied | AnnotationConflict>
  }
>()("preparat/Annotations") {
  static readonly layer = Layer.effect(
    Annotations,
    Effect.gen(function* () {
      const database = yield* Database
      const events = yield* EventLog
      const parser = yield* BulkParser
      // Large bulk creates are checked, prepared and written one at a time server-wide; the rest
      // wait their turn without holding the event loop. Several at once only interleaved their
      // slices, so every plain request waited behind one slice of each (tests/bench/bulk-writes.ts).
      const bulkLane = yield* Semaphore.make(1)
      const cachedCompact = makeCompactCache(database.engine)

      const list = Effect.fn("Annotations.list")(function* (userId: string | undefined, labId: string, paging: Paging) {
        const lab = yield* viewSlide(database.db, userId, labId)
        const member = isMember(lab.access.standing)
        // Whoever is not the slide's member reads it a bounded page at a time (next_page leads on):
        // a guest asking 999,999 of a large public slide made the server build the whole list in memory.
        const page = member ? paging : capPaging(paging, ANNOTATION_LIMITS.guestPageLimit)
        const count = yield* sql(() => countAnnotations(database.db, labId))
        const shown = member ? toAnnotation : (row: AnnotationRow) => withoutEmail(toAnnotation(row))
        // The page's rows a chunk at a time, each read when the answer is ready for it (see the type).
        const chunks = Stream.paginate({ cursor: undefined as AnnotationCursor | undefined, left: page.limit }, (state) =>
          Effect.map(
            sql(() => annotationPage(database.db, labId, Math.min(LIST_CHUNK, state.left), page.offset, state.cursor)),
            (rows) => {
              const last = rows.at(-1)
              const left = state.left - rows.length
              const more = last !== undefined && rows.length === Math.min(LIST_CHUNK, state.left) && left > 0
              const next = { cursor: { created_at: last?.created_at ?? "", ordinal: Number(last?.ordinal ?? 0), id: last?.id ?? "" }, left }
              return [[rows.map(shown)], more ? Option.some(next) : Option.none()] as const
            }
          )
        )
        return { count, paging: page, chunks }
      })

      const compact = Effect.fn("Annotations.compact")(function* (userId: string | undefined, labId: string, createdSince?: string) {
        const lab = yield* viewSlide(database.db, userId, labId)
        const revision = Number(lab.row.annotations_revision)
        return yield* sql(() => cachedCompact(database.db, labId, revision, isMember(lab.access.standing), createdSince))
      })

      const insert = (trx: Trx, rows: ReadonlyArray<Insertable<AnnotationsTable>>) =>
        Effect.tryPromise({
          try: () => insertInSlices(trx, rows),
          catch: (error) => error
        }).pipe(Effect.catch((error) => (isUniqueViolation(error) ? Effect.fail(new IdRace()) : Effect.die(error))))

      const createOnce = (
        user: AuthenticatedUser,
        labId: string,
        body: Uint8Array,
        checked: ReadonlyArray<PreparedAnnotation>,
        update: boolean
      ) =>
        database.transaction((trx) =>
          Effect.gen(function* () {
            const lab = yield* requireSlide(trx, user.id, labId, "annotation.create")
            const labels = labelMap(yield* sql(() => labelsOf(trx, labId)))
            // Prepared before the transaction against the labels as they were then; a label
            // renamed, recoloured or deleted meanwhile (rare) means preparing again, in place.
            let prepared = checked
            if (!sameLabels(labels, checked)) {
              const again = prepareBulk(body, [...labels.values()])
              if (!again.ok) return yield* Effect.fail(badRequest(again.fields))
              prepared = again.prepared
            }
            const ids = prepared.map((p) => p.id)
            const existing = new Map((yield* sql(() => existingOf(trx, ids))).map((row) => [row.id, row]))
            const now = stamp()
            const fresh: PreparedAnnotation[] = []
            const replaced: Replacement[] = []
            const rows: Array<Insertable<AnnotationsTable>> = []
            for (const [index, p] of prepared.entries()) {
              const { id, visible, label } = p
              const found = existing.get(id)
              if (found) {
                // A retried upload: the same content is answered as created; other content is a conflict.
                if (found.lab_id !== labId) return yield* new AnnotationConflict({ message: `The id ${id} is already used.` })
                // The stored text is the canonical data as it was written: equal text is the same
                // content without parsing it (only a label renamed since needs the full comparison).
                const same =
                  Number(found.visible) === (visible ? 1 : 0) &&
                  (found.data === p.json || JSON.stringify(toAnnotation(found).data) === p.json)
                if (!same && update) replaced.push({ prepared: p, row: found })
                else if (!same)
                  return yield* new AnnotationConflict({
                    message: `Annotation ${id} already exists with other content.`,
                    current: toAnnotation(found)
                  })
                continue
              }
              fresh.push(p)
              const { minX, minY, maxX, maxY } = p.bbox
              rows.push({
                id,
                lab_id: labId,
                label_id: label.id,
                author_id: user.id,
                data: p.json,
                visible: visible ? 1 : 0,
                version: 1,
                min_x: minX,
                min_y: minY,
                max_x: maxX,
                max_y: maxY,
                created_at: now,
                ordinal: index,
                updated_at: now,
                ...p.derived
              })
            }
            if (rows.length > 0) {
              yield* insert(trx, rows)
              // Lazily: the message holds a few dozen shapes, not the thousands of a large upload.
              const changes = function* (): Generator<AnnotationChange> {
                for (const p of fresh) yield changeOfStored({ ...p, version: 1 }, p.label)
              }
              yield* sql(() => raiseRevision(trx, labId))
              yield* events.record(trx, {
                actorId: user.id,
                kind: "annotation.created",
                labId,
                payload: {
                  user_email: user.email,
                  user_name: user.name,
                  count: fresh.length,
                  annotations: fitChanges(changes()),
                  created_at: now
                }
              })
            }
            yield* replaceExisting(trx, events, user, lab, labId, replaced, now)
            return bulkAnswer(prepared, existing, new Set(replaced.map((r) => r.row.id)), { labId, user, now })
          })
        )

      const create = Effect.fn("Annotations.create")(function* (user: AuthenticatedUser, labId: string, body: Uint8Array, update = false) {
        // Decoded, checked and prepared outside the transaction (a large body on the bulk worker
        // thread), so neither the event loop nor SQLite's one connection waits for it.
        const work = Effect.gen(function* () {
          yield* requireSlide(database.db, user.id, labId, "annotation.create")
          const labels = yield* sql(() => labelsOf(database.db, labId))
          const prepared = yield* parser.prepare(body, labels)
          if (!prepared.ok) return yield* Effect.fail(badRequest(prepared.fields))
          const once = () => createOnce(user, labId, body, prepared.prepared, update)
          const again = () => once().pipe(Effect.catchTag("IdRace", () => Effect.die(new Error("annotation ids raced twice"))))
          return yield* once().pipe(Effect.catchTag("IdRace", again))
        })
        return yield* body.byteLength > IN_PLACE_BYTES ? bulkLane.withPermits(1)(work) : work
      })

      /** An edit or delete that lost a race with another committed edit: the conflict, with the shape as it is now. */
      const changedMeanwhile = (trx: Trx, id: string) =>
        Effect.gen(function* () {
          const now = (yield* sql(() => annotationsById(trx, [id])))[0]
          return yield* new AnnotationConflict({
            message: "The annotation changed meanwhile.",
            ...(now ? { current: toAnnotation(now) } : {})
          })
        })

      /** The annotation of this slide, once the asker may see the slide; 404 otherwise. */
      const target = (trx: Trx, userId: string, labId: string, id: string) =>
        Effect.gen(function* () {
          const lab = yield* requireSlide(trx, userId, labId, "annotation.view")
          const row = (yield* sql(() => annotationsById(trx, [id.toLowerCase()])))[0]
          if (!row || row.lab_id !== labId) return yield* Effect.fail(annotationNotFound())
          yield* allowed(lab, userId, "annotation.edit", row.author_id === userId)
          // An analysis' detection changes only with its job's results, all at once (server/services/ai).
          if (row.analysis_id !== null)
            return yield* Effect.fail(new Forbidden({ message: analysisMessages.detectionReadOnly, code: "detection" }))
          return row
        })

      const LOCKED_MESSAGE = "This annotation is locked: unlock it before moving, reshaping or deleting it."

      const update = Effect.fn("Annotations.update")(function* (
        user: AuthenticatedUser,
        labId: string,
        id: string,
        payload: UpdateAnnotationPayload
      ) {
        if (payload.data === undefined && payload.visible === undefined)
          return yield* Effect.fail(badRequest({ non_field_errors: ["Give data or visible."] }))
        return yield* database.transaction((trx) =>
          Effect.gen(function* () {
            const row = yield* target(trx, user.id, labId, id)
            const current = toAnnotation(row)
            if (isStale(current.version, payload.version))
              return yield* new AnnotationConflict({
                message: `The annotation changed meanwhile: it is at version ${current.version}, the edit started from ${payload.version}.`,
                current
              })
            const labels = labelMap(yield* sql(() => labelsOf(trx, labId)))
            const shape = payload.data === undefined ? undefined : checkAnnotation(payload.data, labels)
            if (shape && !shape.ok) return yield* Effect.fail(badRequest({ data: shape.errors }))
            const label = shape?.ok ? labels.get(shape.value.labelId)! : labels.get(row.label_id)!
            const data =
              payload.data === undefined || !shape?.ok ? current.data : canonicalData(row.id, payload.data, label, shape.value.geometry)
            // A locked shape keeps its selector: unlocking is an edit of its own (QuPath's rule).
            if (current.data.locked === true && JSON.stringify(data.target.selector) !== JSON.stringify(current.data.target.selector))
              return yield* new AnnotationConflict({ message: LOCKED_MESSAGE, current })
            const visible = payload.visible ?? current.visible
            const version = current.version + 1
            // A new shape brings its box and the columns the compact read takes (derivedColumns).
            const geometry = shape?.ok
              ? {
                  min_x: shape.value.bbox.minX,
                  min_y: shape.value.bbox.minY,
                  max_x: shape.value.bbox.maxX,
                  max_y: shape.value.bbox.maxY,
                  ...derivedColumns(shape.value.geometry, data)
                }
              : {}
            const updated = yield* sql(() =>
              trx
                .updateTable("annotations")
                .set({
                  data: JSON.stringify(data),
                  label_id: label.id,
                  visible: visible ? 1 : 0,
                  version,
                  updated_at: stamp(),
                  ...geometry
                })
                .where("id", "=", row.id)
                .where("version", "=", current.version)
                .executeTakeFirst()
            )
            // Another edit committed between our read and our write (PostgreSQL): same answer as a stale version.
            if (Number(updated.numUpdatedRows) !== 1) {
              return yield* changedMeanwhile(trx, row.id)
            }
            yield* sql(() => raiseRevision(trx, labId))
            yield* events.record(trx, {
              actorId: user.id,
              kind: "annotation.updated",
              labId,
              payload: { user_email: user.email, user_name: user.name, annotation: changeOf({ id: row.id, version, visible, data }, label) }
            })
            return toAnnotation((yield* sql(() => annotationsById(trx, [row.id])))[0]!)
          })
        )
      })

      const { bulkUpdate, bulkDelete, restore, entomb } = yield* makeBulkEdits

      const remove = Effect.fn("Annotations.remove")(function* (user: AuthenticatedUser, labId: string, id: string, version?: number) {
        yield* database.transaction((trx) =>
          Effect.gen(function* () {
            const row = yield* target(trx, user.id, labId, id)
            if (toAnnotation(row).data.locked === true)
              return yield* new AnnotationConflict({ message: LOCKED_MESSAGE, current: toAnnotation(row) })
            if (version !== undefined && isStale(row.version, version))
              return yield* new AnnotationConflict({
                message: `The annotation changed meanwhile: it is at version ${row.version}, the deletion was decided at ${version}.`,
                current: toAnnotation(row)
              })
            // Into a tombstone, as a bulk deletion: its deleter's undo restores it with its author,
            // its creation time and, for a comment pin, its conversation.
            yield* entomb(trx, user, labId, [row.id])
            const deleted = yield* sql(() =>
              trx
                .deleteFrom("annotations")
                .where("id", "=", row.id)
                .$if(version !== undefined, (q) => q.where("version", "=", version!))
                .executeTakeFirst()
            )
            // An edit committed between our read and our delete (PostgreSQL): the same answer as a stale version.
            if (Number(deleted.numDeletedRows) !== 1) {
              return yield* changedMeanwhile(trx, row.id)
            }
            yield* sql(() => raiseRevision(trx, labId))
            yield* events.record(trx, {
              actorId: user.id,
              kind: "annotation.deleted",
              labId,
              payload: { user_email: user.email, user_name: user.name, id: row.id, label_id: row.label_id }
            })
          })
        )
      })

      return Annotations.of({ list, compact, create, update, remove, bulkUpdate, bulkDelete, restore })
    })
  )
}

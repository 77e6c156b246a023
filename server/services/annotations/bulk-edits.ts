// Bulk edits of a slide's annotations: one change to a selection (relabel, move, visibility), the
// deletion of a selection or of every annotation of a label, and the restore that undoes such a
// deletion. Each is one transaction that writes every row and one event, or, refused, changes
// nothing: an id that is not an annotation of the slide is a 400 naming it, one the asker may not
// change (a reviewer's colleague's, by the contract's rule) a 403 naming it.
//
// Why tombstones: the undo of a multi-delete must bring the shapes back with their ids, authors and
// creation times. A client that sent those would be trusted to say who drew what and when, and could
// forge a colleague's annotation. Instead a bulk delete moves the rows, as they were, into
// `annotation_tombstones` with who deleted them (migration 0021), and a restore only copies back rows
// the asker deleted on that slide within TOMBSTONE_HOURS: the client names ids, never content.
import { ANNOTATION_COLUMNS } from "../../db/annotations.ts"
import { entombConversations, restoreConversations } from "./comment-tombstones.ts"
import { Effect, Semaphore } from "effect"
import { sql as kysql } from "kysely"
import { ANNOTATION_LIMITS, AnnotationConflict, type BulkDeletePayload, type BulkUpdatePayload } from "../../../src/contract/annotations.ts"
import { badRequest, Forbidden } from "../../../src/contract/errors.ts"
import type { AuthenticatedUser } from "../../../src/contract/middleware.ts"
import type { BulkChange } from "../../../src/contract/realtime.ts"
import { raiseRevision } from "../../db/annotation-revision.ts"
import { labelsOf } from "../../db/annotations.ts"
import { annotationRefusal } from "../../domain/annotation-rules.ts"
import { labelMap } from "../../domain/bulk-annotations.ts"
import { checkIds, listIds, movedColumns } from "../../domain/bulk-edits.ts"
import type { ResolvedLab } from "../../db/lab-access.ts"
import { stamp } from "../../domain/clock.ts"
import { Database, sql, type Trx } from "../platform/Database.ts"
import { EventLog } from "../platform/EventLog.ts"
import { CHUNK, chunksOf, idInFor, idsThatFit, LARGE_BULK_IDS } from "./bulk-statements.ts"
import { requireSlide } from "./slide-gate.ts"

/** How long a bulk-deleted annotation can be restored by whoever deleted it. */
export const TOMBSTONE_HOURS = 24

const cutoff = () => new Date(Date.now() - TOMBSTONE_HOURS * 3600_000).toISOString()

/** A move or delete that names locked shapes changes nothing (QuPath's lock; migration 0025). */
const lockedRefusal = (ids: ReadonlyArray<string>) =>
  badRequest({
    ids: [
      `${ids.length === 1 ? "This annotation is" : `These ${ids.length} annotations are`} locked: ${listIds(ids)}. Unlock them first. Nothing was changed.`
    ]
  })

const refusedMessage = (ids: ReadonlyArray<string>) =>
  `You may not change ${ids.length === 1 ? "this annotation" : `these ${ids.length} annotations`} (a reviewer changes only their own): ${listIds(ids)}. Nothing was changed.`

export const makeBulkEdits = Effect.gen(function* () {
  const database = yield* Database
  const events = yield* EventLog
  const lane = yield* Semaphore.make(1)
  const idIn = idInFor(database.engine)
  // One statement per step on PostgreSQL (one array parameter); CHUNK ids per statement on SQLite.
  const chunks = chunksOf(database.engine === "postgres" ? ANNOTATION_LIMITS.perBulkEdit : CHUNK)
  const inLane = <A, E>(size: number, work: Effect.Effect<A, E>) => (size > LARGE_BULK_IDS ? lane.withPermits(1)(work) : work)

  /** The slide's annotations among `ids` with their authors; refuses ids that are not, and ids the asker may not change. */
  const targets = (trx: Trx, user: AuthenticatedUser, lab: ResolvedLab, labId: string, ids: ReadonlyArray<string>, movesShapes = false) =>
    Effect.gen(function* () {
      const authors = new Map<string, string>()
      const locked: string[] = []
      for (const chunk of chunks(ids)) {
        // By primary key alone, the slide checked here: with `lab_id = ?` in the query SQLite may walk
        // the slide's index, every row of it for every chunk.
        const rows = yield* sql(() =>
          trx.selectFrom("annotations").select(["id", "lab_id", "author_id", "locked"]).where(idIn(chunk)).execute()
        )
        for (const row of rows)
          if (row.lab_id === labId) {
            authors.set(row.id, row.author_id)
            if (Number(row.locked) === 1) locked.push(row.id)
          }
      }
      if (movesShapes && locked.length > 0) return yield* Effect.fail(lockedRefusal(locked))
      const unknown = ids.filter((id) => !authors.has(id))
      if (unknown.length > 0)
        return yield* Effect.fail(
          badRequest({ ids: [`These are not annotations of this slide: ${listIds(unknown)}. Nothing was changed.`] })
        )
      yield* refuseOthers(user, lab, ids, authors)
      return authors
    })

  const refuseOthers = (user: AuthenticatedUser, lab: ResolvedLab, ids: ReadonlyArray<string>, authors: ReadonlyMap<string, string>) => {
    const refused = ids.filter(
      (id) => annotationRefusal(lab.access.standing, lab.access.isPublic, "annotation.edit", authors.get(id) === user.id) !== undefined
    )
    return refused.length > 0 ? Effect.fail(new Forbidden({ message: refusedMessage(refused), code: "annotations_refused" })) : Effect.void
  }

  const announce = (
    trx: Trx,
    user: AuthenticatedUser,
    labId: string,
    action: "updated" | "deleted",
    ids: ReadonlyArray<string>,
    change: BulkChange
  ) =>
    Effect.gen(function* () {
      yield* sql(() => raiseRevision(trx, labId))
      yield* events.record(trx, {
        actorId: user.id,
        kind: "annotation.bulk_changed",
        labId,
        payload: { user_email: user.email, user_name: user.name, action, count: ids.length, ids: idsThatFit(ids), change }
      })
    })

  const bulkUpdate = Effect.fn("Annotations.bulkUpdate")(function* (user: AuthenticatedUser, labId: string, payload: BulkUpdatePayload) {
    const checked = checkIds(payload.ids)
    if (!checked.ok) return yield* Effect.fail(badRequest(checked.fields))
    const ids = checked.value
    const { label_id: labelId, visible } = payload
    const dx = payload.dx ?? 0
    const dy = payload.dy ?? 0
    const moves = dx !== 0 || dy !== 0
    if (labelId === undefined && visible === undefined && !moves)
      return yield* Effect.fail(badRequest({ non_field_errors: ["Give label_id, dx and dy, or visible."] }))
    return yield* inLane(
      ids.length,
      database.transaction((trx) =>
        Effect.gen(function* () {
          const lab = yield* requireSlide(trx, user.id, labId, "annotation.create")
          yield* targets(trx, user, lab, labId, ids, moves)
          const labels = labelMap(yield* sql(() => labelsOf(trx, labId)))
          const label = labelId === undefined ? undefined : labels.get(labelId)
          if (labelId !== undefined && label === undefined)
            return yield* Effect.fail(badRequest({ label_id: [`Label ${labelId} is not a label of this slide.`] }))
          const now = stamp()
          // Relabelling and visibility are columns: the stored tag's label is filled in from the
          // label_id column on every read (storedData), and the compact read takes the column.
          const columns = {
            updated_at: now,
            ...(label === undefined ? {} : { label_id: label.id }),
            ...(visible === undefined ? {} : { visible: visible ? 1 : 0 })
          }
          if (!moves) {
            for (const chunk of chunks(ids))
              yield* sql(() =>
                trx
                  .updateTable("annotations")
                  .set((eb) => ({ ...columns, version: eb("version", "+", 1) }))
                  .where(idIn(chunk))
                  .execute()
              )
          } else {
            // A move rewrites each shape's selector, box and vertex bytes through the geometry helpers.
            const outside: string[] = []
            for (const chunk of chunks(ids)) {
              const rows = yield* sql(() => trx.selectFrom("annotations").select(["id", "data", "label_id"]).where(idIn(chunk)).execute())
              for (const row of rows) {
                const moved = movedColumns(row.id, row.data, label ?? labels.get(row.label_id)!, dx, dy)
                if (!moved.ok) {
                  outside.push(row.id)
                  continue
                }
                if (outside.length > 0) continue
                yield* sql(() =>
                  trx
                    .updateTable("annotations")
                    .set((eb) => ({ ...columns, ...moved.columns, version: eb("version", "+", 1) }))
                    .where("id", "=", row.id)
                    .execute()
                )
              }
            }
            if (outside.length > 0)
              return yield* Effect.fail(
                badRequest({
                  dx: [
                    `Moving by (${dx}, ${dy}) takes these annotations beyond ${ANNOTATION_LIMITS.coordinate} pixels: ${listIds(outside)}. Nothing was changed.`
                  ]
                })
              )
          }
          const change: BulkChange = {
            ...(label === undefined ? {} : { label_id: label.id, label_name: label.name, color: label.color }),
            ...(visible === undefined ? {} : { visible }),
            ...(moves ? { dx, dy } : {})
          }
          yield* announce(trx, user, labId, "updated", ids, change)
          return { count: ids.length, ids }
        })
      )
    )
  })

  /**
   * Copies the rows into tombstones (see the head of this file), a comment pin's conversation with
   * it, for a deletion about to happen in the same transaction.
   */
  const entomb = (trx: Trx, user: AuthenticatedUser, labId: string, ids: ReadonlyArray<string>) =>
    Effect.gen(function* () {
      const now = stamp()
      const since = cutoff()
      // Tombstones past their time go first, on this slide: a slide's deletions clean up after themselves.
      yield* sql(() => trx.deleteFrom("annotation_tombstones").where("lab_id", "=", labId).where("deleted_at", "<", since).execute())
      for (const chunk of chunks(ids)) {
        // An id deleted, restored or made again and deleted once more keeps only its latest tombstone.
        yield* sql(() => trx.deleteFrom("annotation_tombstones").where(idIn(chunk)).execute())
        yield* sql(() =>
          trx
            .insertInto("annotation_tombstones")
            .columns([...ANNOTATION_COLUMNS, "deleted_by", "deleted_at"])
            .expression(
              trx
                .selectFrom("annotations")
                .select([
                  ...ANNOTATION_COLUMNS,
                  kysql<string>`cast(${user.id} as text)`.as("deleted_by"),
                  kysql<string>`cast(${now} as text)`.as("deleted_at")
                ])
                .where(idIn(chunk))
            )
            .execute()
        )
        yield* sql(() => entombConversations(trx, database.engine, labId, chunk, now, since))
      }
    })

  /** Moves the rows into tombstones and deletes them. */
  const bury = (trx: Trx, user: AuthenticatedUser, labId: string, ids: ReadonlyArray<string>) =>
    Effect.gen(function* () {
      yield* entomb(trx, user, labId, ids)
      for (const chunk of chunks(ids)) yield* sql(() => trx.deleteFrom("annotations").where(idIn(chunk)).execute())
    })

  const bulkDelete = Effect.fn("Annotations.bulkDelete")(function* (user: AuthenticatedUser, labId: string, payload: BulkDeletePayload) {
    if ((payload.ids === undefined) === (payload.label_id === undefined))
      return yield* Effect.fail(badRequest({ non_field_errors: ["Give either ids or label_id."] }))
    let named: ReadonlyArray<string> | undefined
    if (payload.ids !== undefined) {
      const checked = checkIds(payload.ids)
      if (!checked.ok) return yield* Effect.fail(badRequest(checked.fields))
      named = checked.value
    }
    const labelId = payload.label_id
    return yield* inLane(
      named?.length ?? LARGE_BULK_IDS + 1,
      database.transaction((trx) =>
        Effect.gen(function* () {
          const lab = yield* requireSlide(trx, user.id, labId, "annotation.create")
          let ids: ReadonlyArray<string>
          if (named !== undefined) {
            ids = named
            yield* targets(trx, user, lab, labId, ids, true)
          } else {
            const labels = labelMap(yield* sql(() => labelsOf(trx, labId)))
            if (!labels.has(labelId!))
              return yield* Effect.fail(badRequest({ label_id: [`Label ${labelId} is not a label of this slide.`] }))
            const rows = yield* sql(() =>
              trx
                .selectFrom("annotations")
                .select(["id", "author_id", "locked"])
                .where("lab_id", "=", labId)
                .where("label_id", "=", labelId!)
                .execute()
            )
            ids = rows.map((row) => row.id)
            const locked = rows.filter((row) => Number(row.locked) === 1).map((row) => row.id)
            if (locked.length > 0) return yield* Effect.fail(lockedRefusal(locked))
            yield* refuseOthers(user, lab, ids, new Map(rows.map((row) => [row.id, row.author_id])))
            if (ids.length === 0) return { count: 0, ids }
          }
          yield* bury(trx, user, labId, ids)
          yield* announce(trx, user, labId, "deleted", ids, {})
          return { count: ids.length, ids }
        })
      )
    )
  })

  const restore = Effect.fn("Annotations.restore")(function* (user: AuthenticatedUser, labId: string, sent: ReadonlyArray<string>) {
    const checked = checkIds(sent)
    if (!checked.ok) return yield* Effect.fail(badRequest(checked.fields))
    const ids = checked.value
    return yield* inLane(
      ids.length,
      database.transaction((trx) =>
        Effect.gen(function* () {
          const lab = yield* requireSlide(trx, user.id, labId, "annotation.create")
          const since = cutoff()
          const found = new Map<string, { author_id: string; label_id: string }>()
          const taken: string[] = []
          for (const chunk of chunks(ids)) {
            // Only what this asker deleted on this slide, and not too long ago: nothing else can be restored.
            // (By primary key, the rest checked here: see `targets`.)
            const rows = yield* sql(() =>
              trx
                .selectFrom("annotation_tombstones")
                .select(["id", "author_id", "label_id", "lab_id", "deleted_by", "deleted_at"])
                .where(idIn(chunk))
                .execute()
            )
            for (const row of rows)
              if (row.lab_id === labId && row.deleted_by === user.id && row.deleted_at >= since) found.set(row.id, row)
            const live = yield* sql(() => trx.selectFrom("annotations").select("id").where(idIn(chunk)).execute())
            taken.push(...live.map((row) => row.id))
          }
          const missing = ids.filter((id) => !found.has(id))
          if (missing.length > 0)
            return yield* Effect.fail(
              badRequest({
                ids: [
                  `These are not annotations you deleted on this slide in the last ${TOMBSTONE_HOURS} hours: ${listIds(missing)}. Nothing was restored.`
                ]
              })
            )
          if (taken.length > 0)
            return yield* new AnnotationConflict({ message: `These ids are in use again: ${listIds(taken)}. Nothing was restored.` })
          const labels = labelMap(yield* sql(() => labelsOf(trx, labId)))
          const labelGone = ids.filter((id) => !labels.has(found.get(id)!.label_id))
          if (labelGone.length > 0)
            return yield* Effect.fail(
              badRequest({
                label_id: [`The label of these annotations was deleted meanwhile: ${listIds(labelGone)}. Nothing was restored.`]
              })
            )
          // The asker's role may have changed since they deleted them: the rule is asked again.
          yield* refuseOthers(user, lab, ids, new Map([...found].map(([id, row]) => [id, row.author_id])))
          const now = stamp()
          for (const chunk of chunks(ids)) {
            yield* sql(() =>
              trx
                .insertInto("annotations")
                .columns([...ANNOTATION_COLUMNS])
                .expression(
                  trx
                    .selectFrom("annotation_tombstones")
                    // In the columns' order (INSERT ... SELECT is positional): one version up, updated now.
                    .select((eb) =>
                      ANNOTATION_COLUMNS.map((c) =>
                        c === "version"
                          ? eb("version", "+", 1).as("version")
                          : c === "updated_at"
                            ? kysql<string>`cast(${now} as text)`.as("updated_at")
                            : eb.ref(c).as(c)
                      )
                    )
                    .where(idIn(chunk))
                )
                .execute()
            )
            yield* sql(() => trx.deleteFrom("annotation_tombstones").where(idIn(chunk)).execute())
            yield* sql(() => restoreConversations(trx, database.engine, chunk))
          }
          yield* sql(() => raiseRevision(trx, labId))
          // Announced as a bulk create with no shape inline: the other screens re-read the slide,
          // which brings each shape with its own author (a create's message would credit the restorer).
          yield* events.record(trx, {
            actorId: user.id,
            kind: "annotation.created",
            labId,
            payload: { user_email: user.email, user_name: user.name, count: ids.length, annotations: [] }
          })
          return { count: ids.length, ids }
        })
      )
    )
  })

  return { bulkUpdate, bulkDelete, restore, entomb }
})

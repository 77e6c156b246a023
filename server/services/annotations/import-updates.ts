// The bulk POST's `existing=update`: ids the upload names that are already annotations of this
// slide with other content are updated in place rather than refused with a 409. An import of the
// same file again uses it (its ids derive from the file's, src/annotation/interchange/import-ids.ts),
// so shapes edited in QuPath come back as edits of ours, keeping their ids, authors and creation times.
//
// The rules are an edit's (Annotations.update): the asker must be allowed to edit each one (a
// reviewer only their own; a 403 naming the others), a locked shape keeps its selector (409), and a
// shape changed by someone else between the read and the write is a 409. All or nothing: the upload
// runs in one transaction. One bulk_changed event with no ids tells the other viewers to read the
// slide again, as a large bulk edit does, since every shape's content changed, not one field.
import { Effect } from "effect"
import { AnnotationConflict, type WebAnnotation } from "../../../src/contract/annotations.ts"
import { Forbidden } from "../../../src/contract/errors.ts"
import type { AuthenticatedUser } from "../../../src/contract/middleware.ts"
import { raiseRevision } from "../../db/annotation-revision.ts"
import { type AnnotationRow, annotationsById, toAnnotation } from "../../db/annotations.ts"
import type { ResolvedLab } from "../../db/lab-access.ts"
import { annotationRefusal } from "../../domain/annotation-rules.ts"
import type { PreparedAnnotation } from "../../domain/bulk-annotations.ts"
import { listIds } from "../../domain/bulk-edits.ts"
import { sql, type Trx } from "../platform/Database.ts"
import type { EventLog } from "../platform/EventLog.ts"

/** An upload's annotation that names a stored one of this slide, with other content. */
export interface Replacement {
  readonly prepared: PreparedAnnotation
  readonly row: AnnotationRow
}

const selectorOf = (json: string) => JSON.stringify((JSON.parse(json) as WebAnnotation).target.selector)

export const replaceExisting = (
  trx: Trx,
  events: typeof EventLog.Service,
  user: AuthenticatedUser,
  lab: ResolvedLab,
  labId: string,
  replaced: ReadonlyArray<Replacement>,
  now: string
) =>
  Effect.gen(function* () {
    if (replaced.length === 0) return
    const refused = replaced
      .filter(
        ({ row }) => annotationRefusal(lab.access.standing, lab.access.isPublic, "annotation.edit", row.author_id === user.id) !== undefined
      )
      .map(({ row }) => row.id)
    if (refused.length > 0)
      return yield* new Forbidden({
        message: `You may not change ${refused.length === 1 ? "this annotation" : `these ${refused.length} annotations`} (a reviewer changes only their own): ${listIds(refused)}. Nothing was imported.`,
        code: "annotations_refused"
      })
    const locked = replaced.find(({ row, prepared }) => {
      const current = toAnnotation(row).data
      return current.locked === true && JSON.stringify(current.target.selector) !== selectorOf(prepared.json)
    })
    if (locked)
      return yield* new AnnotationConflict({
        message: `Annotation ${locked.row.id} is locked: unlock it before importing a new shape for it. Nothing was imported.`,
        current: toAnnotation(locked.row)
      })
    for (const { prepared: p, row } of replaced) {
      const { minX, minY, maxX, maxY } = p.bbox
      const updated = yield* sql(() =>
        trx
          .updateTable("annotations")
          .set({
            data: p.json,
            label_id: p.label.id,
            visible: p.visible ? 1 : 0,
            version: Number(row.version) + 1,
            updated_at: now,
            min_x: minX,
            min_y: minY,
            max_x: maxX,
            max_y: maxY,
            ...p.derived
          })
          .where("id", "=", row.id)
          .where("version", "=", row.version)
          .executeTakeFirst()
      )
      // Someone edited it between our read and our write (PostgreSQL): as for an edit, a conflict.
      if (Number(updated.numUpdatedRows) !== 1) {
        const now = (yield* sql(() => annotationsById(trx, [row.id])))[0]
        return yield* new AnnotationConflict({
          message: `Annotation ${row.id} changed meanwhile. Nothing was imported.`,
          ...(now ? { current: toAnnotation(now) } : {})
        })
      }
    }
    yield* sql(() => raiseRevision(trx, labId))
    yield* events.record(trx, {
      actorId: user.id,
      kind: "annotation.bulk_changed",
      labId,
      payload: { user_email: user.email, user_name: user.name, action: "updated", count: replaced.length, ids: [], change: {} }
    })
  })

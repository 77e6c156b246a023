// One annotation of a slide (GET /v2/labs/{labId}/annotations/{id}/) for whoever may read the slide's
// list, in the list's form: the viewer reads a detection's measurements this way when it shows them,
// since the compact read leaves them out (src/annotation/compact.ts, `detection`).
import { Effect } from "effect"
import type { Annotation } from "../../../src/contract/annotations.ts"
import { NotFound } from "../../../src/contract/errors.ts"
import { annotationsById, toAnnotation, withoutEmail } from "../../db/annotations.ts"
import { isMember } from "../../domain/annotation-rules.ts"
import { sql, type Trx } from "../platform/Database.ts"
import { type ViewDenied, viewSlide } from "./slide-gate.ts"

export const readAnnotation = (db: Trx, userId: string | undefined, labId: string, id: string): Effect.Effect<Annotation, ViewDenied> =>
  Effect.gen(function* () {
    const lab = yield* viewSlide(db, userId, labId)
    const row = (yield* sql(() => annotationsById(db, [id.toLowerCase()])))[0]
    if (row === undefined || row.lab_id !== labId) return yield* Effect.fail(new NotFound({ message: "Annotation not found." }))
    // Authors' emails are for the slide's members, as in the list.
    return isMember(lab.access.standing) ? toAnnotation(row) : withoutEmail(toAnnotation(row))
  })

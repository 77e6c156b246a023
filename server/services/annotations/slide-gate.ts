// The check every annotation, label and viewer endpoint passes first: the slide exists and is live,
// the asker may do the action (server/domain/annotation-rules.ts), and it is a file. A slide the
// asker may not see is answered as a missing lab (404; 401 to a guest, so the SPA offers to sign in),
// like every other lab endpoint; folders have no annotations (400 naming lab_id).
import { Effect } from "effect"
import { type BadRequest, badRequest, Forbidden, NotFound, Unauthorized } from "../../../src/contract/errors.ts"
import { type ResolvedLab, resolveLab } from "../../db/lab-access.ts"
import { type AnnotationAction, annotationRefusal } from "../../domain/annotation-rules.ts"
import { labMessages } from "../../domain/lab-messages.ts"
import { sql, type Trx } from "../platform/Database.ts"

export type SlideDenied = NotFound | Forbidden | Unauthorized | BadRequest
export type ViewDenied = NotFound | Unauthorized | BadRequest

export const FOLDER_HAS_NO_ANNOTATIONS = "Folders have no annotations or labels; give a slide."

export const hidden = (userId: string | undefined) =>
  userId === undefined ? new Unauthorized({ message: labMessages.signInRequired }) : new NotFound({ message: labMessages.notFound })

export const forbidden = () => new Forbidden({ message: labMessages.forbidden })

/** Applies the rule to a slide already resolved (e.g. an edit, once the annotation's author is known). */
export const allowed = (lab: ResolvedLab, userId: string | undefined, action: AnnotationAction, ownsTarget = false) => {
  const refused = annotationRefusal(lab.access.standing, lab.access.isPublic, action, ownsTarget)
  return refused === "hidden" ? Effect.fail(hidden(userId)) : refused === "forbidden" ? Effect.fail(forbidden()) : Effect.void
}

/** The slide, if the asker may see it (never a 403: a slide one may not read is hidden). */
export const viewSlide = (db: Trx, userId: string | undefined, labId: string): Effect.Effect<ResolvedLab, ViewDenied> =>
  Effect.gen(function* () {
    const lab = yield* sql(() => resolveLab(db, labId, userId))
    if (!lab || lab.row.deleted_at !== null) return yield* Effect.fail(hidden(userId))
    if (annotationRefusal(lab.access.standing, lab.access.isPublic, "annotation.view") !== undefined)
      return yield* Effect.fail(hidden(userId))
    if (Number(lab.row.is_dir) === 1) return yield* Effect.fail(badRequest({ lab_id: [FOLDER_HAS_NO_ANNOTATIONS] }))
    return lab
  })

/** The slide, if the asker may do `action` on it. */
export const requireSlide = (
  db: Trx,
  userId: string | undefined,
  labId: string,
  action: AnnotationAction
): Effect.Effect<ResolvedLab, SlideDenied> =>
  Effect.gen(function* () {
    const lab = yield* sql(() => resolveLab(db, labId, userId))
    if (!lab || lab.row.deleted_at !== null) return yield* Effect.fail(hidden(userId))
    yield* allowed(lab, userId, action)
    if (Number(lab.row.is_dir) === 1) return yield* Effect.fail(badRequest({ lab_id: [FOLDER_HAS_NO_ANNOTATIONS] }))
    return lab
  })

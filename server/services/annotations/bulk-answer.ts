// The bulk create's answer, built from what was prepared (no stored selector parsed again): a new
// row is as written; one that existed keeps its author and creation time, and its version and
// update time unless the upload updated it (`existing=update`, import-updates.ts).
import type { AuthenticatedUser } from "../../../src/contract/middleware.ts"
import type { AnnotationRow } from "../../db/annotations.ts"
import { type AnnotationJson, annotationJson } from "../../domain/annotation-json.ts"
import type { PreparedAnnotation } from "../../domain/bulk-annotations.ts"

export const bulkAnswer = (
  prepared: ReadonlyArray<PreparedAnnotation>,
  existing: ReadonlyMap<string, AnnotationRow>,
  updated: ReadonlySet<string>,
  context: { readonly labId: string; readonly user: AuthenticatedUser; readonly now: string }
): ReadonlyArray<AnnotationJson> =>
  prepared.map((p) => {
    const found = existing.get(p.id)
    const { user, now } = context
    const bumped = updated.has(p.id)
    const fields = {
      id: p.id,
      lab_id: context.labId,
      visible: p.visible,
      user: found
        ? { id: found.author_id, email: found.author_email, name: found.author_name }
        : { id: user.id, email: user.email, name: user.name },
      version: found ? Number(found.version) + (bumped ? 1 : 0) : 1,
      created_at: found ? found.created_at : now,
      updated_at: found && !bumped ? found.updated_at : now
    }
    return annotationJson(fields, p.json)
  })

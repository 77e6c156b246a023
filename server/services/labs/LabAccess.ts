// The one gate every lab endpoint passes: finds the lab, works out the asker's standing on it
// (server/domain/standing.ts) and asks the permission matrix (server/domain/permissions.ts).
// A lab the asker may not see is answered like a missing one (404, or 401 to a guest); a lab they
// see but may not act on is 403.
import { Context, Effect, Layer } from "effect"
import { Forbidden, NotFound, Unauthorized } from "../../../src/contract/errors.ts"
import { type ResolvedLab, resolveLab } from "../../db/lab-access.ts"
import type { FolderAccessRows } from "../../db/lab-listing.ts"
import { labMessages } from "../../domain/lab-messages.ts"
import { type Action, can, refusal, type Standing } from "../../domain/permissions.ts"
import { type Access, accessFromChain } from "../../domain/standing.ts"
import { Database, sql, type Trx } from "../platform/Database.ts"

/** Which labs an endpoint works on: live ones, or trash batches (what the trash lists). */
export type Place = "live" | "trash"

export type LabDenied = NotFound | Forbidden

export const labNotFound = () => new NotFound({ message: labMessages.notFound })
const forbidden = () => new Forbidden({ message: labMessages.forbidden })

const inPlace = (lab: ResolvedLab, place: Place) =>
  place === "live" ? lab.row.deleted_at === null : lab.row.deleted_at !== null && lab.row.trash_id === lab.row.id

export class LabAccess extends Context.Service<
  LabAccess,
  {
    /** The lab, if the signed-in user may do `action` on it. */
    readonly require: (db: Trx, userId: string, labId: string, action: Action, place?: Place) => Effect.Effect<ResolvedLab, LabDenied>
    /**
     * The lab, if the asker may see it: the check of the endpoints a guest may call too (`userId`
     * undefined). Refusals to a guest are 401, so the SPA offers to sign in.
     */
    readonly requireView: (db: Trx, userId: string | undefined, labId: string) => Effect.Effect<ResolvedLab, NotFound | Unauthorized>
    /**
     * requireView's decision over a folder's access rows read together with its page (lab-listing.ts's
     * childrenPageWithAccess): the asker's access, or the same refusal.
     */
    readonly viewAccess: (
      folder: FolderAccessRows | undefined,
      userId: string | undefined
    ) => Effect.Effect<Access, NotFound | Unauthorized>
    /**
     * The standing of a user (null: a guest) on a live lab; "stranger" (or "guest") when the lab
     * does not exist or is in the trash. For the realtime channel authorisation.
     */
    readonly standingOf: (userId: string | null, labId: string) => Effect.Effect<Standing>
    /** Whether the user (null: a guest) may see the live lab: a role on it, or it is public. */
    readonly canView: (userId: string | null, labId: string) => Effect.Effect<boolean>
  }
>()("preparat/LabAccess") {
  static readonly layer = Layer.effect(
    LabAccess,
    Effect.gen(function* () {
      const { db } = yield* Database

      const check = (db: Trx, userId: string | undefined, labId: string, action: Action, place: Place) =>
        Effect.gen(function* () {
          const lab = yield* sql(() => resolveLab(db, labId, userId))
          if (!lab || !inPlace(lab, place)) return { lab: undefined, refused: "hidden" as const }
          return { lab, refused: refusal(lab.access.standing, action, lab.access.isPublic) }
        })

      const require = Effect.fn("LabAccess.require")(function* (
        db: Trx,
        userId: string,
        labId: string,
        action: Action,
        place: Place = "live"
      ) {
        const { lab, refused } = yield* check(db, userId, labId, action, place)
        if (refused === "hidden" || !lab) return yield* labNotFound()
        if (refused === "forbidden") return yield* forbidden()
        return lab
      })

      /** What a guest is told of a lab they may not see (sign in), and anyone else (no such lab). */
      const viewRefused = (userId: string | undefined) =>
        userId === undefined ? Effect.fail(new Unauthorized({ message: labMessages.signInRequired })) : Effect.fail(labNotFound())

      const requireView = Effect.fn("LabAccess.requireView")(function* (db: Trx, userId: string | undefined, labId: string) {
        const { lab, refused } = yield* check(db, userId, labId, "lab.view", "live")
        if (refused === undefined && lab) return lab
        return yield* viewRefused(userId)
      })

      const viewAccess = (
        folder: FolderAccessRows | undefined,
        userId: string | undefined
      ): Effect.Effect<Access, NotFound | Unauthorized> => {
        if (folder === undefined || folder.deleted) return viewRefused(userId)
        const found = accessFromChain(folder.chain, userId)
        return refusal(found.standing, "lab.view", found.isPublic) === undefined ? Effect.succeed(found) : viewRefused(userId)
      }

      const live = (userId: string | null, labId: string) =>
        Effect.map(
          sql(() => resolveLab(db, labId, userId ?? undefined)),
          (lab) => (lab && lab.row.deleted_at === null ? lab : undefined)
        )

      const standingOf = Effect.fn("LabAccess.standingOf")(function* (userId: string | null, labId: string) {
        const lab = yield* live(userId, labId)
        return lab?.access.standing ?? (userId === null ? "guest" : "stranger")
      })

      const canView = Effect.fn("LabAccess.canView")(function* (userId: string | null, labId: string) {
        const lab = yield* live(userId, labId)
        return lab !== undefined && can(lab.access.standing, "lab.view", lab.access.isPublic)
      })

      return LabAccess.of({ require, requireView, viewAccess, standingOf, canView })
    })
  )
}

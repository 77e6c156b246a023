// A slide's microns per pixel, given by its owner or an admin when the file did not record it (or
// recorded it wrong): typed in, or measured off a line of known length in the viewer. Written with
// its event in one transaction; the lab's channel hears it, so open viewers take the new scale. An
// auto-tagged slide's magnification tag is set again from it.
import { Context, Effect, Layer } from "effect"
import { type BadRequest, badRequest } from "../../../src/contract/errors.ts"
import type { Lab } from "../../../src/contract/labs.ts"
import { stamp } from "../../domain/clock.ts"
import { storedAutoTags, withResolution } from "../../domain/auto-tags.ts"
import { labMessages } from "../../domain/lab-messages.ts"
import { Database, sql } from "../platform/Database.ts"
import { EventLog } from "../platform/EventLog.ts"
import { type LabDenied, LabAccess } from "./LabAccess.ts"
import { storeAutoTags } from "../slides/AutoTagging.ts"
import { presentOne } from "./Labs.ts"

/** The name the event gives the changed setting (the activity page and the lab channel read it). */
export const RESOLUTION_SETTING = "microns_per_pixel"

export class SlideResolution extends Context.Service<
  SlideResolution,
  {
    /** Sets the slide's mpp (already checked by the contract: finite, above 0, at most MAX_MPP). */
    readonly set: (userId: string, labId: string, mpp: number) => Effect.Effect<Lab, BadRequest | LabDenied>
  }
>()("preparat/SlideResolution") {
  static readonly layer = Layer.effect(
    SlideResolution,
    Effect.gen(function* () {
      const database = yield* Database
      const events = yield* EventLog
      const access = yield* LabAccess

      const set = Effect.fn("SlideResolution.set")(function* (userId: string, labId: string, mpp: number) {
        return yield* database.transaction((trx) =>
          Effect.gen(function* () {
            // Reviewers and strangers are refused here (403, or 404 for a lab they may not see).
            const lab = yield* access.require(trx, userId, labId, "lab.calibrate")
            if (lab.row.is_dir === 1) return yield* Effect.fail(badRequest({ mpp: [labMessages.onlySlides] }))
            yield* sql(() => trx.updateTable("labs").set({ mpp, updated_at: stamp() }).where("id", "=", labId).execute())
            yield* events.record(trx, {
              actorId: userId,
              kind: "lab.metadata_changed",
              labId,
              payload: { names: [RESOLUTION_SETTING], change: "set", parent_id: lab.row.parent_id }
            })
            // An auto-tagged slide's magnification tag follows its new resolution.
            const tagged = storedAutoTags(lab.row.auto_tags)
            if (tagged !== undefined) yield* storeAutoTags(events, trx, lab.row, withResolution(tagged, mpp))
            return yield* presentOne(trx, lab, userId)
          })
        )
      })

      return { set }
    })
  )
}

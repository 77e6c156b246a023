// Who has a slide open: members call in when they open it and every 30 s while it stays open, and
// leave when they close it; whoever called in within ANNOTATION_LIMITS.viewerSeconds is there. Kept
// in the database, so every worker process (and an external realtime service) sees the same list.
// Only members (owner, admin, reviewer) take part: a public slide's visitors are not shown to others.
// That list is for API clients; the SPA follows the slide's presence channel (`presenceInfo` is what
// its members are told about whoever joins: anyone who may read the slide, on a public slide by name
// only, since a stranger may listen there too).
import { Context, Effect, Layer } from "effect"
import { ANNOTATION_LIMITS, type Viewer } from "../../../src/contract/annotations.ts"
import type { PresenceInfo } from "../../../src/contract/realtime.ts"
import { stamp } from "../../domain/clock.ts"
import { Database, sql, type Trx } from "../platform/Database.ts"
import { requireSlide, type SlideDenied, type ViewDenied, viewSlide } from "./slide-gate.ts"

type Viewers = Effect.Effect<ReadonlyArray<Viewer>, SlideDenied>

export class SlideViewers extends Context.Service<
  SlideViewers,
  {
    readonly list: (userId: string, labId: string) => Viewers
    readonly join: (userId: string, labId: string) => Viewers
    readonly leave: (userId: string, labId: string) => Viewers
    /** Who `userId` is to the others on the slide's presence channel, if they may read the slide. */
    readonly presenceInfo: (userId: string, labId: string) => Effect.Effect<PresenceInfo, ViewDenied>
  }
>()("preparat/SlideViewers") {
  static readonly layer = Layer.effect(
    SlideViewers,
    Effect.gen(function* () {
      const database = yield* Database
      const { db } = database

      const cutoff = () => new Date(Date.now() - ANNOTATION_LIMITS.viewerSeconds * 1000).toISOString()

      const present = (trx: Trx, labId: string) =>
        sql(() =>
          trx
            .selectFrom("lab_viewers as v")
            .innerJoin("users as u", "u.id", "v.user_id")
            .select(["u.id", "u.email", "u.name", "v.seen_at"])
            .where("v.lab_id", "=", labId)
            .where("v.seen_at", ">=", cutoff())
            .orderBy("v.seen_at", "desc")
            .limit(200)
            .execute()
        )

      const list = Effect.fn("SlideViewers.list")(function* (userId: string, labId: string) {
        yield* requireSlide(db, userId, labId, "viewers")
        return yield* present(db, labId)
      })

      const join = Effect.fn("SlideViewers.join")(function* (userId: string, labId: string) {
        return yield* database.transaction((trx) =>
          Effect.gen(function* () {
            yield* requireSlide(trx, userId, labId, "viewers")
            const now = stamp()
            yield* sql(() =>
              trx
                .insertInto("lab_viewers")
                .values({ lab_id: labId, user_id: userId, seen_at: now })
                .onConflict((oc) => oc.columns(["lab_id", "user_id"]).doUpdateSet({ seen_at: now }))
                .execute()
            )
            // Those long gone are forgotten as others call in.
            yield* sql(() => trx.deleteFrom("lab_viewers").where("lab_id", "=", labId).where("seen_at", "<", cutoff()).execute())
            return yield* present(trx, labId)
          })
        )
      })

      const leave = Effect.fn("SlideViewers.leave")(function* (userId: string, labId: string) {
        return yield* database.transaction((trx) =>
          Effect.gen(function* () {
            yield* requireSlide(trx, userId, labId, "viewers")
            yield* sql(() => trx.deleteFrom("lab_viewers").where("lab_id", "=", labId).where("user_id", "=", userId).execute())
            return yield* present(trx, labId)
          })
        )
      })

      const presenceInfo = Effect.fn("SlideViewers.presenceInfo")(function* (userId: string, labId: string) {
        const lab = yield* viewSlide(db, userId, labId)
        const user = yield* sql(() => db.selectFrom("users").select(["name", "email"]).where("id", "=", userId).executeTakeFirst())
        return { name: user?.name ?? "", email: lab.access.isPublic ? "" : (user?.email ?? "") }
      })

      return SlideViewers.of({ list, join, leave, presenceInfo })
    })
  )
}

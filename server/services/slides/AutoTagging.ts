// Auto tagging (paid plans): as a slide becomes ready, its stain family, tissue share and magnification
// are read off one small tile of its own pyramid (server/ai/tagging) and stored as its tags in the
// same transaction, so its "ready" status message carries them (lists patch them in, wherever they
// listen from), with a `lab.tagged` event for the slide's and its folder's channels.
// The owner's plan decides: the tree's owner pays for what is built in it, whoever uploaded.
// Tagging never fails a slide: what goes wrong is logged and the slide stays untagged.
import { buffer } from "node:stream/consumers"
import { Context, Effect, Layer } from "effect"
import sharp from "sharp"
import { classifySlide } from "../../ai/tagging/classify.ts"
import { findLab } from "../../db/lab-access.ts"
import { planOfUser } from "../../db/subscriptions.ts"
import { type AutoTags, autoTagsOf } from "../../domain/auto-tags.ts"
import { isDziError, levelsOf, parseDzi } from "../../domain/dzi-descriptor.ts"
import { paidFeatureRefusal } from "../../domain/paid-features.ts"
import { PYRAMID_NAME } from "../../domain/slide-urls.ts"
import { Database, sql, type Trx } from "../platform/Database.ts"
import { EventLog } from "../platform/EventLog.ts"
import { SlideFiles } from "./SlideFiles.ts"

/** Stores `tags` as the slide's (replacing any), with its event, in the caller's transaction. */
export const storeAutoTags = (events: typeof EventLog.Service, trx: Trx, lab: { id: string; parent_id: string | null }, tags: AutoTags) =>
  Effect.gen(function* () {
    yield* sql(() =>
      trx
        .updateTable("labs")
        .set({ auto_tags: JSON.stringify(tags) })
        .where("id", "=", lab.id)
        .execute()
    )
    yield* sql(() => trx.deleteFrom("lab_tags").where("lab_id", "=", lab.id).execute())
    if (tags.tags.length > 0)
      yield* sql(() =>
        trx
          .insertInto("lab_tags")
          .values(tags.tags.map((tag) => ({ lab_id: lab.id, tag })))
          .execute()
      )
    yield* events.record(trx, {
      actorId: null,
      kind: "lab.tagged",
      labId: lab.id,
      payload: { tags: tags.tags, tissue_percent: tags.tissue_percent, parent_id: lab.parent_id }
    })
  })

export class AutoTagging extends Context.Service<
  AutoTagging,
  {
    /**
     * The tags of a build (its key, published) for a slide of `ownerId` at `mpp`: undefined when the
     * owner's plan has no auto tagging or the overview cannot be read. The caller stores them
     * (storeAutoTags) in the transaction that makes the slide ready, so they arrive with "ready".
     */
    readonly tagsOf: (ownerId: string, mpp: number | null, key: string) => Effect.Effect<AutoTags | undefined>
    /** Tags a slide that is already ready (an imported pyramid); answers the tags stored, if any. */
    readonly tag: (labId: string) => Effect.Effect<AutoTags | undefined>
  }
>()("preparat/AutoTagging") {
  static readonly layer = Layer.effect(
    AutoTagging,
    Effect.gen(function* () {
      const database = yield* Database
      const events = yield* EventLog
      const slides = yield* SlideFiles

      const bytesOf = (key: string, file: string) =>
        Effect.flatMap(slides.read(key, file), (found) =>
          found === undefined ? Effect.succeed(undefined) : Effect.promise(() => buffer(found.stream))
        )

      /**
       * The whole slide in one tile: the deepest level of its Deep Zoom pyramid that fits in a
       * single tile (at most 256 px on its long side for our builds), as 8-bit RGB.
       */
      const overview = (key: string) =>
        Effect.gen(function* () {
          const xml = yield* bytesOf(key, `${PYRAMID_NAME}.dzi`)
          if (xml === undefined) return undefined
          const dzi = parseDzi(xml.toString("utf8"))
          if (isDziError(dzi)) return undefined
          const single = levelsOf(dzi).filter((l) => l.cols === 1 && l.rows === 1)
          const level = single[single.length - 1]
          if (level === undefined) return undefined
          const tile = yield* bytesOf(key, `${PYRAMID_NAME}_files/${level.level}/0_0.${dzi.format}`)
          if (tile === undefined) return undefined
          const { data, info } = yield* Effect.promise(() =>
            sharp(tile).removeAlpha().toColourspace("srgb").raw().toBuffer({ resolveWithObject: true })
          )
          return {
            width: info.width,
            height: info.height,
            channels: info.channels,
            data: new Uint8Array(data.buffer, data.byteOffset, data.length)
          }
        })

      const tagsOf = Effect.fn("AutoTagging.tagsOf")(function* (ownerId: string, mpp: number | null, key: string) {
        const plan = yield* database.query((db) => planOfUser(db, ownerId))
        if (paidFeatureRefusal(plan, "auto_tagging") !== undefined) return undefined
        const pixels = yield* overview(key)
        return pixels === undefined ? undefined : autoTagsOf(classifySlide(pixels, mpp))
      })

      /** Never fails: what goes wrong is logged, and the slide stays untagged. */
      const logged = <A>(labId: string, effect: Effect.Effect<A | undefined>) =>
        effect.pipe(
          Effect.catchCause((cause) => Effect.as(Effect.logWarning("auto tagging failed; the slide stays untagged", cause), undefined)),
          Effect.annotateLogs({ lab: labId })
        )

      const tag = Effect.fn("AutoTagging.tag")(function* (labId: string) {
        const lab = yield* database.query((db) => findLab(db, labId))
        if (!lab || lab.is_dir === 1 || lab.status !== "ready" || lab.slide_key === null) return undefined
        const tags = yield* tagsOf(lab.owner_id, lab.mpp, lab.slide_key)
        if (tags === undefined) return undefined
        // Rebuilt or removed meanwhile: the next build tags itself.
        const stored = yield* database.transaction((trx) =>
          Effect.gen(function* () {
            const now = yield* sql(() => findLab(trx, labId))
            if (!now || now.slide_key !== lab.slide_key || now.deleted_at !== null) return false
            yield* storeAutoTags(events, trx, now, tags)
            return true
          })
        )
        return stored ? tags : undefined
      })

      return AutoTagging.of({
        tagsOf: (ownerId, mpp, key) => logged(key, tagsOf(ownerId, mpp, key)),
        tag: (labId) => logged(labId, tag(labId))
      })
    })
  )
}

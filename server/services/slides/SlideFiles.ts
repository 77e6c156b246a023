// The built slides under DATA_DIR/slides: one directory per build key (slide-urls.ts names what is
// inside). A key is new for every build, so a rebuilt or re-imported slide never overwrites files
// that browsers may have cached; the old directory is removed after the change commits.
import { randomBytes } from "node:crypto"
import { mkdir, readdir, rm } from "node:fs/promises"
import { join } from "node:path"
import { Context, Effect, Layer } from "effect"
import { AppConfig } from "../platform/AppConfig.ts"

/** Only keys this service made: 32 hex characters, so a key can never leave the directory. */
export const isSlideKey = (key: string) => /^[0-9a-f]{32}$/.test(key)

export class SlideFiles extends Context.Service<
  SlideFiles,
  {
    /** DATA_DIR/slides. */
    readonly root: string
    readonly newKey: () => string
    /** The directory of one build. */
    readonly dirOf: (key: string) => string
    /**
     * Deletes builds whose labs are gone or rebuilt, and the staging directories a killed build
     * left beside them. Never fails: a directory left behind costs disk, not correctness.
     */
    readonly remove: (keys: ReadonlyArray<string>) => Effect.Effect<void>
  }
>()("preparat/SlideFiles") {
  static readonly layer = Layer.effect(
    SlideFiles,
    Effect.gen(function* () {
      const root = join((yield* AppConfig).dataDir, "slides")
      yield* Effect.promise(() => mkdir(root, { recursive: true }))
      const dirOf = (key: string) => {
        if (!isSlideKey(key)) throw new Error(`not a slide key: ${key}`)
        return join(root, key)
      }
      const removeOne = async (key: string) => {
        await rm(join(root, key), { recursive: true, force: true })
        // buildPyramid stages in ".<key>.partial-<uuid>" and renames; a killed child leaves it.
        const staged = (await readdir(root)).filter((name) => name.startsWith(`.${key}.`))
        await Promise.all(staged.map((name) => rm(join(root, name), { recursive: true, force: true })))
      }
      return SlideFiles.of({
        root,
        newKey: () => randomBytes(16).toString("hex"),
        dirOf,
        remove: Effect.fn("SlideFiles.remove")(function* (keys: ReadonlyArray<string>) {
          for (const key of keys.filter(isSlideKey)) yield* Effect.promise(() => removeOne(key).catch(() => undefined))
        })
      })
    })
  )
}

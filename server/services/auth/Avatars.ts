// Avatar image files under DATA_DIR/avatars, named by a random id so names reveal nothing and a
// new picture never collides with a cached old one (they are served with a year-long cache).
import { randomBytes } from "node:crypto"
import { mkdir, readFile, rm, writeFile } from "node:fs/promises"
import { join } from "node:path"
import { Context, Effect, Layer } from "effect"
import { contentTypeOfExtension, type ImageType } from "../../domain/image-type.ts"
import { AppConfig } from "../platform/AppConfig.ts"

/** Only names this service made: `<32 hex>.<image extension>`. */
const isAvatarFile = (file: string) => /^[0-9a-f]{32}\.(png|jpg|webp|gif)$/.test(file)

export class Avatars extends Context.Service<
  Avatars,
  {
    /** Writes the picture; answers its file name. */
    readonly store: (bytes: Uint8Array, type: ImageType) => Effect.Effect<string>
    /** Deletes a picture that is no longer used; a missing file is fine. */
    readonly remove: (file: string) => Effect.Effect<void>
    readonly read: (file: string) => Effect.Effect<{ readonly bytes: Uint8Array; readonly contentType: string } | undefined>
  }
>()("preparat/Avatars") {
  static readonly layer = Layer.effect(
    Avatars,
    Effect.gen(function* () {
      const dir = join((yield* AppConfig).dataDir, "avatars")
      yield* Effect.promise(() => mkdir(dir, { recursive: true }))
      return Avatars.of({
        store: Effect.fn("Avatars.store")(function* (bytes: Uint8Array, type: ImageType) {
          const file = `${randomBytes(16).toString("hex")}.${type.extension}`
          yield* Effect.promise(() => writeFile(join(dir, file), bytes))
          return file
        }),
        remove: Effect.fn("Avatars.remove")(function* (file: string) {
          if (isAvatarFile(file)) yield* Effect.promise(() => rm(join(dir, file), { force: true }))
        }),
        read: Effect.fn("Avatars.read")(function* (file: string) {
          const contentType = contentTypeOfExtension(file.split(".").pop() ?? "")
          if (!isAvatarFile(file) || !contentType) return undefined
          const bytes = yield* Effect.promise(() => readFile(join(dir, file)).catch(() => undefined))
          return bytes ? { bytes, contentType } : undefined
        })
      })
    })
  )
}

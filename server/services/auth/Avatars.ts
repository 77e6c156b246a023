// Avatar image files, named by a random id so names reveal nothing and a new picture never
// collides with a cached old one (they are served with a year-long cache). Under DATA_DIR/avatars
// by default; with S3_BUCKET, the objects "avatars/<file>", so that a picture set through one app
// server is served by every other.
import { randomBytes } from "node:crypto"
import { mkdir, readFile, rm, writeFile } from "node:fs/promises"
import { join } from "node:path"
import { Context, Effect, Layer } from "effect"
import { contentTypeOfExtension, type ImageType } from "../../domain/image-type.ts"
import { AppConfig } from "../platform/AppConfig.ts"
import { S3 } from "../platform/S3.ts"

/** Only names this service made: `<32 hex>.<image extension>`. */
const isAvatarFile = (file: string) => /^[0-9a-f]{32}\.(png|jpg|webp|gif)$/.test(file)

/** Where the pictures' bytes are kept: keys are checked names, the store is the disk or the bucket. */
interface AvatarBytes {
  readonly write: (file: string, bytes: Uint8Array, contentType: string) => Promise<void>
  readonly read: (file: string) => Promise<Uint8Array | undefined>
  readonly remove: (file: string) => Promise<void>
}

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
      const bucket = yield* S3
      const kept: AvatarBytes = bucket
        ? // Loaded only with a bucket: the SDK behind it is slow to import.
          yield* Effect.promise(async () => {
            const { deleteKeys, getObject, putBytes } = await import("../platform/s3-objects.ts")
            return {
              write: (file, bytes, contentType) => putBytes(bucket, `avatars/${file}`, bytes, contentType),
              read: async (file) => {
                const object = await getObject(bucket, `avatars/${file}`)
                if (!object) return undefined
                const chunks: Array<Buffer> = []
                for await (const chunk of object.stream) chunks.push(chunk as Buffer)
                return Buffer.concat(chunks)
              },
              remove: (file) => deleteKeys(bucket, [`avatars/${file}`])
            } satisfies AvatarBytes
          })
        : yield* Effect.gen(function* () {
            const dir = join((yield* AppConfig).dataDir, "avatars")
            yield* Effect.promise(() => mkdir(dir, { recursive: true }))
            return {
              write: (file, bytes) => writeFile(join(dir, file), bytes),
              read: (file) => readFile(join(dir, file)).catch(() => undefined),
              remove: (file) => rm(join(dir, file), { force: true })
            } satisfies AvatarBytes
          })
      return Avatars.of({
        store: Effect.fn("Avatars.store")(function* (bytes: Uint8Array, type: ImageType) {
          const file = `${randomBytes(16).toString("hex")}.${type.extension}`
          yield* Effect.promise(() => kept.write(file, bytes, type.contentType))
          return file
        }),
        remove: Effect.fn("Avatars.remove")(function* (file: string) {
          if (isAvatarFile(file)) yield* Effect.promise(() => kept.remove(file))
        }),
        read: Effect.fn("Avatars.read")(function* (file: string) {
          const contentType = contentTypeOfExtension(file.split(".").pop() ?? "")
          if (!isAvatarFile(file) || !contentType) return undefined
          const bytes = yield* Effect.promise(() => kept.read(file))
          return bytes ? { bytes, contentType } : undefined
        })
      })
    })
  ).pipe(Layer.provide(S3.layer))
}

// Stored originals of uploaded files, under DATA_DIR/blobs by default. Keys are made by this
// service, so a key can never point outside its directory. An upload's bytes arrive in
// DATA_DIR/uploads and are adopted here by a rename (same disk, no copy); the trash deletes what a
// purge frees, after its commit.
import { randomBytes } from "node:crypto"
import { mkdir, rename, rm, writeFile } from "node:fs/promises"
import { join } from "node:path"
import { Context, Effect, Layer } from "effect"
import { AppConfig } from "./AppConfig.ts"

/** Only keys this service made: 32 hex characters. */
const isBlobKey = (key: string) => /^[0-9a-f]{32}$/.test(key)

const newKey = () => randomBytes(16).toString("hex")

export class BlobStore extends Context.Service<
  BlobStore,
  {
    /** Writes bytes under a new key. */
    readonly put: (bytes: Uint8Array) => Effect.Effect<string>
    /** Moves a finished file (on the same disk) into the store under a new key. */
    readonly adopt: (path: string) => Effect.Effect<string>
    /** Where a blob's bytes are, to stream or to hand to the pyramid builder; undefined for a foreign key. */
    readonly pathOf: (key: string) => string | undefined
    /**
     * Deletes blobs whose labs are gone; missing ones are fine. Never fails: a blob left behind
     * costs disk, not correctness, so the purge that called it stays done.
     */
    readonly remove: (keys: ReadonlyArray<string>) => Effect.Effect<void>
  }
>()("preparat/BlobStore") {
  static readonly layer = Layer.effect(
    BlobStore,
    Effect.gen(function* () {
      const dir = join((yield* AppConfig).dataDir, "blobs")
      yield* Effect.promise(() => mkdir(dir, { recursive: true }))
      return BlobStore.of({
        put: Effect.fn("BlobStore.put")(function* (bytes: Uint8Array) {
          const key = newKey()
          yield* Effect.promise(() => writeFile(join(dir, key), bytes))
          return key
        }),
        adopt: Effect.fn("BlobStore.adopt")(function* (path: string) {
          const key = newKey()
          yield* Effect.promise(() => rename(path, join(dir, key)))
          return key
        }),
        pathOf: (key) => (isBlobKey(key) ? join(dir, key) : undefined),
        remove: Effect.fn("BlobStore.remove")(function* (keys: ReadonlyArray<string>) {
          for (const key of keys.filter(isBlobKey)) {
            yield* Effect.promise(() => rm(join(dir, key), { recursive: true, force: true }).catch(() => undefined))
          }
        })
      })
    })
  )
}

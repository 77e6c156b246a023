// The blob store's default backend: one file per key under DATA_DIR/blobs. An upload's bytes arrive
// in DATA_DIR/uploads and are adopted by a rename (same disk, no copy), and the pyramid builder reads
// the blob where it lies.
import { createReadStream } from "node:fs"
import { mkdir, rename, rm, stat, writeFile } from "node:fs/promises"
import { join } from "node:path"
import { Effect } from "effect"
import { type BlobBackend, type ByteRange, isBlobKey, newBlobKey } from "./blob-backend.ts"

/** The size of a file, undefined when it is not there. */
const sizeOf = (path: string) =>
  Effect.promise(() =>
    stat(path).then(
      (s) => s.size,
      () => undefined
    )
  )

export const localBlobs = (dataDir: string) =>
  Effect.gen(function* () {
    const dir = join(dataDir, "blobs")
    yield* Effect.promise(() => mkdir(dir, { recursive: true }))
    const pathOf = (key: string) => (isBlobKey(key) ? join(dir, key) : undefined)

    const backend: BlobBackend = {
      put: Effect.fn("BlobStore.put")(function* (bytes: Uint8Array) {
        const key = newBlobKey()
        yield* Effect.promise(() => writeFile(join(dir, key), bytes))
        return key
      }),
      adopt: Effect.fn("BlobStore.adopt")(function* (path: string) {
        const key = newBlobKey()
        yield* Effect.promise(() => rename(path, join(dir, key)))
        return key
      }),
      open: Effect.fn("BlobStore.open")(function* (key: string, range?: ByteRange) {
        const path = pathOf(key)
        const size = path === undefined ? undefined : yield* sizeOf(path)
        if (path === undefined || size === undefined) return undefined
        if (!range) return { size, stream: createReadStream(path) }
        const end = Math.min(range.end, size - 1)
        return { size: Math.max(0, end - range.start + 1), stream: createReadStream(path, { start: range.start, end }) }
      }),
      // The blob itself, unchecked, as before there were two backends: a file missing under a
      // known key is a fault of this disk, and whoever reads it meets it (the pyramid worker retries).
      withLocalPath: (key, use) => {
        const path = pathOf(key)
        return path === undefined ? Effect.succeed(undefined) : use(path)
      },
      remove: Effect.fn("BlobStore.remove")(function* (keys: ReadonlyArray<string>) {
        for (const key of keys.filter(isBlobKey)) {
          yield* Effect.promise(() => rm(join(dir, key), { recursive: true, force: true }).catch(() => undefined))
        }
      })
    }
    return backend
  })

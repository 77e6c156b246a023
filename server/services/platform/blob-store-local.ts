// The blob store's default backend: one file per key under DATA_DIR/blobs. An upload's bytes arrive
// in DATA_DIR/uploads and are adopted by a rename (same disk, no copy), and the pyramid builder reads
// the blob where it lies. A chunked upload's parts are files under DATA_DIR/uploads/<upload id>/,
// so without a bucket several servers still need one shared DATA_DIR.
import { randomUUID } from "node:crypto"
import { createReadStream, createWriteStream } from "node:fs"
import { mkdir, readdir, rename, rm, stat, writeFile } from "node:fs/promises"
import { join } from "node:path"
import type { Readable } from "node:stream"
import { pipeline } from "node:stream/promises"
import { Effect } from "effect"
import { type BlobBackend, type ByteRange, isBlobKey, isPartName, isUploadId, newBlobKey, type PartsOf } from "./blob-backend.ts"

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
    const uploads = join(dataDir, "uploads")
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
      }),
      putStream: Effect.fn("BlobStore.putStream")(function* (stream: Readable) {
        const key = newBlobKey()
        // Written beside the parts, then renamed: a crash mid-way leaves no half blob under a key.
        const path = join(uploads, `${key}.whole`)
        yield* Effect.promise(async () => {
          try {
            await pipeline(stream, createWriteStream(path, { highWaterMark: 1024 * 1024 }))
            await rename(path, join(dir, key))
          } catch (error) {
            await rm(path, { force: true })
            throw error
          }
        })
        return key
      }),
      putPart: Effect.fn("BlobStore.putPart")(function* (uploadId: string, path: string) {
        if (!isUploadId(uploadId)) return yield* Effect.die(new Error(`not an upload id: ${uploadId}`))
        const part = `${uploadId}/${randomUUID()}`
        yield* Effect.promise(async () => {
          await mkdir(join(uploads, uploadId), { recursive: true })
          await rename(path, join(uploads, part))
        })
        return part
      }),
      openPart: Effect.fn("BlobStore.openPart")(function* (part: string, from: number) {
        if (!isPartName(part)) return undefined
        const path = join(uploads, part)
        if ((yield* sizeOf(path)) === undefined) return undefined
        return createReadStream(path, { start: from, highWaterMark: 1024 * 1024 })
      }),
      removePart: Effect.fn("BlobStore.removePart")(function* (part: string) {
        if (isPartName(part)) yield* Effect.promise(() => rm(join(uploads, part), { force: true }).catch(() => undefined))
      }),
      removeParts: Effect.fn("BlobStore.removeParts")(function* (uploadId: string) {
        if (isUploadId(uploadId))
          yield* Effect.promise(() => rm(join(uploads, uploadId), { recursive: true, force: true }).catch(() => undefined))
      }),
      partUploads: Effect.promise(async () => {
        const found: Array<PartsOf> = []
        for (const name of await readdir(uploads).catch(() => [] as string[])) {
          if (!isUploadId(name)) continue
          const modified = await stat(join(uploads, name)).then(
            (s) => s.mtimeMs,
            () => undefined
          )
          if (modified !== undefined) found.push({ uploadId: name, modifiedMs: modified })
        }
        return found
      })
    }
    return backend
  })

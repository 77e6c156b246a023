// The blob store in an S3-compatible bucket, each blob the object "blobs/<key>". An upload's bytes
// still arrive in DATA_DIR/uploads (chunks are appended to a file); once complete they go up in
// parts and the local file is removed. A pyramid build or a redaction reads a temporary copy
// under DATA_DIR/tmp, removed when it is done, however it ends.
import { randomUUID } from "node:crypto"
import { rm } from "node:fs/promises"
import { join } from "node:path"
import { Effect } from "effect"
import { type BlobBackend, type ByteRange, isBlobKey, newBlobKey } from "./blob-backend.ts"
import type { Bucket } from "./S3.ts"
import { scratchDir } from "./scratch-dir.ts"
import { deleteKeys, downloadTo, getObject, putBytes, uploadFile } from "./s3-objects.ts"

const objectKey = (key: string) => `blobs/${key}`

export const s3Blobs = (bucket: Bucket, dataDir: string) =>
  Effect.gen(function* () {
    const tmp = yield* scratchDir(dataDir)

    /** A copy of the blob under DATA_DIR/tmp, or undefined when there is no such blob. */
    const copyOf = (key: string) =>
      Effect.promise(async () => {
        const path = join(tmp, `${key}-${randomUUID()}`)
        try {
          return (await downloadTo(bucket, objectKey(key), path)) ? path : undefined
        } catch (error) {
          await rm(path, { force: true })
          throw error
        }
      })

    const backend: BlobBackend = {
      put: Effect.fn("BlobStore.put")(function* (bytes: Uint8Array) {
        const key = newBlobKey()
        yield* Effect.promise(() => putBytes(bucket, objectKey(key), bytes))
        return key
      }),
      adopt: Effect.fn("BlobStore.adopt")(function* (path: string) {
        const key = newBlobKey()
        yield* Effect.promise(() => uploadFile(bucket, objectKey(key), path))
        yield* Effect.promise(() => rm(path, { force: true }))
        return key
      }),
      open: Effect.fn("BlobStore.open")(function* (key: string, range?: ByteRange) {
        if (!isBlobKey(key)) return undefined
        return yield* Effect.promise(() => getObject(bucket, objectKey(key), range))
      }),
      withLocalPath: (key, use) =>
        isBlobKey(key)
          ? Effect.acquireUseRelease(
              copyOf(key),
              (path) => (path === undefined ? Effect.succeed(undefined) : use(path)),
              (path) => (path === undefined ? Effect.void : Effect.promise(() => rm(path, { force: true })))
            )
          : Effect.succeed(undefined),
      remove: Effect.fn("BlobStore.remove")(function* (keys: ReadonlyArray<string>) {
        const objects = keys.filter(isBlobKey).map(objectKey)
        yield* Effect.tryPromise(() => deleteKeys(bucket, objects)).pipe(
          Effect.catch((error) => Effect.logWarning("blobs left in the bucket", objects, error))
        )
      })
    }
    return backend
  })

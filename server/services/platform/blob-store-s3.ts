// The blob store in an S3-compatible bucket, each blob the object "blobs/<key>". Each chunk of a
// chunked upload is staged on the disk of the server it reached, then goes up as its own object
// "uploads/<upload id>/<uuid>", so that the next chunk may reach another server; the completing
// server streams them, in order, into the original's multipart upload. A pyramid build or a
// redaction reads a temporary copy under DATA_DIR/tmp, removed when it is done, however it ends.
import { randomUUID } from "node:crypto"
import { rm } from "node:fs/promises"
import { join } from "node:path"
import type { Readable } from "node:stream"
import { Effect } from "effect"
import { type BlobBackend, type ByteRange, isBlobKey, isPartName, isUploadId, newBlobKey, type PartsOf } from "./blob-backend.ts"
import type { Bucket } from "./S3.ts"
import { scratchDir } from "./scratch-dir.ts"
import { deleteKeys, downloadTo, getObject, getObjectFrom, listObjects, putBytes, uploadFile, uploadStream } from "./s3-objects.ts"

const objectKey = (key: string) => `blobs/${key}`
const partKey = (part: string) => `uploads/${part}`

/** Deletes objects; a failure is logged, not raised (what is left costs storage, not correctness). */
const deleteQuietly = (bucket: Bucket, keys: ReadonlyArray<string>) =>
  Effect.tryPromise(() => deleteKeys(bucket, keys)).pipe(
    Effect.catch((error) => Effect.logWarning("objects left in the bucket", keys, error))
  )

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
        yield* deleteQuietly(bucket, keys.filter(isBlobKey).map(objectKey))
      }),
      putStream: Effect.fn("BlobStore.putStream")(function* (stream: Readable) {
        const key = newBlobKey()
        yield* Effect.promise(() => uploadStream(bucket, objectKey(key), stream))
        return key
      }),
      putPart: Effect.fn("BlobStore.putPart")(function* (uploadId: string, path: string) {
        if (!isUploadId(uploadId)) return yield* Effect.die(new Error(`not an upload id: ${uploadId}`))
        const part = `${uploadId}/${randomUUID()}`
        yield* Effect.promise(() => uploadFile(bucket, partKey(part), path))
        yield* Effect.promise(() => rm(path, { force: true }))
        return part
      }),
      openPart: Effect.fn("BlobStore.openPart")(function* (part: string, from: number) {
        if (!isPartName(part)) return undefined
        return yield* Effect.promise(() => getObjectFrom(bucket, partKey(part), from))
      }),
      removePart: Effect.fn("BlobStore.removePart")(function* (part: string) {
        if (isPartName(part)) yield* deleteQuietly(bucket, [partKey(part)])
      }),
      removeParts: Effect.fn("BlobStore.removeParts")(function* (uploadId: string) {
        if (!isUploadId(uploadId)) return
        const keys = yield* Effect.tryPromise(() => listObjects(bucket, partKey(`${uploadId}/`))).pipe(
          Effect.map((objects) => objects.map((object) => object.key)),
          Effect.catch((error) => Effect.as(Effect.logWarning("could not list an upload's parts", uploadId, error), [] as string[]))
        )
        yield* deleteQuietly(bucket, keys)
      }),
      partUploads: Effect.promise(async () => {
        const newest = new Map<string, number>()
        for (const object of await listObjects(bucket, "uploads/")) {
          const uploadId = object.key.split("/")[1] ?? ""
          if (isUploadId(uploadId)) newest.set(uploadId, Math.max(newest.get(uploadId) ?? 0, object.modifiedMs))
        }
        return [...newest].map(([uploadId, modifiedMs]): PartsOf => ({ uploadId, modifiedMs }))
      })
    }
    return backend
  })

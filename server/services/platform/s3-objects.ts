// The few object operations the stores need, over one bucket, as promises. A missing object is an
// answer (undefined, false), not an error: a purged slide's tile or a foreign key is asked for
// routinely. Every other failure (the store down, bad credentials) rejects.
import { createReadStream, createWriteStream } from "node:fs"
import type { Readable } from "node:stream"
import { pipeline } from "node:stream/promises"
import { DeleteObjectsCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3ServiceException } from "@aws-sdk/client-s3"
import { Upload } from "@aws-sdk/lib-storage"
import type { BlobBytes, ByteRange } from "./blob-backend.ts"
import type { Bucket } from "./S3.ts"

/**
 * Parts of a multipart upload: 16 MB, four at once. S3 allows 10,000 parts, so up to 160 GB per
 * object, past the largest whole-slide files; four in flight keep a link busy without holding
 * more than 64 MB of a file in memory.
 */
const PART_SIZE = 16 * 1024 * 1024
const PARTS_AT_ONCE = 4

const isMissing = (error: unknown) =>
  error instanceof S3ServiceException && (error.name === "NoSuchKey" || error.name === "NotFound" || error.$metadata.httpStatusCode === 404)

export const putBytes = async ({ client, bucket }: Bucket, key: string, bytes: Uint8Array, contentType?: string) => {
  await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes, ContentType: contentType }))
}

/** A file of any size, in parts when it is large (lib-storage sends a small one in one request). */
export const uploadFile = async ({ client, bucket }: Bucket, key: string, path: string, contentType?: string) => {
  const upload = new Upload({
    client,
    params: { Bucket: bucket, Key: key, Body: createReadStream(path), ContentType: contentType },
    partSize: PART_SIZE,
    queueSize: PARTS_AT_ONCE,
    // A failed upload must not leave parts that the bucket keeps (and bills) forever.
    leavePartsOnError: false
  })
  await upload.done()
}

/** A stream of unknown length, in parts as it comes (an upload's parts, put together). */
export const uploadStream = async ({ client, bucket }: Bucket, key: string, body: Readable) => {
  const upload = new Upload({
    client,
    params: { Bucket: bucket, Key: key, Body: body },
    partSize: PART_SIZE,
    queueSize: PARTS_AT_ONCE,
    leavePartsOnError: false
  })
  await upload.done()
}

/** An object's bytes from an offset to its end; undefined when there is no such object. */
export const getObjectFrom = async ({ client, bucket }: Bucket, key: string, from: number): Promise<Readable | undefined> => {
  try {
    const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key, Range: from > 0 ? `bytes=${from}-` : undefined }))
    return answer.Body as Readable
  } catch (error) {
    if (isMissing(error)) return undefined
    throw error
  }
}

export interface ObjectBytes extends BlobBytes {
  readonly etag: string | undefined
  readonly contentType: string | undefined
}

export const getObject = async ({ client, bucket }: Bucket, key: string, range?: ByteRange): Promise<ObjectBytes | undefined> => {
  try {
    const answer = await client.send(
      new GetObjectCommand({ Bucket: bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined })
    )
    return {
      size: answer.ContentLength ?? 0,
      // In Node the SDK's body is the response's IncomingMessage.
      stream: answer.Body as Readable,
      etag: answer.ETag,
      contentType: answer.ContentType
    }
  } catch (error) {
    if (isMissing(error)) return undefined
    throw error
  }
}

/** Writes an object to a file on this disk; false when there is no such object. */
export const downloadTo = async (bucket: Bucket, key: string, path: string): Promise<boolean> => {
  const object = await getObject(bucket, key)
  if (!object) return false
  await pipeline(object.stream, createWriteStream(path))
  return true
}

/** Deletes objects, 1,000 per request (S3's limit); missing ones count as deleted. */
export const deleteKeys = async ({ client, bucket }: Bucket, keys: ReadonlyArray<string>) => {
  for (let at = 0; at < keys.length; at += 1000) {
    const batch = keys.slice(at, at + 1000)
    await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }))
  }
}

export interface ListedObject {
  readonly key: string
  readonly size: number
  readonly modifiedMs: number
}

/** Every object under a prefix, with its size and when it was written. */
export const listObjects = async ({ client, bucket }: Bucket, prefix: string): Promise<Array<ListedObject>> => {
  const objects: Array<ListedObject> = []
  let token: string | undefined
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }))
    for (const object of page.Contents ?? [])
      if (object.Key) objects.push({ key: object.Key, size: object.Size ?? 0, modifiedMs: object.LastModified?.getTime() ?? 0 })
    token = page.IsTruncated ? page.NextContinuationToken : undefined
  } while (token)
  return objects
}

/** Every key under a prefix. */
export const listKeys = async (bucket: Bucket, prefix: string): Promise<Array<string>> =>
  (await listObjects(bucket, prefix)).map((object) => object.key)

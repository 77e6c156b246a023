// The bucket half of a backup, when S3_BUCKET is set: every object under "blobs/" (originals,
// receipts), "slides/" (pyramids) and "avatars/" is mirrored into <backup>/bucket/<key>, and its content type
// into <backup>/bucket.tsv, so that a restore puts each back as it was served. Like the files on
// disk, these objects never change once written, so copying them after the database's snapshot
// gives every object the snapshot names. Not copied: "uploads/" (parts of uploads under way).
import { createWriteStream } from "node:fs"
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises"
import { dirname, join, relative, sep } from "node:path"
import { pipeline } from "node:stream/promises"
import type { S3Config } from "../services/platform/s3-settings.ts"
import type { Bucket } from "../services/platform/S3.ts"
import { getObject, listObjects, uploadFile } from "../services/platform/s3-objects.ts"

const KEPT_PREFIXES = ["blobs/", "slides/", "avatars/"]
/** Objects copied at once: a pyramid is many small tiles, each a round trip. */
const AT_ONCE = 16

const openBucket = async (config: S3Config): Promise<Bucket> => {
  const { makeS3Client } = await import("../services/platform/s3-client.ts")
  return { client: makeS3Client(config), bucket: config.bucket }
}

/** Runs `work` on every item, AT_ONCE at a time. */
const eachAtOnce = async <T>(items: ReadonlyArray<T>, work: (item: T) => Promise<void>) => {
  let next = 0
  const worker = async () => {
    while (next < items.length) await work(items[next++]!)
  }
  await Promise.all(Array.from({ length: Math.min(AT_ONCE, items.length) }, worker))
}

const keysOf = async (bucket: Bucket) => (await Promise.all(KEPT_PREFIXES.map((prefix) => listObjects(bucket, prefix)))).flat()

/** Copies the bucket's kept objects into <dir>/bucket; answers how many. */
export const mirrorBucket = async (config: S3Config, dir: string): Promise<number> => {
  const bucket = await openBucket(config)
  try {
    const objects = await keysOf(bucket)
    const types = new Map<string, string>()
    await eachAtOnce(objects, async ({ key }) => {
      const object = await getObject(bucket, key)
      // Deleted since it was listed (a purge): the database snapshot no longer names it.
      if (!object) return
      const path = join(dir, "bucket", key)
      await mkdir(dirname(path), { recursive: true })
      await pipeline(object.stream, createWriteStream(path))
      if (object.contentType) types.set(key, object.contentType)
    })
    await writeFile(join(dir, "bucket.tsv"), [...types].map(([key, type]) => `${key}\t${type}\n`).join(""))
    return objects.length
  } finally {
    bucket.client.destroy()
  }
}

/** Whether the bucket holds kept objects already (a restore then needs --force). */
export const bucketInUse = async (config: S3Config): Promise<boolean> => {
  const bucket = await openBucket(config)
  try {
    return (await keysOf(bucket)).length > 0
  } finally {
    bucket.client.destroy()
  }
}

/** Puts the objects of <dir>/bucket back into the bucket, each with its content type; answers how many. */
export const restoreBucket = async (config: S3Config, dir: string): Promise<number> => {
  const root = join(dir, "bucket")
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => [])
  const keys = entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join("/"))
  const bucket = await openBucket(config)
  try {
    const tsv = await readFile(join(dir, "bucket.tsv"), "utf8").catch(() => "")
    const types = new Map(
      tsv
        .split("\n")
        .filter(Boolean)
        .map((line) => line.split("\t") as [string, string])
    )
    await eachAtOnce(keys, (key) => uploadFile(bucket, key, join(dir, "bucket", key), types.get(key)))
    return keys.length
  } finally {
    bucket.client.destroy()
  }
}

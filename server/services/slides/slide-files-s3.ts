// Built slides in the bucket, each file the object "slides/<key>/<file>". A build is written under
// DATA_DIR/slides as on one machine (libvips writes files), then published: every file goes up and
// the local directory goes, so every app server reads the same build and none fills its disk.
import { randomUUID } from "node:crypto"
import { mkdir, readdir, readFile, rm } from "node:fs/promises"
import { dirname, join, relative, sep } from "node:path"
import { Effect } from "effect"
import type { Bucket } from "../platform/S3.ts"
import { scratchDir } from "../platform/scratch-dir.ts"
import { deleteKeys, downloadTo, getObject, listKeys, putBytes } from "../platform/s3-objects.ts"
import { isSlideKey, type SlideFilesBackend } from "./slide-files-backend.ts"

/**
 * Requests in flight while a build goes up or comes down: a pyramid is thousands of small tiles,
 * so the time is in round trips, not bytes; 16 keeps the SDK's 50 sockets from being the limit
 * of a second transfer beside it.
 */
const IN_FLIGHT = 16

const CONTENT_TYPES: Record<string, string> = {
  dzi: "application/xml",
  jpeg: "image/jpeg",
  jpg: "image/jpeg",
  png: "image/png",
  json: "application/json"
}
const contentTypeOf = (file: string) => CONTENT_TYPES[file.slice(file.lastIndexOf(".") + 1)] ?? "application/octet-stream"

const prefixOf = (key: string) => `slides/${key}/`

/** Every file under a directory, as paths relative to it with "/" between names. */
const filesUnder = async (dir: string): Promise<Array<string>> => {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  return entries.filter((e) => e.isFile()).map((e) => relative(dir, join(e.parentPath, e.name)).split(sep).join("/"))
}

export const s3SlideFiles = (bucket: Bucket, dataDir: string, local: SlideFilesBackend) =>
  Effect.gen(function* () {
    const tmp = yield* scratchDir(dataDir)

    const publish = (key: string) =>
      Effect.gen(function* () {
        const dir = local.dirOf(key)
        const files = yield* Effect.tryPromise({ try: () => filesUnder(dir), catch: (e) => e as Error })
        yield* Effect.forEach(
          files,
          (file) =>
            Effect.tryPromise({
              try: async () => putBytes(bucket, prefixOf(key) + file, await readFile(join(dir, file)), contentTypeOf(file)),
              catch: (e) => e as Error
            }),
          { concurrency: IN_FLIGHT, discard: true }
        )
        yield* Effect.promise(() => rm(dir, { recursive: true, force: true }))
      }).pipe(Effect.withSpan("SlideFiles.publish"))

    /** The build's files under DATA_DIR/tmp/<key>-<uuid>/. */
    const copyOf = (key: string) =>
      Effect.promise(async () => {
        const dir = join(tmp, `${key}-${randomUUID()}`)
        try {
          const keys = await listKeys(bucket, prefixOf(key))
          for (let at = 0; at < keys.length; at += IN_FLIGHT) {
            await Promise.all(
              keys.slice(at, at + IN_FLIGHT).map(async (object) => {
                const path = join(dir, ...object.slice(prefixOf(key).length).split("/"))
                await mkdir(dirname(path), { recursive: true })
                await downloadTo(bucket, object, path)
              })
            )
          }
          return dir
        } catch (error) {
          await rm(dir, { recursive: true, force: true })
          throw error
        }
      })

    const backend: SlideFilesBackend = {
      ...local,
      publish,
      read: (key, file) => (isSlideKey(key) ? Effect.promise(() => getObject(bucket, prefixOf(key) + file)) : Effect.succeed(undefined)),
      withLocalDir: (key, use) =>
        Effect.acquireUseRelease(
          Effect.suspend(() => (isSlideKey(key) ? copyOf(key) : Effect.die(new Error(`not a slide key: ${key}`)))),
          use,
          (dir) => Effect.promise(() => rm(dir, { recursive: true, force: true }))
        ),
      remove: Effect.fn("SlideFiles.remove")(function* (keys: ReadonlyArray<string>) {
        const known = keys.filter(isSlideKey)
        // A build that failed before it was published is still (partly) on this disk.
        yield* local.remove(known)
        for (const key of known) {
          yield* Effect.tryPromise(async () => deleteKeys(bucket, await listKeys(bucket, prefixOf(key)))).pipe(
            Effect.catch((error) => Effect.logWarning("slide files left in the bucket", key, error))
          )
        }
      })
    }
    return backend
  })

// Built slides kept where they are built, under DATA_DIR/slides/<key>/.
import { createReadStream } from "node:fs"
import { mkdir, readdir, rm, stat } from "node:fs/promises"
import { join } from "node:path"
import { Effect } from "effect"
import { isSlideKey, newSlideKey, type SlideFilesBackend } from "./slide-files-backend.ts"

export const localSlideFiles = (dataDir: string) =>
  Effect.gen(function* () {
    const root = join(dataDir, "slides")
    yield* Effect.promise(() => mkdir(root, { recursive: true }))
    const dirOf = (key: string) => {
      if (!isSlideKey(key)) throw new Error(`not a slide key: ${key}`)
      return join(root, key)
    }
    const removeOne = async (key: string) => {
      await rm(join(root, key), { recursive: true, force: true })
      // buildPyramid stages in ".<key>.partial-<uuid>" and renames; a killed child leaves it.
      const staged = (await readdir(root)).filter((name) => name.startsWith(`.${key}.`))
      await Promise.all(staged.map((name) => rm(join(root, name), { recursive: true, force: true })))
    }
    const backend: SlideFilesBackend = {
      root,
      newKey: newSlideKey,
      dirOf,
      publish: () => Effect.void,
      read: (key, file) =>
        Effect.promise(async () => {
          if (!isSlideKey(key)) return undefined
          const path = join(root, key, ...file.split("/"))
          const found = await stat(path).catch(() => undefined)
          if (!found?.isFile()) return undefined
          return { size: found.size, stream: createReadStream(path), etag: undefined, contentType: undefined }
        }),
      withLocalDir: (key, use) => Effect.suspend(() => use(dirOf(key))),
      remove: Effect.fn("SlideFiles.remove")(function* (keys: ReadonlyArray<string>) {
        for (const key of keys.filter(isSlideKey)) yield* Effect.promise(() => removeOne(key).catch(() => undefined))
      })
    }
    return backend
  })

// DATA_DIR/tmp: copies of stored files (an original, a pyramid) that a reader needs on this disk as
// files, for as long as it runs, when the store is a bucket. Each reader removes its copy however
// it ends; only a killed process leaves one. Those are removed at the next start once older than
// any reader could still be using (processes of one DATA_DIR start at different times, and one of
// them may be reading a copy right then).
import { mkdir, readdir, rm, stat } from "node:fs/promises"
import { join } from "node:path"
import { Effect } from "effect"

/** Longer than the slowest pyramid build of the largest slide. */
const LEFT_BEHIND_MS = 2 * 24 * 60 * 60 * 1000

export const scratchDir = (dataDir: string) =>
  Effect.promise(async () => {
    const dir = join(dataDir, "tmp")
    await mkdir(dir, { recursive: true })
    const cutoff = Date.now() - LEFT_BEHIND_MS
    for (const name of await readdir(dir)) {
      const path = join(dir, name)
      const found = await stat(path).catch(() => undefined)
      if (found && found.mtimeMs < cutoff) await rm(path, { recursive: true, force: true })
    }
    return dir
  })

// DATA_DIR/tmp at start: a copy a killed process left days ago goes; one a live process of the
// same DATA_DIR may be reading (recent) stays.
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Effect } from "effect"
import { afterEach, expect, it } from "vitest"
import { scratchDir } from "../../server/services/platform/scratch-dir.ts"

const dataDir = mkdtempSync(join(tmpdir(), "scratch-dir-"))
afterEach(() => rmSync(dataDir, { recursive: true, force: true }))

it("removes what was left days ago and keeps what is recent", async () => {
  const tmp = join(dataDir, "tmp")
  mkdirSync(join(tmp, "old-build"), { recursive: true })
  writeFileSync(join(tmp, "old-build", "slide.dzi"), "x")
  writeFileSync(join(tmp, "old-original"), "x")
  writeFileSync(join(tmp, "recent-original"), "x")
  const threeDaysAgo = new Date(Date.now() - 3 * 24 * 60 * 60 * 1000)
  for (const name of ["old-build", "old-original"]) utimesSync(join(tmp, name), threeDaysAgo, threeDaysAgo)

  expect(await Effect.runPromise(scratchDir(dataDir))).toBe(tmp)
  expect(existsSync(join(tmp, "old-build"))).toBe(false)
  expect(existsSync(join(tmp, "old-original"))).toBe(false)
  expect(existsSync(join(tmp, "recent-original"))).toBe(true)
})

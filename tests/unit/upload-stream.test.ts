// Writing an upload's part to disk: a part refused midway (too long) has its file closed by the time
// the refusal arrives, so the caller's removal of the file cannot come before the file exists.
import { existsSync, mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Readable } from "node:stream"
import { afterAll, describe, expect, it } from "vitest"
import { PartRefused, writePart } from "../../server/services/slides/upload-stream.ts"

const dir = mkdtempSync(join(tmpdir(), "upload-stream-"))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe("writePart", () => {
  it("refuses a part past its limit only once the file it began is closed", async () => {
    for (let i = 0; i < 20; i++) {
      const path = join(dir, `part-${i}`)
      const source = Readable.from([Buffer.alloc(64), Buffer.alloc(64)])
      const refused = await writePart(source, { path, offset: 0, create: true, maxBytes: 100, sniff: false }).catch(
        (error: unknown) => error
      )
      expect(refused).toBeInstanceOf(PartRefused)
      // Opened and closed already: removing it now removes it for good.
      expect(existsSync(path)).toBe(true)
      rmSync(path)
      await new Promise((resolve) => setTimeout(resolve, 5))
      expect(existsSync(path)).toBe(false)
    }
  })

  it("writes a part within its limit whole", async () => {
    const path = join(dir, "whole")
    expect(
      await writePart(Readable.from([Buffer.alloc(40), Buffer.alloc(40)]), { path, offset: 0, create: true, maxBytes: 100, sniff: false })
    ).toBe(80)
    expect(existsSync(path)).toBe(true)
  })
})

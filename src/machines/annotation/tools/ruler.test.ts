// The ruler: its model paths (a line measured, nothing saved).
import { describe, expect, it } from "vitest"
import { pathsOf } from "./testing/model.ts"

describe("ruler tool model", () => {
  const paths = pathsOf("ruler")
  it("walks paths that end in the ruler tool", () => expect(paths.length).toBeGreaterThan(0))
  it.each(paths)("%s", async (_, path) => {
    await path.run()
  })
})

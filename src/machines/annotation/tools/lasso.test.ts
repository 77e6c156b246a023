// The lasso (closed freehand area): its model paths.
import { describe, expect, it } from "vitest"
import { pathsOf } from "./testing/model.ts"

describe("lasso tool model", () => {
  const paths = pathsOf("lasso")
  it("walks paths that end in the lasso tool", () => expect(paths.length).toBeGreaterThan(0))
  it.each(paths)("%s", async (_, path) => {
    await path.run()
  })
})

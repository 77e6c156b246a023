// The ellipse tool: its model paths (the model checks the inscribed ellipse on every drag).
import { describe, expect, it } from "vitest"
import { pathsOf } from "./testing/model.ts"

describe("ellipse tool model", () => {
  const paths = pathsOf("ellipse")
  it("walks paths that end in the ellipse tool", () => expect(paths.length).toBeGreaterThan(0))
  it.each(paths)("%s", async (_, path) => {
    await path.run()
  })
})

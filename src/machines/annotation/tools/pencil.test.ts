// The pencil: its model paths, and the thinning of a stroke as it is drawn.
import { describe, expect, it } from "vitest"
import { pencilAppend, pencilFinish } from "../gesture.ts"
import { pathsOf } from "./testing/model.ts"

describe("pencil tool model", () => {
  const paths = pathsOf("pencil")
  it("walks paths that end in the pencil tool", () => expect(paths.length).toBeGreaterThan(0))
  it.each(paths)("%s", async (_, path) => {
    await path.run()
  })
})

describe("pencil tool gesture decisions", () => {
  it("the pencil thins samples as it goes and simplifies the stroke at the end", () => {
    const samples = Array.from({ length: 200 }, (_, i) => [i * 0.5, 0]).flat()
    const thinned = pencilAppend([], samples, 1)
    expect(thinned.length / 2).toBeLessThan(80)
    expect(pencilFinish(thinned, 1)).toEqual([0, 0, thinned.at(-2), 0])
  })
})

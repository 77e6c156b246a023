// The tools machine as a whole: the model's paths (each run in its tool's test file, tools/*.test.ts)
// reach every state and take every transition, and each path ends in exactly one tool.
import { describe, expect, it } from "vitest"
import { TOOLS } from "./tools.machine.ts"
import { model, toolOf } from "./tools/testing/model.ts"

describe("annotation tools model", () => {
  it("the paths cover every state and every transition", async () => {
    expect(await model.coverage()).toEqual({ missingStates: [], missingTransitions: [], uncheckedStates: [] })
  }, 60_000)

  it("every path ends in one of the tools, so the tools' test files run them all", () => {
    const ends = new Set(model.paths.map(toolOf))
    expect([...ends].sort()).toEqual([...TOOLS].sort())
  })
})

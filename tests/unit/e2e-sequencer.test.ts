import { describe, expect, it } from "vitest"
import { expectedSeconds } from "../e2e/support/sequencer.ts"

describe("the e2e files' expected seconds", () => {
  it("takes a recorded file's seconds, and estimates a new one from its size at the recorded rate", () => {
    const estimate = expectedSeconds(
      [
        { name: "a.test.ts", bytes: 1000 },
        { name: "b.test.ts", bytes: 3000 },
        { name: "new.test.ts", bytes: 2000 }
      ],
      { "a.test.ts": 100, "b.test.ts": 300, "gone.test.ts": 50 }
    )
    expect(estimate.get("a.test.ts")).toBe(100)
    expect(estimate.get("b.test.ts")).toBe(300)
    // 400 s over 4,000 bytes: 0.1 s a byte.
    expect(estimate.get("new.test.ts")).toBeCloseTo(200)
  })

  it("falls back to nothing known as zero rather than failing", () => {
    expect(expectedSeconds([{ name: "a.test.ts", bytes: 10 }], {}).get("a.test.ts")).toBe(0)
  })
})

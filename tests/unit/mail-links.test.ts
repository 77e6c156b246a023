// The links the dev outbox and the tests read out of a mail's text: whole, without the sentence's
// punctuation, and found in linear time however the text is made.
import { describe, expect, it } from "vitest"
import { linksIn } from "../../server/mail/eml.ts"
import { fastest } from "../support/timing.ts"

describe("linksIn", () => {
  it("finds each link without the punctuation after it", () => {
    expect(linksIn("Open https://a.example/x?y=1. Or http://b.example/!?, then (https://c.example/z)")).toEqual([
      "https://a.example/x?y=1",
      "http://b.example/",
      "https://c.example/z"
    ])
  })

  // A run of marks with a letter after it took /[.,;:!?]+$/ quadratic time to trim. Against a plain
  // link of the same length, in the same run.
  it("reads a link of many marks before its end as fast as a plain one of the same length", () => {
    const hostile = `https://a.example/${"!".repeat(20_000)}x`
    const plain = `https://a.example/${"a".repeat(20_000)}x`
    expect(linksIn(hostile)).toEqual([hostile])
    const plainTime = fastest(() => linksIn(plain))
    const hostileTime = fastest(() => linksIn(hostile))
    expect(hostileTime / plainTime, `${hostileTime.toFixed(2)} ms against ${plainTime.toFixed(2)} ms`).toBeLessThan(10)
  })
})

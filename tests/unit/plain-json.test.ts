// plainJson answers a value as JSON without its schema's encoder, and only for schemas whose encoded
// form is their type: a schema that transforms on the way out does not type-check.
import { Schema } from "effect"
import { describe, expect, it } from "vitest"
import { plainJson } from "../../server/http/plain-json.ts"

const decoder = new TextDecoder()

describe("plainJson", () => {
  it("answers the value as its JSON with status 200", () => {
    const answer = plainJson(Schema.Struct({ a: Schema.String, n: Schema.NullOr(Schema.Number) }), { a: "x", n: null })
    expect(answer.status).toBe(200)
    expect(answer.headers["content-type"]).toContain("application/json")
    expect(answer.body._tag).toBe("Uint8Array")
    expect(JSON.parse(decoder.decode((answer.body as { body: Uint8Array }).body))).toEqual({ a: "x", n: null })
  })

  it("takes only schemas whose encoded form is their type", () => {
    // @ts-expect-error FiniteFromString's encoded form is a string: its encoder must run.
    const transformed = () => plainJson(Schema.Struct({ n: Schema.FiniteFromString }), { n: 1 })
    expect(typeof transformed).toBe("function")
  })
})

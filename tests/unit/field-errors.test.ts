// The 400's field lists: a rule that failed inside a list or a nested object names its path from the
// top-level field down, so a client (and its user) can find which element was wrong.
import { describe, expect, it } from "vitest"
import { fieldErrorsOf } from "../../src/contract/field-errors.ts"

describe("fieldErrorsOf", () => {
  it("keeps a top-level field's message plain", () => {
    expect(fieldErrorsOf([{ path: ["email"], message: "validation.email" }])).toEqual({ email: ["Enter a valid email address."] })
  })

  it("names the nested path under its top-level field", () => {
    const fields = fieldErrorsOf([
      { path: ["data", 0, "data", "target", "source"], message: "Missing key" },
      { path: [{ key: "ids" }, { key: 3 }], message: "validation.invalid" }
    ])
    expect(fields).toEqual({
      data: ["data.0.data.target.source: This field is required."],
      ids: ["ids.3: Enter a valid value."]
    })
  })

  it("puts an unknown key under non_field_errors with its name, and a pathless one plainly", () => {
    expect(fieldErrorsOf([{ path: ["surprise"], message: "Missing key" }, { message: "validation.invalid" }])).toEqual({
      non_field_errors: ["surprise: This field is required.", "Enter a valid value."]
    })
  })

  it("says only 'required' for a flat field that also failed its format", () => {
    expect(
      fieldErrorsOf([
        { path: ["name"], message: "validation.tooLong" },
        { path: ["name"], message: "Missing key" }
      ])
    ).toEqual({
      name: ["This field is required."]
    })
  })
})

// Client-side checks reuse the contract's Schemas: same rules and message keys as the server.
import { describe, expect, it } from "vitest"
import { LoginPayload, RegisterPayload } from "../../src/contract/auth.ts"
import { Otp } from "../../src/contract/rules.ts"
import { validate, validateField } from "../../src/machines/support/validate.ts"

describe("validate", () => {
  it("passes valid values", () => {
    expect(validate(LoginPayload, { email: "ada@lab.test", password: "whatever1" })).toBeNull()
  })

  it("reports every failing field at once, with the rule keys", () => {
    expect(validate(LoginPayload, { email: "nope", password: "short" })).toEqual({
      email: [{ key: "validation.email" }],
      password: [{ key: "validation.passwordMin" }]
    })
  })

  it("turns Schema's own messages into generic keys", () => {
    expect(validate(LoginPayload, { password: 42 })).toEqual({
      email: [{ key: "validation.required" }],
      password: [{ key: "validation.invalid" }]
    })
  })

  it("reports a struct-level rule on the field it names", () => {
    const values = { name: "Ada", email: "ada@lab.test", password: "Secret1!", password_confirm: "Secret2!", eula: true }
    expect(validate(RegisterPayload, values)).toEqual({ password_confirm: [{ key: "validation.passwordMismatch" }] })
  })
})

describe("validateField", () => {
  it("files a lone value's messages under the field's name", () => {
    expect(validateField(Otp, "otp", "12a")).toEqual({ otp: [{ key: "validation.otpFormat" }] })
    expect(validateField(Otp, "otp", "123456")).toBeNull()
  })
})

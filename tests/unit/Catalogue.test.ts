// The error catalogue (src/effects/Catalogue.ts): which message each failure shows.
import { describe, expect, it } from "vitest"
import {
  badRequest,
  Conflict,
  DecodeError,
  Forbidden,
  NetworkError,
  NotFound,
  PayloadTooLarge,
  PaymentRequired,
  ServerError,
  TooManyRequests,
  Unauthorized
} from "../../src/effects/ApiError.ts"
import {
  emailNotice,
  isInactiveAccount,
  present,
  readableBytes,
  serverError,
  undecodableSlide,
  unreadableSlide,
  uploadFailure
} from "../../src/effects/Catalogue.ts"
import { Defect } from "../../src/effects/Defect.ts"
import { toApiError } from "../../src/effects/wireError.ts"
import { en } from "../../src/i18n/en/index.ts"
import { id } from "../../src/i18n/id/index.ts"
import { validation } from "../../src/i18n/en/validation.ts"
import { fieldListsOf } from "../../src/effects/AppFailure.ts"

describe("present", () => {
  it("a 400 with a message shows the message", () => {
    const shown = present(badRequest({ token: ["bad"] }, "Invalid or expired link."))
    expect(shown.notice).toEqual({ text: "Invalid or expired link." })
    expect(shown.signIn).toBe(false)
  })

  it("a 400 without a message shows the first message of the first field", () => {
    const shown = present(badRequest({ email: ["A user with this email already exists.", "second"], password: ["x"] }))
    expect(shown.notice).toEqual({ text: "A user with this email already exists." })
  })

  it("a 400 with an empty message falls back to the fields", () => {
    expect(present(badRequest({ non_field_errors: ["Nope."] }, "")).notice).toEqual({
      text: "Nope."
    })
  })

  it("a 400 with neither message nor fields shows the server error", () => {
    expect(present(badRequest({})).notice).toEqual(serverError)
  })

  it("keeps every field list for the form, one notice per message", () => {
    const shown = present(badRequest({ password: ["a", "b"], email: ["c"] }))
    expect(shown.fields).toEqual({ password: [{ text: "a" }, { text: "b" }], email: [{ text: "c" }] })
  })

  it("turns the server's English rule messages back into keys, so they are shown translated", () => {
    const shown = present(badRequest({ password: [validation.passwordPolicy] }))
    expect(shown.notice).toEqual({ key: "validation.passwordPolicy" })
    expect(shown.fields.password).toEqual([{ key: "validation.passwordPolicy" }])
  })

  it("a 401 is an authentication error that sends the user to sign in", () => {
    const shown = present(new Unauthorized({ message: "expired" }))
    expect(shown).toEqual({ notice: { key: "errors.authentication" }, fields: {}, signIn: true })
  })

  it("a 429 shows its message, or how long to wait when it has none", () => {
    expect(present(new TooManyRequests({ message: "Too many attempts.", retry_after: 60 })).notice).toEqual({
      text: "Too many attempts."
    })
    expect(present(new TooManyRequests({ message: "", retry_after: 125 })).notice).toEqual({
      key: "errors.tooManyRequests",
      params: { minutes: 3 }
    })
  })

  it.each([
    new Forbidden({ message: "no" }),
    new PaymentRequired({ message: "pay", code: "paid_feature", feature: "ai", plan: "free" }),
    new NotFound({ message: "gone" }),
    new Conflict({ message: "clash" }),
    new PayloadTooLarge({ message: "big" }),
    new ServerError({ status: 502, message: "bad gateway" }),
    new NetworkError({ message: "offline" }),
    new DecodeError({ path: "/v2/x/", message: "shape" }),
    new Defect(new Error("a defect")),
    new Defect("a string")
  ])("anything else shows the server error: %s", (error) => {
    const shown = present(error)
    expect(shown.notice).toEqual({ key: "errors.serverError" })
    expect(shown.signIn).toBe(false)
    expect(shown.fields).toEqual({})
  })
})

describe("emailNotice", () => {
  it("shows the first email message, else the server error", () => {
    expect(emailNotice(badRequest({ email: ["Not registered.", "x"] }))).toEqual({
      text: "Not registered."
    })
    expect(emailNotice(badRequest({ password: ["x"] }))).toEqual(serverError)
    expect(emailNotice(new ServerError({ status: 500, message: "" }))).toEqual(serverError)
  })
})

describe("isInactiveAccount", () => {
  it("is a 403 with the account_inactive code, and nothing else", () => {
    expect(isInactiveAccount(new Forbidden({ message: "", code: "account_inactive" }))).toBe(true)
    expect(isInactiveAccount(new Forbidden({ message: "" }))).toBe(false)
    expect(isInactiveAccount(new Forbidden({ message: "", code: "other" }))).toBe(false)
    expect(isInactiveAccount(badRequest({}))).toBe(false)
  })
})

describe("upload failures name their cause", () => {
  it("not an image Preparat reads, a file that cannot be decoded, the storage with what is left, a lost connection", () => {
    const notImage = uploadFailure(
      toApiError({ status: 400, body: { message: "x", code: "unsupported_format", file: ["x"] }, retryAfterHeader: null, reason: "" })
    )
    expect(notImage).toEqual({ notice: { key: "uploads.errors.notAnImage" }, retryable: false })
    expect(undecodableSlide.notice).toEqual({ key: "uploads.errors.undecodable" })
    expect(unreadableSlide.notice).toEqual({ key: "uploads.errors.notAnImage" })
    const quota = uploadFailure(
      toApiError({ status: 413, body: { message: "full", code: "quota_exceeded", remaining: 1536 }, retryAfterHeader: null, reason: "" })
    )
    expect(quota).toEqual({ notice: { key: "uploads.errors.quotaLeft", params: { remaining: "1.5 KB" } }, retryable: true })
    expect(
      uploadFailure(
        toApiError({ status: 413, body: { message: "full", code: "quota_exceeded", remaining: 0 }, retryAfterHeader: null, reason: "" })
      ).notice
    ).toEqual({ key: "uploads.errors.quotaFull" })
    // A server without codes still gets the spec's words.
    expect(uploadFailure(toApiError({ status: 400, body: { message: "x" }, retryAfterHeader: null, reason: "" })).notice).toEqual({
      key: "errors.uploadFormat"
    })
    expect(uploadFailure(toApiError({ status: 413, body: { message: "x" }, retryAfterHeader: null, reason: "" })).notice).toEqual({
      key: "errors.storageFull"
    })
    // The code is no field of the form.
    const coded = toApiError({ status: 400, body: { code: "unsupported_format" }, retryAfterHeader: null, reason: "" })
    expect(coded._tag === "BadRequest" ? fieldListsOf(coded) : undefined).toEqual({})
    // Each cause has its words in both languages.
    for (const key of ["notAnImage", "undecodable", "quotaLeft", "quotaFull"] as const) {
      expect(en.uploads.errors[key]).not.toBe("")
      expect(id.uploads.errors[key]).not.toBe(en.uploads.errors[key])
    }
    expect(readableBytes(5 * 1024 ** 3)).toBe("5 GB")
  })
})

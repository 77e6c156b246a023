// The uploads' pure rules: pauses and when to stop waiting, what is plainly not a slide, the
// server's offset in a refusal, and reading a status message.
import { describe, expect, it } from "vitest"
import { badRequest, Forbidden, NetworkError, ServerError } from "../ApiError.ts"
import { pauseBefore, SERVER_ERROR_ATTEMPTS, shouldWait } from "./backoff.ts"
import { chunkRefusal, OffsetMismatch, offsetIn } from "./errors.ts"
import { ACCEPT_ATTRIBUTE, isUploadable } from "./formats.ts"
import { Defect } from "../Defect.ts"

describe("backoff", () => {
  it("doubles from one second up to ten", () => {
    expect([1, 2, 3, 4, 5, 6, 20].map(pauseBefore)).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000, 10_000])
  })

  it("waits out a missing answer for ever, a failing server a few times, and never a refusal", () => {
    const offline = new NetworkError({ message: "" })
    const down = new ServerError({ status: 502, message: "" })
    expect(shouldWait(offline, 1000)).toBe(true)
    expect(shouldWait(down, SERVER_ERROR_ATTEMPTS - 1)).toBe(true)
    expect(shouldWait(down, SERVER_ERROR_ATTEMPTS)).toBe(false)
    expect(shouldWait(new Forbidden({ message: "" }), 1)).toBe(false)
    expect(shouldWait(new Defect(new Error("defect")), 1)).toBe(false)
  })
})

describe("formats", () => {
  it("offers the slide formats and refuses the rest and empty files", () => {
    expect(ACCEPT_ATTRIBUTE).toBe(".jpg,.jpeg,.png,.webp,.tif,.tiff,.svs,.ndpi,.scn,.bif,.dcm,.zip")
    expect(isUploadable({ name: "Liver H&E.SVS", size: 10 })).toBe(true)
    expect(isUploadable({ name: "scan.tiff", size: 10 })).toBe(true)
    expect(isUploadable({ name: "report.pdf", size: 10 })).toBe(false)
    expect(isUploadable({ name: "Series 3.zip", size: 10 })).toBe(true)
    expect(isUploadable({ name: "level-0.DCM", size: 10 })).toBe(true)
    expect(isUploadable({ name: "scan.ndpi", size: 10 })).toBe(true)
    expect(isUploadable({ name: "tif", size: 10 })).toBe(false)
    expect(isUploadable({ name: "empty.png", size: 0 })).toBe(false)
  })
})

describe("chunk refusals", () => {
  it("reads the server's offset in its forms, and nothing else as one", () => {
    expect(offsetIn({ message: "Continue from byte 16.", offset: 16 })).toBe(16)
    expect(offsetIn({ data: { offset: "8" } })).toBe(8)
    expect(offsetIn({ offset: [24] })).toBe(24)
    expect(offsetIn({ offset: -1 })).toBeUndefined()
    expect(offsetIn({ offset: "abc" })).toBeUndefined()
    expect(offsetIn("Continue")).toBeUndefined()
  })

  it("a 400 with an offset is where to continue; without, the API's error", () => {
    expect(chunkRefusal({ status: 400, body: { offset: 16 }, retryAfter: null })).toEqual(new OffsetMismatch({ offset: 16 }))
    expect(chunkRefusal({ status: 400, body: { message: "bad", file: ["bad"] }, retryAfter: null })).toEqual(
      badRequest({ file: ["bad"] }, "bad")
    )
    expect(chunkRefusal({ status: 413, body: { offset: 16 }, retryAfter: null })._tag).toBe("PayloadTooLarge")
  })
})

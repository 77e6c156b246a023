// The wire errors the upload paths answer with, built in one place so every way in says the same.
import { badRequest, NotFound, PayloadTooLarge } from "../../src/contract/errors.ts"
import { slideMessages } from "./slide-messages.ts"

/** The codes an upload refusal carries, so the client can say which of its causes it was. */
export const uploadCodes = { unsupportedFormat: "unsupported_format", quotaExceeded: "quota_exceeded" } as const

/** Not an image Preparat reads, judged by its bytes. */
export const badFormat = () => ({
  ...badRequest({ file: [slideMessages.badFormat] }, slideMessages.badFormat),
  code: uploadCodes.unsupportedFormat
})
/** Past the account's storage; `remaining` is how many bytes are still free (never negative). */
export const storageFull = (remaining?: number) =>
  new PayloadTooLarge({
    message: slideMessages.storageFull,
    code: uploadCodes.quotaExceeded,
    ...(remaining === undefined ? {} : { remaining: Math.max(0, Math.floor(remaining)) })
  })
export const uploadNotFound = () => new NotFound({ message: slideMessages.uploadNotFound })
export const partLength = () => badRequest({ file: [slideMessages.partLength] }, slideMessages.partLength)

// The wire errors the upload paths answer with, built in one place so every way in says the same.
import { badRequest, NotFound, PayloadTooLarge } from "../../src/contract/errors.ts"
import { slideMessages } from "./slide-messages.ts"

export const badFormat = () => badRequest({ file: [slideMessages.badFormat] }, slideMessages.badFormat)
export const storageFull = () => new PayloadTooLarge({ message: slideMessages.storageFull })
export const uploadNotFound = () => new NotFound({ message: slideMessages.uploadNotFound })
export const partLength = () => badRequest({ file: [slideMessages.partLength] }, slideMessages.partLength)

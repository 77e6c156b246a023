// The texts of the slide answers. The two the spec's catalogue names (wrong format, storage full)
// come from the SPA's English dictionary, so the client can match them word for word.
import { errors } from "../../src/i18n/en/errors.ts"

export const slideMessages = {
  notAllowed: "You are not allowed to upload in this laboratory",
  badFormat: errors.uploadFormat,
  storageFull: errors.storageFull,
  notAFolder: "Uploads go into a folder.",
  uploadNotFound: "Upload not found.",
  rangeRequired: "Send a Content-Range header: bytes <start>-<end>/<total>.",
  rangeInvalid: "The Content-Range header is not valid.",
  totalChanged: "The total size differs from the one this upload started with.",
  conflictingChunk: "Another request already sent different bytes for this part of the file.",
  wrongOffset: (offset: number) => `Continue from byte ${offset}.`,
  partLength: "The file part's length differs from its Content-Range.",
  fieldsFirst: "Send lab_id, filename and upload_id before the file part.",
  fileMissing: "The form has no file part.",
  filenameRequired: "The first chunk needs a filename.",
  uploaded: "Uploaded.",
  notAFile: "Only files have an original.",
  originalMissing: "This file has no stored original."
} as const

// The error catalogue in one place: every failure a program can end in becomes what the user is told.
// Pure functions rather than a service: the mapping has no dependencies and nothing to swap in a test.
import { validation } from "../i18n/en/validation.ts"
import { type AppFailure, fieldListsOf } from "./AppFailure.ts"
import { type FieldNotices, type Notice, noFieldNotices, noticeKey } from "./Notice.ts"

export interface Presented {
  /** The one message for an alert or a toast. */
  readonly notice: Notice
  /** Messages per form field (400 only). */
  readonly fields: FieldNotices
  /** 401: the session is gone; the caller should send the user to /login. */
  readonly signIn: boolean
}

export const serverError: Notice = noticeKey("errors.serverError")

/**
 * The server renders the contract's rule keys in English (server/domain/field-errors.ts). Mapping
 * those texts back to their keys lets the Indonesian SPA show them in Indonesian.
 */
const keyOfEnglish: ReadonlyMap<string, string> = new Map(Object.entries(validation).map(([name, text]) => [text, `validation.${name}`]))

/** A server message as a Notice, translated when it is one of the shared rule messages. */
export const fromServerText = (text: string): Notice => {
  const key = keyOfEnglish.get(text)
  return key === undefined ? { text } : { key }
}

const fieldNoticesOf = (fields: Readonly<Record<string, ReadonlyArray<string>>>): FieldNotices =>
  Object.fromEntries(Object.entries(fields).map(([field, texts]) => [field, texts.map(fromServerText)]))

const firstFieldMessage = (fields: Readonly<Record<string, ReadonlyArray<string>>>): string | undefined =>
  Object.values(fields).find((texts) => texts.length > 0)?.[0]

export const present = (error: AppFailure): Presented => {
  switch (error._tag) {
    case "BadRequest": {
      const fields = fieldListsOf(error)
      // Spec: data.message if present, else the first message of the first field.
      const text = error.message !== undefined && error.message !== "" ? error.message : firstFieldMessage(fields)
      return {
        notice: text === undefined ? serverError : fromServerText(text),
        fields: fieldNoticesOf(fields),
        signIn: false
      }
    }
    case "Unauthorized":
      return { notice: noticeKey("errors.authentication"), fields: noFieldNotices, signIn: true }
    case "TooManyRequests":
      return {
        notice:
          error.message !== ""
            ? { text: error.message }
            : noticeKey("errors.tooManyRequests", { minutes: Math.max(1, Math.ceil(error.retry_after / 60)) }),
        fields: noFieldNotices,
        signIn: false
      }
    default:
      // Spec: anything but a 400 shows the generic server error.
      return { notice: serverError, fields: noFieldNotices, signIn: false }
  }
}

/** Spec: "an email helper shows the first data.email message or serverError". */
export const emailNotice = (error: AppFailure): Notice => {
  const first = error._tag === "BadRequest" ? error.email?.[0] : undefined
  return first === undefined ? serverError : fromServerText(first)
}

/** 403 with code "account_inactive": the sign-in belongs on /unverified, not in an error message. */
export const isInactiveAccount = (error: AppFailure): boolean => error._tag === "Forbidden" && error.code === "account_inactive"

/** A 400 naming `uid` or `token`: the emailed link is broken, used or expired, not the form. */
export const isLinkRefused = (error: AppFailure): boolean =>
  error._tag === "BadRequest" && (error.uid !== undefined || error.token !== undefined)

/** Why an upload stopped, in the spec's upload messages, and whether trying it again may help. */
export interface UploadFailure {
  readonly notice: Notice
  readonly retryable: boolean
}

/** Bytes as people read them, base 1024 with up to two decimals: "1.5 GB". */
export const readableBytes = (bytes: number): string => {
  const units = ["B", "KB", "MB", "GB", "TB"]
  let value = Math.max(0, bytes)
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit++
  }
  return `${unit === 0 ? value : Number(value.toFixed(2))} ${units[unit]}`
}

/**
 * Why an upload failed, each cause with its own words (the server's `code` tells them apart): not an
 * image Preparat reads (the formats listed), an image that cannot be decoded (undecodableSlide), past
 * the storage with what is left, not allowed here. A lost connection is no failure: the transfer
 * waits and resumes where it stopped (its row says so).
 */
export const uploadFailure = (error: AppFailure): UploadFailure => {
  switch (error._tag) {
    case "Forbidden":
      return { notice: noticeKey("uploads.errors.forbidden"), retryable: false }
    case "PayloadTooLarge":
      // Retrying helps once something is deleted or the plan upgraded.
      if (error.code === "quota_exceeded" && error.remaining !== undefined)
        return {
          notice:
            error.remaining > 0
              ? noticeKey("uploads.errors.quotaLeft", { remaining: readableBytes(error.remaining) })
              : noticeKey("uploads.errors.quotaFull"),
          retryable: true
        }
      return { notice: noticeKey("errors.storageFull"), retryable: true }
    case "BadRequest":
      if (error.code === "unsupported_format") return { notice: noticeKey("uploads.errors.notAnImage"), retryable: false }
      return { notice: noticeKey("errors.uploadFormat"), retryable: false }
    case "NotFound":
      // The server dropped the partial upload: a retry starts it again from the first byte.
      return { notice: noticeKey("uploads.errors.forgotten"), retryable: true }
    case "Unauthorized":
      return { notice: noticeKey("errors.authentication"), retryable: false }
    default:
      return { notice: serverError, retryable: true }
  }
}

/** A file that is plainly not a slide image (refused before sending): the formats that are. */
export const unreadableSlide: UploadFailure = {
  notice: noticeKey("uploads.errors.notAnImage"),
  retryable: false
}

/** A file of a format the server reads whose image could not be decoded (its pyramid job failed). */
export const undecodableSlide: UploadFailure = { notice: noticeKey("uploads.errors.undecodable"), retryable: false }

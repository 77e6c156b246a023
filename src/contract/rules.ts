// Validation rules shared by the SPA (checked before sending) and the server (checked again, never
// trusted). Messages are i18n keys; the server renders them in English, the SPA in the user's language.
import { Schema } from "effect"

export const PASSWORD_MIN = 8
/** The password policy: 8+ characters, an uppercase letter, a digit and one of @$!%*?. */
export const passwordPolicy = /^(?=.*[A-Z])(?=.*\d)(?=.*[@$!%*?]).{8,}$/

const trimmed = (s: string) => s.trim()

// Every text field has a length bound, checked first, so no rule (or password hash) ever runs over
// megabytes of input. The bounds are generous for people and tight for machines.
export const TEXT_MAX = 1000
export const NAME_MAX = 150
export const EMAIL_MAX = 254
export const PASSWORD_MAX = 256
export const DESCRIPTION_MAX = 5000

// A NUL character is text no person types, SQLite stores and PostgreSQL refuses: refused here, both
// engines answer alike (a 400 naming the field).
const atMost = (max: number) =>
  Schema.makeFilter((s: string) => (s.length > max ? "validation.tooLong" : s.includes("\u0000") ? "validation.invalid" : true))

/** Any text up to `max` characters (TEXT_MAX by default). */
export const Text = (max = TEXT_MAX) => Schema.String.check(atMost(max))

/** Text that is not blank, up to `max` characters. */
export const RequiredText = (max: number) =>
  Schema.String.check(
    atMost(max),
    Schema.makeFilter((s: string) => trimmed(s).length > 0 || "validation.required")
  )

export const Required = RequiredText(TEXT_MAX)

/** A person's name: required, up to NAME_MAX. */
export const PersonName = Schema.String.check(
  atMost(NAME_MAX),
  Schema.makeFilter((s: string) => trimmed(s).length > 0 || "validation.required")
)

export const Email = Schema.String.check(
  atMost(EMAIL_MAX),
  Schema.makeFilter((s: string) => trimmed(s).length > 0 || "validation.required"),
  Schema.makeFilter((s: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(trimmed(s)) || "validation.email")
)

export const NewPassword = Schema.String.check(
  atMost(PASSWORD_MAX),
  Schema.makeFilter((s: string) => s.length > 0 || "validation.required"),
  Schema.makeFilter((s: string) => s.length >= PASSWORD_MIN || "validation.passwordMin"),
  Schema.makeFilter((s: string) => passwordPolicy.test(s) || "validation.passwordPolicy")
)

/** Sign-in only asks for 8+ characters: older passwords may predate the policy. */
export const LoginPassword = Schema.String.check(
  atMost(PASSWORD_MAX),
  Schema.makeFilter((s: string) => s.length > 0 || "validation.required"),
  Schema.makeFilter((s: string) => s.length >= PASSWORD_MIN || "validation.passwordMin")
)

export const Otp = Schema.String.check(
  atMost(TEXT_MAX),
  Schema.makeFilter((s: string) => trimmed(s).length > 0 || "validation.otpRequired"),
  Schema.makeFilter((s: string) => /^\d{6}$/.test(trimmed(s)) || "validation.otpFormat")
)

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024

// The links account mails carry and the pages activation lands on. Indonesian pages live under /id.
import type { Locale } from "../../src/contract/auth.ts"

const prefix = (locale: Locale) => (locale === "id" ? "/id" : "")

/** Served by the API itself (a raw route), which then redirects to /verify or /unverified. */
export const activationLink = (publicUrl: string, uid: string, token: string) =>
  `${publicUrl}/v2/auth/activate/${encodeURIComponent(uid)}/${encodeURIComponent(token)}/`

export const afterActivation = (publicUrl: string, locale: Locale, activated: boolean) =>
  `${publicUrl}${prefix(locale)}/${activated ? "verify" : "unverified"}`

export const passwordResetLink = (publicUrl: string, locale: Locale, uid: string, token: string) =>
  `${publicUrl}${prefix(locale)}/password-reset-confirm/${encodeURIComponent(uid)}/${encodeURIComponent(token)}`

/** Where someone who forgot their password asks for a reset mail. */
export const forgotPasswordLink = (publicUrl: string, locale: Locale) => `${publicUrl}${prefix(locale)}/reset-password`

export const mfaResetLink = (publicUrl: string, locale: Locale, uid: string, token: string) =>
  `${publicUrl}${prefix(locale)}/reset-mfa?${new URLSearchParams({ uid, token }).toString()}`

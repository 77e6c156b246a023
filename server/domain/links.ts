// The links account mails carry and the pages activation lands on. Indonesian pages live under /id.
import type { Locale } from "../../src/contract/auth.ts"
import { safeReturnPath } from "../../src/contract/return-path.ts"

const prefix = (locale: Locale) => (locale === "id" ? "/id" : "")

/** `?next=` for a place kept through sign-in, when it is a path of this site; else nothing. */
const nextQuery = (next: string | null | undefined): string => {
  const kept = safeReturnPath(next)
  return kept ? `?${new URLSearchParams({ next: kept }).toString()}` : ""
}

/**
 * Served by the API itself (a raw route), which then redirects to /verify or /unverified, carrying
 * `next` (the page the user opened before registering) on to the sign-in page.
 */
export const activationLink = (publicUrl: string, uid: string, token: string, next?: string | null) =>
  `${publicUrl}/v2/auth/activate/${encodeURIComponent(uid)}/${encodeURIComponent(token)}/${nextQuery(next)}`

export const afterActivation = (publicUrl: string, locale: Locale, activated: boolean, next?: string | null) =>
  `${publicUrl}${prefix(locale)}/${activated ? "verify" : "unverified"}${nextQuery(next)}`

export const passwordResetLink = (publicUrl: string, locale: Locale, uid: string, token: string) =>
  `${publicUrl}${prefix(locale)}/password-reset-confirm/${encodeURIComponent(uid)}/${encodeURIComponent(token)}`

/** Where someone who forgot their password asks for a reset mail. */
export const forgotPasswordLink = (publicUrl: string, locale: Locale) => `${publicUrl}${prefix(locale)}/reset-password`

export const mfaResetLink = (publicUrl: string, locale: Locale, uid: string, token: string) =>
  `${publicUrl}${prefix(locale)}/reset-mfa?${new URLSearchParams({ uid, token }).toString()}`

// What an activity row says: "Signed in from 127.0.0.1 (Chrome)". The server records the raw
// client detail (ip, user agent); naming the browser is presentation, so it happens here.
import type { Activity } from "../../contract/auth.ts"
import type { KeyPart } from "../../i18n/keys.ts"

/** The browser's common name from a user agent; order matters, as Edge and Opera also say Chrome. */
export const browserOf = (userAgent: string): string | null => {
  const known: ReadonlyArray<readonly [RegExp, string]> = [
    [/Edg(e|A|iOS)?\//, "Edge"],
    [/OPR\/|Opera/, "Opera"],
    [/Firefox\/|FxiOS\//, "Firefox"],
    [/Chrome\/|CriOS\/|Chromium\//, "Chrome"],
    [/Safari\//, "Safari"],
    [/curl\//, "curl"]
  ]
  return known.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null
}

/** The activity kinds the dictionary words, each with its key (keys cannot hold dots: they are paths). */
const kindKeys: Readonly<Record<string, KeyPart<"settings.activities.kinds">>> = {
  "auth.signed_in": "auth_signed_in",
  "auth.sign_in_failed": "auth_sign_in_failed",
  "auth.signed_out": "auth_signed_out",
  "auth.registered": "auth_registered",
  "auth.activated": "auth_activated",
  "auth.activation_resent": "auth_activation_resent",
  "auth.password_changed": "auth_password_changed",
  "auth.password_reset_requested": "auth_password_reset_requested",
  "auth.password_reset": "auth_password_reset",
  "auth.mfa_setup_started": "auth_mfa_setup_started",
  "auth.mfa_enabled": "auth_mfa_enabled",
  "auth.mfa_disabled": "auth_mfa_disabled",
  "auth.mfa_reset_requested": "auth_mfa_reset_requested",
  "auth.mfa_reset": "auth_mfa_reset",
  "auth.refresh_token_reused": "auth_refresh_token_reused",
  "profile.updated": "profile_updated"
}

export interface ActivityText {
  /** Under settings.activities.kinds. */
  readonly key: KeyPart<"settings.activities.kinds">
  readonly params: Readonly<Record<string, string>>
  /** True when the browser could not be named; the page then fills in its own word for it. */
  readonly unknownBrowser: boolean
}

export const activityText = (activity: Activity): ActivityText => {
  const { detail } = activity
  const ip = typeof detail.ip === "string" && detail.ip !== "" ? detail.ip : "?"
  const browser = typeof detail.user_agent === "string" ? browserOf(detail.user_agent) : null
  const params = { ip, browser: browser ?? "", kind: activity.kind }
  return { key: kindKeys[activity.kind] ?? "other", params, unknownBrowser: browser === null }
}

// What an activity row says: "Signed in from 127.0.0.1 (Chrome)". The server records the raw
// client detail (ip, user agent); naming the browser is presentation, so it happens here.
import type { Activity } from "../../contract/auth.ts"

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

const knownKinds = new Set([
  "auth.signed_in",
  "auth.sign_in_failed",
  "auth.signed_out",
  "auth.registered",
  "auth.activated",
  "auth.activation_resent",
  "auth.password_changed",
  "auth.password_reset_requested",
  "auth.password_reset",
  "auth.mfa_setup_started",
  "auth.mfa_enabled",
  "auth.mfa_disabled",
  "auth.mfa_reset_requested",
  "auth.mfa_reset",
  "auth.refresh_token_reused",
  "profile.updated"
])

export interface ActivityText {
  /** Under settings.activities.kinds. */
  readonly key: string
  readonly params: Readonly<Record<string, string>>
  /** True when the browser could not be named; the page then fills in its own word for it. */
  readonly unknownBrowser: boolean
}

export const activityText = (activity: Activity): ActivityText => {
  const { detail } = activity
  const ip = typeof detail.ip === "string" && detail.ip !== "" ? detail.ip : "?"
  const browser = typeof detail.user_agent === "string" ? browserOf(detail.user_agent) : null
  const params = { ip, browser: browser ?? "", kind: activity.kind }
  if (!knownKinds.has(activity.kind)) return { key: "other", params, unknownBrowser: browser === null }
  // Dictionary keys cannot contain dots (they are paths): "auth.signed_in" -> "auth_signed_in".
  return { key: activity.kind.replace(".", "_"), params, unknownBrowser: browser === null }
}

// Presentation rules of the account pages: the live password policy and the activity sentences.
import { describe, expect, it } from "vitest"
import { passwordPolicy } from "../../src/contract/rules.ts"
import { activityText, browserOf } from "../../src/views/account/activity-text.ts"
import { policyMet } from "../../src/views/account/password-checks.ts"
import { en } from "../../src/i18n/en/index.ts"
import { id } from "../../src/i18n/id/index.ts"

describe("policyMet", () => {
  it.each(["", "short", "alllowercase1!", "NoDigits!!", "NoSpecial11", "Secret1!", "Abcdefg1?"])(
    "all parts met exactly when the contract's policy accepts %j",
    (password) => {
      const met = policyMet(password)
      expect(Object.values(met).every(Boolean)).toBe(passwordPolicy.test(password))
    }
  )

  it("tells the parts apart", () => {
    expect(policyMet("abc")).toEqual({ length: false, uppercase: false, digit: false, special: false })
    expect(policyMet("Abcdefgh1")).toEqual({ length: true, uppercase: true, digit: true, special: false })
  })
})

describe("browserOf", () => {
  it.each([
    ["Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36", "Chrome"],
    ["Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36 Edg/120.0", "Edge"],
    ["Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36 OPR/105.0", "Opera"],
    ["Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0", "Firefox"],
    ["Mozilla/5.0 (Macintosh; Intel Mac OS X 14_2) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Safari/605.1.15", "Safari"],
    ["something else", null]
  ])("%s -> %s", (ua, name) => expect(browserOf(ua)).toBe(name))
})

describe("activityText", () => {
  const at = (kind: string, detail: Record<string, unknown>) => ({ id: "e", kind, created_at: "2025-01-01T00:00:00Z", detail })

  it("reads a sign-in as 'Signed in from <ip> (<browser>)'", () => {
    const text = activityText(
      at("auth.signed_in", { ip: "127.0.0.1", user_agent: "HeadlessChrome/131.0 Safari/537.36", second_factor: "none" })
    )
    expect(text).toEqual({
      key: "auth_signed_in",
      params: { ip: "127.0.0.1", browser: "Chrome", kind: "auth.signed_in" },
      unknownBrowser: false
    })
    expect(en.settings.activities.kinds.auth_signed_in.replace("{{ip}}", "127.0.0.1").replace("{{browser}}", "Chrome")).toBe(
      "Signed in from 127.0.0.1 (Chrome)"
    )
  })

  it("names every kind the server records, in both languages", () => {
    for (const kind of ["auth.mfa_enabled", "auth.password_changed", "profile.updated", "auth.refresh_token_reused"]) {
      const { key } = activityText(at(kind, {}))
      expect(en.settings.activities.kinds).toHaveProperty(key)
      expect(id.settings.activities.kinds).toHaveProperty(key)
    }
  })

  it("falls back for kinds it does not know", () => {
    expect(activityText(at("labs.created", {})).key).toBe("other")
  })
})

// Presentation rules of the account pages: the live password policy and the activity sentences.
import { describe, expect, it } from "vitest"
import { passwordPolicy } from "../../src/contract/rules.ts"
import type { Activity } from "../../src/contract/auth.ts"
import { activityText, browserOf, byDay } from "../../src/views/account/activity-text.ts"
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
  const at = (kind: string, detail: Record<string, unknown>, lab?: Activity["lab"]) => ({
    id: "e",
    kind,
    created_at: "2025-01-01T00:00:00Z",
    detail,
    ...(lab === undefined ? {} : { lab })
  })
  const fill = (template: string, params: Record<string, string>) =>
    template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name] ?? `{{${name}}}`)

  it("reads a sign-in as 'You signed in from <ip> (<browser>)'", () => {
    const text = activityText(
      at("auth.signed_in", { ip: "127.0.0.1", user_agent: "HeadlessChrome/131.0 Safari/537.36", second_factor: "none" })
    )
    expect(text).toMatchObject({ key: "auth_signed_in", params: { ip: "127.0.0.1", browser: "Chrome" }, unknownBrowser: false, lab: null })
    expect(fill(en.settings.activities.kinds[text.key], text.params)).toBe("You signed in from 127.0.0.1 (Chrome)")
  })

  it("words a bulk edit of annotations by what it did and how many", () => {
    const deleted = activityText(at("annotation.bulk_changed", { action: "deleted", count: 300 }, live))
    expect(fill(en.settings.activities.kinds[deleted.key], { ...deleted.params, lab: "Node" })).toBe(
      "You deleted 300 annotations at once on Node"
    )
    const updated = activityText(at("annotation.bulk_changed", { action: "updated", count: 12 }, live))
    expect(fill(id.settings.activities.kinds[updated.key], { ...updated.params, lab: "Node" })).toBe(
      "Anda mengubah 12 anotasi sekaligus pada Node"
    )
  })

  it("words a lab's change as a sentence naming the lab, never as its code", () => {
    const trashed = activityText(at("lab.trashed", { parent_id: null, owner_id: "u1", count: 1 }, live))
    expect(trashed.key).toBe("lab_trashed")
    expect(trashed.lab).toEqual({ id: "l1", name: "Liver biopsies", isDir: true, linked: true })
    expect(fill(en.settings.activities.kinds[trashed.key], { ...trashed.params, lab: "Liver biopsies" })).toBe(
      "You moved Liver biopsies to Deleted Files"
    )
    expect(fill(id.settings.activities.kinds[trashed.key], { ...trashed.params, lab: "Liver biopsies" })).toBe(
      "Anda memindahkan Liver biopsies ke File Terhapus"
    )
    const many = activityText(at("lab.trashed", { count: 3 }, { ...live, in_trash: true }))
    expect(many.key).toBe("lab_trashed_many")
    expect(many.params.others).toBe("2")
    // In the trash: named, not linked.
    expect(many.lab?.linked).toBe(false)
    // Gone for good: the name it had, when the activity recorded one.
    expect(activityText(at("lab.purged", { name: "Old scans", bytes: 10 }, null)).lab).toEqual({
      id: "",
      name: "Old scans",
      isDir: false,
      linked: false
    })
    expect(activityText(at("lab.published", { is_public: true }, live)).key).toBe("lab_published")
    expect(activityText(at("lab.published", { is_public: false }, live)).key).toBe("lab_unpublished")
    expect(activityText(at("member.removed", { left: true }, live)).key).toBe("member_left")
    const renamed = activityText(at("lab.renamed", { from: "Liver", name: "Liver biopsies" }, live))
    expect(fill(en.settings.activities.kinds[renamed.key], { ...renamed.params, lab: "Liver biopsies" })).toBe(
      "You renamed “Liver” to Liver biopsies"
    )
  })

  it("names every kind the server records, in both languages", () => {
    for (const kind of [
      "auth.mfa_enabled",
      "auth.password_changed",
      "profile.updated",
      "auth.refresh_token_reused",
      "lab.created",
      "lab.moved",
      "lab.restored",
      "lab.metadata_changed",
      "member.invited",
      "member.role_changed",
      "lab.ownership_transferred",
      "favorite.added",
      "annotation.created",
      "label.changed"
    ]) {
      const { key } = activityText(at(kind, {}, live))
      expect(key).not.toMatch(/^other/)
      expect(en.settings.activities.kinds).toHaveProperty(key)
      expect(id.settings.activities.kinds).toHaveProperty(key)
    }
  })

  it("falls back to a sentence, never a code, for kinds it does not know", () => {
    expect(activityText(at("labs.exploded", {})).key).toBe("other")
    expect(activityText(at("labs.exploded", {}, live)).key).toBe("other_lab")
    for (const words of [en, id])
      for (const sentence of Object.values(words.settings.activities.kinds)) expect(sentence).not.toMatch(/\{\{kind\}\}/)
  })

  it("groups by day, in order", () => {
    const days = byDay([
      { created_at: "2025-03-02T10:00:00" },
      { created_at: "2025-03-02T09:00:00" },
      { created_at: "2025-03-01T23:00:00" }
    ])
    expect(days.map((d) => [d.day, d.items.length])).toEqual([
      ["2025-03-02", 2],
      ["2025-03-01", 1]
    ])
  })
})

const live = { id: "l1", name: "Liver biopsies", is_dir: true, in_trash: false }

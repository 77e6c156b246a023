// Every message that shows a count, walked with 0, 1, 2 and 5 in both languages: an English message
// whose count is of something ("1 annotation", "2 annotations") has its `_one` form, picks it for
// one and only for one, and leaves no placeholder unfilled. A new message with a {{count}} and no
// `_one` fails here unless its count stands alone ("3 selected", "+3", "2 of 5"), which the list
// below says by name.
import { beforeAll, describe, expect, it } from "vitest"
import { en } from "./en/index.ts"
import { id } from "./id/index.ts"
import { prepareWorkspaceWords, type TranslationKey, translatorFor } from "./index.ts"

/** Counts that no noun follows in English, so one form reads right for every number. */
const STANDS_ALONE = new Set([
  "annotationImport.skipped", // "Skipped (3)": a heading with its count
  "annotationImport.changed",
  "billing.staff.count", // "3 waiting"
  "shell.nav.waiting",
  "labs.list.count", // "20 of 31"
  "labs.info.moreCollaborators", // "+3"
  "notifications.bellUnread", // "Notifications, 3 unread"
  "notifications.unread",
  "viewer.chat.unread",
  "viewer.annotationPanel.deleteAuthor", // "3 by Ada Lovelace"
  "viewer.counts.indexOf", // "of 12 counted"
  "viewer.selection.count", // "3 selected"
  "viewer.selection.refusedTitle", // "1 of 3 annotations could not be changed": the noun follows {{of}}
  "viewer.selection.failedTitle",
  "viewer.selection.conflictTitle", // "Someone changed 1 of these annotations first"
  "viewer.collab.unsaved" // "3 unsaved"
])

type Tree = { readonly [key: string]: string | Tree }

const texts = (tree: Tree, prefix = ""): Array<[string, string]> =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === "string" ? [[`${prefix}${key}`, value] as [string, string]] : texts(value, `${prefix}${key}.`)
  )

const english = new Map(texts(en as unknown as Tree))
const indonesian = new Map(texts(id as unknown as Tree))
/** Every key (without its `_one`) whose message shows {{count}}. */
const counted = [...english].filter(([key, text]) => text.includes("{{count}}") && !key.endsWith("_one")).map(([key]) => key)

/** Placeholders other than count, filled with a word so that a left-over {{...}} shows. */
const filled = (text: string, count: number | string) => {
  const params: Record<string, string | number> = { count }
  for (const [, name] of text.matchAll(/\{\{(\w+)\}\}/g)) if (name !== undefined && name !== "count") params[name] = "x"
  return params
}

beforeAll(async () => {
  await prepareWorkspaceWords("en")
  await prepareWorkspaceWords("id")
})

describe("messages that count", () => {
  it("finds the messages with a count (so the walk below walks something)", () => {
    expect(counted.length).toBeGreaterThan(30)
    expect(counted).toContain("settings.activities.kinds.annotation_created")
  })

  it("every English count of something has a one form, and Indonesian the same keys", () => {
    const missing = counted.filter((key) => !STANDS_ALONE.has(key) && !english.has(`${key}_one`))
    expect(missing).toEqual([])
    expect([...indonesian.keys()].sort()).toEqual([...english.keys()].sort())
    // Every name on the list is still a counted message: a stale entry hides nothing.
    for (const key of STANDS_ALONE) expect(counted).toContain(key)
  })

  for (const n of [0, 1, 2, 5])
    it(`with ${n}, English picks one only for 1 and Indonesian never inflects; no placeholder is left`, () => {
      const t = { en: translatorFor("en"), id: translatorFor("id") }
      for (const key of counted) {
        const params = filled(english.get(key) ?? "", n)
        const inEnglish = t.en(key as TranslationKey, params)
        const inIndonesian = t.id(key as TranslationKey, params)
        expect(inEnglish, key).not.toMatch(/\{\{|\}\}/)
        expect(inIndonesian, key).not.toMatch(/\{\{|\}\}/)
        const one = english.get(`${key}_one`)
        const expected = n === 1 && one !== undefined ? one : (english.get(key) ?? "")
        expect(inEnglish, key).toBe(expected.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name])))
        expect(inIndonesian, key).toBe((indonesian.get(key) ?? "").replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name])))
      }
    })

  it("a count that arrives as digits (an activity's detail) picks the same form as the number", () => {
    const t = translatorFor("en")
    const key = "settings.activities.kinds.annotation_created"
    expect(t(key, { count: "1", lab: "Liver" })).toBe("You added 1 annotation to Liver")
    expect(t(key, { count: "12", lab: "Liver" })).toBe("You added 12 annotations to Liver")
    expect(t("viewer.selection.undeletableBody", { count: "1" })).toBe(
      "The 1 selected annotation was drawn by someone else. Reviewers may delete only their own."
    )
  })
})

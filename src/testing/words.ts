// What a Notice says in English, so a check can name the spec's own words ("You are not allowed to
// upload in this laboratory") rather than an i18n key the machine happens to use.
import type { Notice } from "../effects/Notice.ts"
import { en } from "../i18n/en/index.ts"

export const englishOf = (notice: Notice | null | undefined): string | null => {
  if (notice === null || notice === undefined) return null
  if ("text" in notice) return notice.text
  const found = notice.key
    .split(".")
    .reduce<unknown>((node, part) => (typeof node === "object" && node !== null ? (node as Record<string, unknown>)[part] : undefined), en)
  return typeof found === "string" ? found : `(no words for ${notice.key})`
}

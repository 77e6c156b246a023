// How the labs lists write sizes and dates: bytes in base 1024 with two decimals, dates in the page's
// language, a folder's size only when it holds something.
import type { Locale } from "../../i18n/index.ts"
import { formatBytes } from "../shell/storage-usage.ts"

const tags: Readonly<Record<Locale, string>> = { en: "en-US", id: "id-ID" }

export const formatSize = (locale: Locale, lab: { readonly is_dir: boolean; readonly size: number }): string =>
  lab.is_dir && lab.size === 0 ? "—" : formatBytes(lab.size, locale)

/** "Mar 2, 2025" in English, "2 Mar 2025" in Indonesian. */
export const formatDay = (locale: Locale, iso: string): string =>
  new Intl.DateTimeFormat(tags[locale], { dateStyle: "medium" }).format(new Date(iso))

/** "Mar 2, 2025, 10:00 AM" in English, "2 Mar 2025, 10.00" in Indonesian. */
export const formatMoment = (locale: Locale, iso: string): string =>
  new Intl.DateTimeFormat(tags[locale], { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso))

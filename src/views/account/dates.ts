// Dates in the page's language: "Mar 1, 2025, 10:00 AM" in English, "1 Mar 2025, 10.00" in Indonesian.
import type { Locale } from "../../i18n/index.ts"

const tags: Readonly<Record<Locale, string>> = { en: "en-US", id: "id-ID" }

export const formatDateTime = (locale: Locale, iso: string): string =>
  new Intl.DateTimeFormat(tags[locale], { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso))

export const formatDate = (locale: Locale, iso: string): string =>
  new Intl.DateTimeFormat(tags[locale], { dateStyle: "long" }).format(new Date(iso))

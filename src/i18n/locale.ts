// Locale rules with no React in them: which locales exist, how a path carries one (/id prefix, English
// has none), and the `lang` cookie that remembers the choice for 365 days.
import { localised, splitLocale } from "../contract/routes.ts"

export const locales = ["en", "id"] as const
export type Locale = (typeof locales)[number]

export const isLocale = (value: unknown): value is Locale => locales.includes(value as Locale)

/** The same page in another locale: "/id/login" <-> "/login", "/" <-> "/id". */
export const pathInLocale = (pathname: string, locale: Locale): string => {
  return localised(splitLocale(pathname).path, locale)
}

export const LANGUAGE_COOKIE = "lang"
const YEAR_SECONDS = 365 * 24 * 60 * 60

/** The Set-Cookie / document.cookie string that remembers a locale. */
export const languageCookie = (locale: Locale): string => `${LANGUAGE_COOKIE}=${locale}; Max-Age=${YEAR_SECONDS}; Path=/; SameSite=Lax`

/** The remembered locale from a cookie header or document.cookie, if any. */
export const readLanguageCookie = (cookies: string): Locale | undefined => {
  for (const part of cookies.split(";")) {
    const [name, value] = part.trim().split("=")
    if (name === LANGUAGE_COOKIE && isLocale(value)) return value
  }
  return undefined
}

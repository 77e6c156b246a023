// i18n for React: the locale comes from the URL (/id prefix for Indonesian), words from rosetta.
// `t("auth.login.title", { name })` reads dotted keys and fills {{name}} placeholders.
import rosetta from "rosetta"
import { createContext, createElement, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react"
import { navigate, useBrowserLocation } from "wouter/use-browser-location"
import { splitLocale } from "../contract/routes.ts"
import { type Dictionary, hasWords, loadWords, type WordsPart } from "./dictionaries.ts"
import type { TranslationKey } from "./keys.ts"
import { type Locale, languageCookie, pathInLocale, readLanguageCookie } from "./locale.ts"

export type { Locale } from "./locale.ts"
export type { TranslationKey } from "./keys.ts"

export type Translate = (key: TranslationKey, params?: Record<string, string | number>) => string

/** A key that came from outside the code (a Notice, a server's rule key): translated when it is one. */
export const translateAny = (t: Translate, key: string, params?: Record<string, string | number>): string =>
  t(key as TranslationKey, params)

export interface LocaleApi {
  readonly locale: Locale
  /** Remembers the choice in the `lang` cookie and shows the same page in that language. */
  readonly setLocale: (locale: Locale) => void
  /** Prefixes an app path for the current locale: "/dashboard/labs" -> "/id/dashboard/labs". */
  readonly localePath: (path: string) => string
}

interface I18nValue {
  readonly t: Translate
  readonly api: LocaleApi
}

const translator = rosetta<Partial<Dictionary>>()

/** The parts of the dictionaries pages need now: the entry words always, the workspace's once it opens. */
const wantedParts = new Set<WordsPart>(["entry"])

const ready = (locale: Locale): boolean => [...wantedParts].every((part) => hasWords(locale, part))

/**
 * Fetches the parts of `locale`'s words the app needs and hands them to the translator. main.tsx waits
 * for the page's language before the first render, so no page shows keys or the other language first.
 */
export const prepareLocale = async (locale: Locale): Promise<void> => {
  for (const words of await Promise.all([...wantedParts].map((part) => loadWords(locale, part)))) translator.set(locale, words)
}

/** The workspace's words, fetched beside the workspace's code (SessionServices.tsx waits for both). */
export const prepareWorkspaceWords = (locale: Locale): Promise<void> => {
  wantedParts.add("workspace")
  return prepareLocale(locale)
}

const pluralRules = new Map<Locale, Intl.PluralRules>()
const pluralOf = (locale: Locale, count: number): Intl.LDMLPluralRule => {
  let rules = pluralRules.get(locale)
  if (rules === undefined) {
    rules = new Intl.PluralRules(locale)
    pluralRules.set(locale, rules)
  }
  return rules.select(count)
}

/** A count as a number: given as one, or as plain digits (a server's detail read as text). */
const countOf = (value: string | number | undefined): number | undefined =>
  typeof value === "number" ? value : typeof value === "string" && /^\d{1,15}$/.test(value) ? Number(value) : undefined

/**
 * A translator bound to one locale. A missing key shows itself, so it is caught on screen and by tests.
 * A numeric `count` picks the key's plural form when the dictionary has one (`points_one` beside
 * `points`: "1 point", "3 points"), by the language's own rule, and is shown with the language's
 * separators: Indonesian nouns do not inflect, so its
 * rule never says "one" and its dictionary's forms are only there to keep the two key sets equal.
 */
export const translatorFor =
  (locale: Locale): Translate =>
  (key, params) => {
    const count = countOf(params?.count)
    if (count !== undefined) {
      // The number shown with the language's separators (1,234 / 1.234).
      const shown = { ...params, count: count.toLocaleString(locale === "id" ? "id-ID" : "en-US") }
      const form: unknown = translator.t(`${key}_${pluralOf(locale, count)}`, shown, locale)
      if (typeof form === "string" && form !== "") return form
      params = shown
    }
    // Only a text is an answer: a missing key, or an area's name, shows the key itself.
    const text: unknown = translator.t(key, params, locale)
    return typeof text === "string" && text !== "" ? text : key
  }

const I18nContext = createContext<I18nValue | null>(null)

export function I18nProvider({ children, locale: forced }: { readonly children: ReactNode; readonly locale?: Locale }) {
  const [pathname] = useBrowserLocation()
  const wanted = forced ?? splitLocale(pathname).locale
  // The language shown: the wanted one once its words are here (a link or the back button can ask for
  // a language not fetched yet; until it arrives the page stays in the one it has).
  const [, arrived] = useState(0)
  const locale: Locale = hasWords(wanted, "entry") ? wanted : wanted === "en" ? "id" : "en"
  useEffect(() => {
    if (!ready(wanted)) void prepareLocale(wanted).then(() => arrived((n) => n + 1))
  }, [wanted])

  useEffect(() => {
    document.documentElement.lang = locale
  }, [locale])

  // The URL a person clicked wins: an /id page is remembered as the choice (the language menu writes
  // the cookie itself before it leaves /id, so choosing English is never undone here).
  useEffect(() => {
    if (forced === undefined && wanted === "id" && readLanguageCookie(document.cookie) !== "id") {
      // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Safari and older Firefox; this is one plain write.
      document.cookie = languageCookie("id")
    }
  }, [wanted, forced])

  const setLocale = useCallback((next: Locale) => {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Safari and older Firefox; this is one plain write.
    document.cookie = languageCookie(next)
    // The words first, then the page: the switch shows no keys and no half-translated screen.
    void prepareLocale(next).then(() => {
      const { pathname: current, search, hash } = window.location
      navigate(pathInLocale(current, next) + search + hash)
    })
  }, [])

  const value = useMemo<I18nValue>(
    () => ({
      t: translatorFor(locale),
      api: { locale, setLocale, localePath: (path: string) => pathInLocale(path, locale) }
    }),
    [locale, setLocale]
  )
  return createElement(I18nContext.Provider, { value }, children)
}

const useI18n = (): I18nValue => {
  const value = useContext(I18nContext)
  if (!value) throw new Error("useT/useLocale need an <I18nProvider> above them")
  return value
}

export const useT = (): Translate => useI18n().t

export const useLocale = (): LocaleApi => useI18n().api

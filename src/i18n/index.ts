// i18n for React: the locale comes from the URL (/id prefix, spec section 1), words from rosetta.
// `t("auth.login.title", { name })` reads dotted keys and fills {{name}} placeholders.
import rosetta from "rosetta"
import { createContext, createElement, type ReactNode, useCallback, useContext, useEffect, useMemo } from "react"
import { navigate, useBrowserLocation } from "wouter/use-browser-location"
import { splitLocale } from "../views/route-table.ts"
import { dictionaries } from "./dictionaries.ts"
import { type Locale, languageCookie, pathInLocale } from "./locale.ts"

import { en } from "./en/index.ts"
import { isTranslationKey, type TranslationKey } from "./keys.ts"

export type { Locale } from "./locale.ts"
export type { KeyPart, TranslationKey } from "./keys.ts"

export type Translate = (key: TranslationKey, params?: Record<string, string | number>) => string

/** A key that came from outside the code (a Notice, a server's rule key): translated when it is one. */
export const translateAny = (t: Translate, key: string, params?: Record<string, string | number>): string =>
  isTranslationKey(en, key) ? t(key, params) : key

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

const translator = rosetta(dictionaries)

/** A translator bound to one locale. A missing key shows itself, so it is caught on screen and by tests. */
export const translatorFor =
  (locale: Locale): Translate =>
  (key, params) =>
    translator.t(key, params, locale) || key

const I18nContext = createContext<I18nValue | null>(null)

export function I18nProvider({ children, locale: forced }: { readonly children: ReactNode; readonly locale?: Locale }) {
  const [pathname] = useBrowserLocation()
  const locale = forced ?? splitLocale(pathname).locale

  useEffect(() => {
    document.documentElement.lang = locale
  }, [locale])

  const setLocale = useCallback((next: Locale) => {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Safari and older Firefox; this is one plain write.
    document.cookie = languageCookie(next)
    const { pathname: current, search, hash } = window.location
    navigate(pathInLocale(current, next) + search + hash)
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

// Money and plan figures as the reader's language writes them (formatIdr: src/contract/money.ts, the
// same function as the PDFs and mails), and the unique code's place in an amount.
import type { Locale } from "../../i18n/index.ts"
import { formatIdr } from "../../contract/money.ts"
import { formatBytes } from "../shell/storage-usage.ts"

export { formatIdr }

/** Digits of the unique code (1 to 999): always the amount's last three, "043" for 43. */
export const CODE_DIGITS = 3

export const codeText = (code: number): string => String(code).padStart(CODE_DIGITS, "0")

/** The amount with its last three digits apart, so the page can highlight the unique code. */
export const splitAmount = (locale: Locale, amount: number): { readonly head: string; readonly tail: string } => {
  const text = formatIdr(locale, amount)
  const digits = CODE_DIGITS
  // Walk back over `digits` digits (skipping separators) from the end of the number.
  let seen = 0
  let at = text.length
  while (at > 0 && seen < digits) {
    at -= 1
    if (/\d/.test(text[at] ?? "")) seen += 1
  }
  return { head: text.slice(0, at), tail: text.slice(at) }
}

export const formatStorage = (locale: Locale, bytes: number): string => formatBytes(bytes, locale)

// Rupiah as the reader's language writes them, one function for the invoice page, its PDF, the mails
// and the staff's command line, so an amount never reads two ways: "IDR 150,541" in English,
// "Rp 150.541" in Indonesian. Whole rupiah, no decimals: a transfer is to the rupiah.
import type { Locale } from "./auth.ts"

const tags: Readonly<Record<Locale, string>> = { en: "en-US", id: "id-ID" }

const formats = new Map<Locale, Intl.NumberFormat>()

export const formatIdr = (locale: Locale, amount: number): string => {
  let format = formats.get(locale)
  if (format === undefined) {
    format = new Intl.NumberFormat(tags[locale], { style: "currency", currency: "IDR", maximumFractionDigits: 0, minimumFractionDigits: 0 })
    formats.set(locale, format)
  }
  // Intl joins the currency and the digits with a no-break space, so a line never splits an amount.
  return format.format(amount)
}

// Byte counts in words for the server's own texts (the quota refusal, the offer mail): base 1024,
// one decimal, the language's decimal mark (the exact count travels beside the words where it matters).
import type { Locale } from "../../src/contract/auth.ts"

const UNITS = ["B", "KB", "MB", "GB", "TB", "PB"] as const

export const byteSize = (bytes: number, locale: Locale = "en"): string => {
  if (!Number.isFinite(bytes) || bytes <= 0) return "0 B"
  const exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), UNITS.length - 1)
  if (exponent === 0) return `${bytes} B`
  const scaled = bytes / 1024 ** exponent
  const value = Math.round(scaled * 10) / 10
  const text = new Intl.NumberFormat(locale === "id" ? "id-ID" : "en-US", {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
    useGrouping: false
  }).format(value)
  return `${text} ${UNITS[exponent]}`
}

// Storage usage rules: bytes shown in base 1024 with two decimals, written the page's language's way
// (3.94 MB, 3,94 MB); the bar is blue up to 50 %, yellow up to 70 %, red above.
import type { Locale } from "../../i18n/index.ts"

export type StorageUsage =
  | { readonly status: "unknown" }
  | {
      readonly status: "known"
      readonly usedBytes: number
      readonly totalBytes: number
      /** Held by uploads in progress; counted in `percent`. */
      readonly reservedBytes: number
      readonly percent: number
    }

export type StorageTone = "normal" | "warning" | "critical"

const UNITS = ["B", "KB", "MB", "GB", "TB", "PB"] as const

const numbers: Readonly<Record<Locale, Intl.NumberFormat>> = {
  en: new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false }),
  id: new Intl.NumberFormat("id-ID", { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false })
}

export const formatBytes = (bytes: number, locale: Locale = "en"): string => {
  if (!Number.isFinite(bytes) || bytes <= 0) return "0 B"
  const exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), UNITS.length - 1)
  const value = bytes / 1024 ** exponent
  return `${exponent === 0 ? value : numbers[locale].format(value)} ${UNITS[exponent]}`
}

export const storageTone = (percent: number): StorageTone => (percent <= 50 ? "normal" : percent <= 70 ? "warning" : "critical")

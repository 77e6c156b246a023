// A scanner's scan date as the reader's calendar writes it. Each format stores it its own way:
// DICOM and Philips "20261128" or "20261128142501", TIFF's DateTime (NDPI) "2026:11:28 14:25:01",
// Aperio "11/28/26" (month first) and its time after it, others ISO 8601. Anything else is shown as written.
const DIGITS = /^(\d{4})(\d{2})(\d{2})(?:(\d{2})(\d{2})(\d{2})?)?/
const TIFF = /^(\d{4}):(\d{2}):(\d{2})(?: (\d{2}):(\d{2})(?::(\d{2}))?)?$/
const APERIO = /^(\d{2})\/(\d{2})\/(\d{2}|\d{4})(?: (\d{2}):(\d{2})(?::(\d{2}))?)?$/
const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?/

interface Parts {
  readonly year: number
  readonly month: number
  readonly day: number
  readonly hour?: number
  readonly minute?: number
}

const partsOf = (text: string): Parts | null => {
  const aperio = APERIO.exec(text)
  if (aperio) {
    const year = Number(aperio[3]) < 100 ? 2000 + Number(aperio[3]) : Number(aperio[3])
    const time = aperio[4] !== undefined && aperio[5] !== undefined ? { hour: Number(aperio[4]), minute: Number(aperio[5]) } : {}
    return { year, month: Number(aperio[1]), day: Number(aperio[2]), ...time }
  }
  const m = DIGITS.exec(text) ?? TIFF.exec(text) ?? ISO.exec(text)
  if (!m) return null
  return {
    year: Number(m[1]),
    month: Number(m[2]),
    day: Number(m[3]),
    ...(m[4] !== undefined && m[5] !== undefined ? { hour: Number(m[4]), minute: Number(m[5]) } : {})
  }
}

export const readableScanDate = (text: string, locale: string): string => {
  const parts = partsOf(text.trim())
  if (parts === null || parts.month < 1 || parts.month > 12 || parts.day < 1 || parts.day > 31) return text
  // The scanner's local time, written as it is: no time zone is recorded, so none is applied.
  const date = new Date(Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour ?? 0, parts.minute ?? 0))
  return new Intl.DateTimeFormat(locale, {
    dateStyle: "medium",
    ...(parts.hour === undefined ? {} : { timeStyle: "short" }),
    timeZone: "UTC"
  }).format(date)
}

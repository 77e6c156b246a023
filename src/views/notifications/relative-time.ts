// "5 minutes ago", "yesterday", or a date once it is older than four weeks: how long ago something
// happened, in the page's language (Intl.RelativeTimeFormat, so Indonesian reads "5 menit yang lalu").
const units: ReadonlyArray<readonly [Intl.RelativeTimeFormatUnit, number]> = [
  ["second", 60],
  ["minute", 60],
  ["hour", 24],
  ["day", 7],
  ["week", 4]
]

export const relativeTime = (iso: string, now: Date, locale: string): string => {
  const then = new Date(iso)
  if (Number.isNaN(then.getTime())) return ""
  let amount = Math.round((then.getTime() - now.getTime()) / 1000)
  // Under a minute (or a clock slightly ahead of ours) reads as "now".
  if (Math.abs(amount) < 45) return new Intl.RelativeTimeFormat(locale, { numeric: "auto" }).format(0, "second")
  for (const [unit, size] of units) {
    if (Math.abs(amount) < size) return new Intl.RelativeTimeFormat(locale, { numeric: "auto" }).format(amount, unit)
    amount = Math.round(amount / size)
  }
  return new Intl.DateTimeFormat(locale, { day: "numeric", month: "short", year: "numeric" }).format(then)
}

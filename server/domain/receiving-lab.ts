// Where requesters send their glass slides: the receiving lab's address and opening hours, read
// from the environment (SCAN_RECEIVING_ADDRESS, SCAN_RECEIVING_HOURS, SCAN_RECEIVING_HOURS_ID).
// They are printed on a confirmation page and in a mail people act on, so a value that cannot be
// shown as written stops the server at start with the variable's name, rather than send parcels
// to a garbled address.
import type { Locale } from "../../src/contract/auth.ts"
import { ADDRESS_MAX } from "../../src/contract/scan-requests.ts"

export const RECEIVING_HOURS_MAX = 200

export interface ReceivingLab {
  /** Lines joined by "\n". */
  readonly address: string
  /** The opening hours in each language, as a person reads them. */
  readonly hours: Readonly<Record<Locale, string>>
}

/** A placeholder that reads as one ("Jl. Contoh" is "Example Street"), so `npm start` shows the panel. */
export const defaultReceivingLab: ReceivingLab = {
  address: "Preparat Scanning Lab\nJl. Contoh No. 1, Menteng\nJakarta Pusat 10310\nIndonesia",
  hours: { en: "Monday to Friday, 08:00 to 16:00 WIB", id: "Senin sampai Jumat, 08.00 sampai 16.00 WIB" }
}

/**
 * A configured text as lines: a real newline or the two characters "\n" (easier to write in an
 * env file) break a line; blank lines and spaces around each line go. Undefined when not set.
 */
const linesOf = (name: string, value: string | undefined, max: number): string | undefined => {
  if (value === undefined || value.trim() === "") return undefined
  const text = value
    .split(/\r?\n|\\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "")
    .join("\n")
  // Control characters (other than the line breaks just taken out) would print as nothing or garble the mail.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
  if (/[\u0000-\u0009\u000b-\u001f\u007f]/.test(text)) throw new Error(`${name} holds a control character; write the text only.`)
  if (text.length > max) throw new Error(`${name} is ${text.length} characters long; at most ${max} are shown.`)
  return text
}

/** The receiving lab from `env`; each value not set is the default's. Throws naming a variable that cannot be shown. */
export const receivingLabOf = (env: NodeJS.ProcessEnv): ReceivingLab => {
  const address = linesOf("SCAN_RECEIVING_ADDRESS", env.SCAN_RECEIVING_ADDRESS, ADDRESS_MAX)
  const hours = linesOf("SCAN_RECEIVING_HOURS", env.SCAN_RECEIVING_HOURS, RECEIVING_HOURS_MAX)
  const hoursId = linesOf("SCAN_RECEIVING_HOURS_ID", env.SCAN_RECEIVING_HOURS_ID, RECEIVING_HOURS_MAX)
  return {
    address: address ?? defaultReceivingLab.address,
    // Configured English hours without an Indonesian text serve both: better the lab's real hours
    // in English than the default's in Indonesian.
    hours: { en: hours ?? defaultReceivingLab.hours.en, id: hoursId ?? hours ?? defaultReceivingLab.hours.id }
  }
}

/** What a requester is told, in their language. */
export const receivingLabIn = (lab: ReceivingLab, locale: Locale) => ({ address: lab.address, hours: lab.hours[locale] })

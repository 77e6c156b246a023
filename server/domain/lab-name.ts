// The rule of a lab's name, checked by the server whatever the SPA checked: required, at most
// LAB_NAME_MAX characters, no "/" (names appear in paths and breadcrumbs).
import { LAB_NAME_MAX } from "../../src/contract/labs.ts"
import { labMessages } from "./lab-messages.ts"

export type NameCheck = { readonly ok: true; readonly name: string } | { readonly ok: false; readonly message: string }

export const checkLabName = (raw: string): NameCheck => {
  const name = raw.trim()
  if (name.length === 0) return { ok: false, message: labMessages.nameRequired }
  if (name.length > LAB_NAME_MAX) return { ok: false, message: labMessages.nameTooLong }
  if (name.includes("/")) return { ok: false, message: labMessages.nameSlash }
  return { ok: true, name }
}

/** The key names are compared by, among siblings and in search. */
export const nameKey = (name: string): string => name.toLowerCase()

/**
 * A free name among siblings, for a restored or transferred lab whose name is taken there:
 * "Slides (restored)", then "Slides (restored 2)", ... cut so the result still fits.
 */
export const suffixedName = (name: string, label: string, attempt: number): string => {
  const suffix = attempt <= 1 ? ` (${label})` : ` (${label} ${attempt})`
  return name.slice(0, LAB_NAME_MAX - suffix.length) + suffix
}

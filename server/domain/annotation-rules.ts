// The checks of what a slide's annotations and labels carry. Who may do what with them is the
// contract's permission matrix (src/contract/permissions.ts), re-exported for the server's services.
import { ANNOTATION_LIMITS, LABEL_DEFAULT_COLOR, LABEL_DEFAULT_TYPE } from "../../src/contract/annotations.ts"

export { type AnnotationAction, annotationRefusal, isMember } from "../../src/contract/permissions.ts"

type Checked<A> = { readonly ok: true; readonly value: A } | { readonly ok: false; readonly error: string }

const HEX = /^#[0-9a-fA-F]{6}$/

/** A label's colour as stored: "#RRGGBB"; none given is yellow, an empty one white. */
export const labelColor = (color: string | undefined): Checked<string> => {
  if (color === undefined) return { ok: true, value: LABEL_DEFAULT_COLOR }
  const trimmed = color.trim()
  if (trimmed === "") return { ok: true, value: "#FFFFFF" }
  return HEX.test(trimmed) ? { ok: true, value: trimmed.toUpperCase() } : { ok: false, error: "Give a colour as #RRGGBB, e.g. #FFFF00." }
}

export const labelName = (name: string): Checked<string> => {
  const trimmed = name.trim()
  if (trimmed === "") return { ok: false, error: "This field is required." }
  if (trimmed.length > ANNOTATION_LIMITS.labelName)
    return { ok: false, error: `Ensure this field has no more than ${ANNOTATION_LIMITS.labelName} characters.` }
  return { ok: true, value: trimmed }
}

export const labelType = (type: string | undefined): Checked<string> => {
  const trimmed = (type ?? "").trim()
  if (trimmed === "") return { ok: true, value: LABEL_DEFAULT_TYPE }
  if (trimmed.length > ANNOTATION_LIMITS.labelType)
    return { ok: false, error: `Ensure this field has no more than ${ANNOTATION_LIMITS.labelType} characters.` }
  return { ok: true, value: trimmed }
}

/** An edit must start from the version it read. */
export const isStale = (current: number, sent: number): boolean => sent !== current

// Who may do what with a slide's annotations and labels, and the checks of what they send. Pure:
// the services ask these after LabAccess has found the lab and the asker's standing on it.
//
//   action                 owner  admin  reviewer          stranger/guest on a public slide   others
//   read annotations       yes    yes    yes               yes (read-only)                    hidden (404; 401 to a guest)
//   create annotations     yes    yes    yes               403                                hidden
//   edit/delete annotation yes    yes    own only (403)    403                                hidden
//   create a label         yes    yes    yes               403                                hidden
//   edit/delete a label    yes    yes    403               403                                hidden
//   slide viewers          yes    yes    yes               403                                hidden
//
// Reviewers may create labels so that they can tag what they draw with a class nobody made yet
// (the SPA's "uncategorized"); renaming, recolouring or deleting one changes everyone's annotations,
// so that stays with owner and admin.
import { ANNOTATION_LIMITS, LABEL_DEFAULT_COLOR, LABEL_DEFAULT_TYPE } from "../../src/contract/annotations.ts"
import { refusal, type Standing } from "./permissions.ts"

export type AnnotationAction =
  | "annotation.view"
  | "annotation.create"
  | "annotation.edit" // also delete
  | "label.create"
  | "label.edit" // also delete
  | "viewers"

const members: ReadonlyArray<Standing> = ["owner", "admin", "reviewer"]
const editors: ReadonlyArray<Standing> = ["owner", "admin"]

/**
 * Whether the asker is one of the slide's people (owner, admin, reviewer). Everyone else who reads a
 * public slide (a guest, a signed-in stranger) sees annotators by name only, never their email.
 */
export const isMember = (standing: Standing): boolean => members.includes(standing)

/**
 * Why the action is refused, if it is: "hidden" (the slide is not visible: 404, or 401 to a guest),
 * "forbidden" (403). `ownsTarget`: the annotation being edited is the asker's own.
 */
export const annotationRefusal = (
  standing: Standing,
  isPublic: boolean,
  action: AnnotationAction,
  ownsTarget = false
): "hidden" | "forbidden" | undefined => {
  if (refusal(standing, "lab.view", isPublic) === "hidden") return "hidden"
  switch (action) {
    case "annotation.view":
      return undefined
    case "annotation.create":
    case "label.create":
    case "viewers":
      return members.includes(standing) ? undefined : "forbidden"
    case "annotation.edit":
      return editors.includes(standing) || (standing === "reviewer" && ownsTarget) ? undefined : "forbidden"
    case "label.edit":
      return editors.includes(standing) ? undefined : "forbidden"
  }
}

type Checked<A> = { readonly ok: true; readonly value: A } | { readonly ok: false; readonly error: string }

const HEX = /^#[0-9a-fA-F]{6}$/

/** A label's colour as stored: "#RRGGBB"; none given is yellow, an empty one white (spec section 3). */
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

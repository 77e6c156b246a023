// Renders the contract's rule keys ("validation.required") as the English messages a 400 carries,
// and folds schema issues into the spec's field lists. Shared: the server answers a refused request
// with these, and the SPA's client (src/effects/call.ts) refuses input it would not send with the same.
import { validation } from "../i18n/en/validation.ts"
import { type FieldErrors, type FieldName, fieldNames } from "./errors.ts"

export const render = (key: string): string => {
  if (key === "Missing key") return validation.required
  const name = key.startsWith("validation.") ? key.slice("validation.".length) : ""
  return name in validation ? validation[name as keyof typeof validation] : validation.invalid
}

const isField = (f: string): f is FieldName => (fieldNames as ReadonlyArray<string>).includes(f)

export interface Issue {
  readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }> | undefined
  readonly message: string
}

const keyOf = (part: PropertyKey | { readonly key: PropertyKey }): string =>
  String(typeof part === "object" && part !== null ? part.key : part)

/**
 * The issues as the spec's field lists, under their top-level field. A rule that failed deeper in
 * (an element of a list, a key of a nested object) says where, from the field down:
 * `data.0.data.target.source: This field is required.`, not only which top-level key held it.
 */
export const fieldErrorsOf = (issues: ReadonlyArray<Issue>): FieldErrors => {
  const out: Record<string, string[]> = {}
  for (const { path, message } of issues) {
    const parts = (path ?? []).map(keyOf)
    const head = parts[0] ?? "non_field_errors"
    const field = isField(head) ? head : "non_field_errors"
    const nested = parts.length > 1 || (parts.length === 1 && field !== head)
    const text = nested ? `${parts.join(".")}: ${render(message)}` : render(message)
    const list = out[field] ?? []
    if (!list.includes(text)) list.push(text)
    out[field] = list
  }
  // An empty field fails its format rules too; "required" alone says what to do.
  const required = render("validation.required")
  for (const [field, list] of Object.entries(out)) if (list.includes(required)) out[field] = [required]
  return out as FieldErrors
}

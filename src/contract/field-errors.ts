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

export const fieldErrorsOf = (issues: ReadonlyArray<Issue>): FieldErrors => {
  const out: Record<string, string[]> = {}
  for (const { path, message } of issues) {
    const first = path?.[0]
    const head = String(typeof first === "object" && first !== null ? first.key : (first ?? "non_field_errors"))
    const field = isField(head) ? head : "non_field_errors"
    const text = render(message)
    const list = out[field] ?? []
    if (!list.includes(text)) list.push(text)
    out[field] = list
  }
  // An empty field fails its format rules too; "required" alone says what to do.
  const required = render("validation.required")
  for (const [field, list] of Object.entries(out)) if (list.includes(required)) out[field] = [required]
  return out as FieldErrors
}

// Client-side checks with the contract's own Schemas (src/contract/rules.ts), so the SPA rejects
// exactly what the server would, with the same message keys, before anything is sent.
import { Exit, Schema, SchemaIssue } from "effect"
import type { FieldNotices, Notice } from "../../effects/Notice.ts"

const format = SchemaIssue.makeFormatterStandardSchemaV1()

/**
 * A rule message is already an i18n key. Schema's own messages are not: a missing value reads as
 * "required" and anything else ("Expected string") as "invalid", as the server reports them.
 */
const toNotice = (message: string): Notice => ({
  key: message.startsWith("validation.") ? message : message === "Missing key" ? "validation.required" : "validation.invalid"
})

/** Every failing field with its messages, or null when the values pass. */
export const validate = <A>(schema: Schema.Decoder<A>, values: unknown): FieldNotices | null => {
  const exit = Schema.decodeUnknownExit(schema)(values, { errors: "all" })
  if (Exit.isSuccess(exit)) return null
  const error = exit.cause.reasons.find((reason) => reason._tag === "Fail")?.error
  if (!(error instanceof Schema.SchemaError)) return { non_field_errors: [{ key: "validation.invalid" }] }
  const fields: Record<string, Array<Notice>> = {}
  for (const issue of format(error.issue).issues) {
    const head = issue.path?.[0]
    const field = String(typeof head === "object" && head !== null ? head.key : (head ?? "non_field_errors"))
    const notice = toNotice(issue.message)
    const list = fields[field] ?? []
    if (!list.some((n) => "key" in n && "key" in notice && n.key === notice.key)) list.push(notice)
    fields[field] = list
  }
  return fields
}

/** Checks one value against a field rule, reporting under that field's name. */
export const validateField = <A>(schema: Schema.Decoder<A>, field: string, value: unknown): FieldNotices | null => {
  const errors = validate(schema, value)
  return errors === null ? null : { [field]: Object.values(errors).flat() }
}

// The ids annotations and labels are named by in /v2 (src/contract/annotations.ts re-exports them).
import { Schema } from "effect"
import { Text } from "./rules.ts"

/** A client-chosen UUID: a retried upload creates nothing twice. */
export const AnnotationId = Schema.String.check(
  Schema.makeFilter(
    (s: string) => /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/.test(s) || "validation.invalid"
  )
)
export const LabelId = Text(64)

// Where an imported annotation came from (W3C `creator` and `created`), kept as the file said.
import { Schema } from "effect"
import { Text } from "./rules.ts"

/**
 * Who drew an imported annotation (W3C `creator`, an Agent): kept as the file said, shown as
 * "imported, drawn by …". Never set by the server; the author column is who stored it here.
 */
export const Creator = Schema.Struct({
  type: Schema.optionalKey(Text(50)),
  name: Schema.optionalKey(Text(200)),
  id: Schema.optionalKey(Text(2000))
})
export type Creator = typeof Creator.Type

/** An ISO 8601 date or date-time (W3C `created`), e.g. 2024-05-01T10:00:00Z. */
export const IsoDateTime = Text(40).check(
  Schema.makeFilter(
    (s: string) =>
      (/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(s) && !Number.isNaN(Date.parse(s))) ||
      "validation.invalid"
  )
)

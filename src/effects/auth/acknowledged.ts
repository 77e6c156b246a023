// Answers that only confirm: the contract sends `data: null`, and a server following the spec may
// send anything there, so nothing is read from it.
import { Schema } from "effect"
import { Ok } from "../../contract/envelope.ts"

export const Acknowledged = Ok(Schema.Unknown)

export type { Locale } from "../../contract/auth.ts"

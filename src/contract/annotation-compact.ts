// The query of the compact read (GET /v2/labs/{labId}/annotations/compact/, src/annotation/compact.ts).
import { Schema } from "effect"
import { IsoDateTime } from "./annotation-provenance.ts"

/**
 * The compact read whole, or its header alone (`parts=header`: no vertices), or only the shapes
 * created at or after a time (`created_since`: an upload's or an analysis batch's shapes, heard of
 * in a message too small to carry them).
 */
export const CompactQuery = { parts: Schema.optional(Schema.Literal("header")), created_since: Schema.optional(IsoDateTime) }

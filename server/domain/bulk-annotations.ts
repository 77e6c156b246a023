// A bulk upload's body made ready to store: its JSON text decoded against the contract
// (CreateAnnotationsPayload), every shape checked against the slide's labels, and each annotation's
// canonical stored JSON and derived columns computed. Pure and synchronous: a large body runs it on
// the bulk worker thread (server/services/annotations/BulkParser.ts), so the 100 ms an 8 MB upload takes never
// holds the event loop; a small one (the SPA saves each finished shape) runs it in place.
import { Schema, SchemaIssue } from "effect"
import { CreateAnnotationsPayload } from "../../src/contract/annotations.ts"
import type { FieldErrors } from "../../src/contract/errors.ts"
import type { BBox } from "../../src/annotation/geometry.ts"
import { canonicalData, checkNewAnnotations, derivedColumns, type LabelFacts } from "./annotation-data.ts"
import { fieldErrorsOf } from "./field-errors.ts"

/** One annotation of a bulk upload, ready to store: what the transaction then only writes. */
export interface PreparedAnnotation {
  readonly id: string
  readonly label: LabelFacts
  /** The canonical W3C annotation as stored and answered (JSON text). */
  readonly json: string
  readonly visible: boolean
  readonly bbox: BBox
  readonly derived: ReturnType<typeof derivedColumns>
}

/** Ready to store, or the 400's field lists. */
export type BulkPrepared =
  | { readonly ok: true; readonly prepared: ReadonlyArray<PreparedAnnotation> }
  | { readonly ok: false; readonly fields: FieldErrors }

const decode = Schema.decodeUnknownExit(CreateAnnotationsPayload)
const format = SchemaIssue.makeFormatterStandardSchemaV1()

export const labelMap = (rows: ReadonlyArray<LabelFacts>): ReadonlyMap<string, LabelFacts> =>
  new Map(rows.map((row) => [row.id, { id: row.id, name: row.name, color: row.color }]))

export const prepareBulk = (body: Uint8Array, labelRows: ReadonlyArray<LabelFacts>): BulkPrepared => {
  let json: unknown
  try {
    json = JSON.parse(new TextDecoder().decode(body))
  } catch {
    return { ok: false, fields: { non_field_errors: ["The body is not valid JSON."] } }
  }
  const decoded = decode(json)
  if (decoded._tag === "Failure") {
    const issue = decoded.cause.reasons.find((reason) => reason._tag === "Fail")
    return { ok: false, fields: issue ? fieldErrorsOf(format(issue.error.issue).issues) : { non_field_errors: ["Invalid body."] } }
  }
  const items = decoded.value.data
  const labels = labelMap(labelRows)
  const checked = checkNewAnnotations(items, labels)
  if (!checked.ok) return { ok: false, fields: { data: checked.errors } }
  const prepared = items.map((item, index): PreparedAnnotation => {
    const id = item.id.toLowerCase()
    const shape = checked.value[index]!
    const label = labels.get(shape.labelId)!
    const data = canonicalData(id, item.data, label, shape.geometry)
    return {
      id,
      label,
      json: JSON.stringify(data),
      visible: item.visible ?? true,
      bbox: shape.bbox,
      derived: derivedColumns(shape.geometry, data)
    }
  })
  return { ok: true, prepared }
}

/** Whether every label the prepared annotations use is as it was when they were prepared. */
export const sameLabels = (now: ReadonlyMap<string, LabelFacts>, prepared: ReadonlyArray<PreparedAnnotation>): boolean =>
  prepared.every((p) => {
    const b = now.get(p.label.id)
    return b !== undefined && p.label.name === b.name && p.label.color === b.color
  })

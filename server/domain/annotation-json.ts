// One annotation as the contract's Annotation, already as JSON text: a bulk create answers with
// thousands, whose `data` is the canonical JSON it has just stored; splicing that text in is what
// keeps the answer from parsing and stringifying every shape again.
import type { Annotation } from "../../src/contract/annotations.ts"

/** JSON text of one `Annotation` (src/contract/annotations.ts). */
export type AnnotationJson = string & { readonly __annotationJson: unique symbol }

/** The annotation's text from its fields and its `data` as JSON text (the stored canonical form). */
export const annotationJson = (fields: Omit<Annotation, "data">, dataJson: string): AnnotationJson => {
  const rest = JSON.stringify(fields)
  return `${rest.slice(0, -1)},"data":${dataJson}}` as AnnotationJson
}

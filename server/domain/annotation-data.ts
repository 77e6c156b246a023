// What the server makes of an annotation's W3C body: its checked shape (refusals say which
// annotation and why, for the 400's `data` list), its canonical form, and the realtime message parts.
// Pure; the services read and write the rows.
import { ANNOTATION_LIMITS, type NewAnnotation, type Selector, type WebAnnotation } from "../../src/contract/annotations.ts"
import type { AnnotationChange } from "../../src/contract/realtime.ts"
import { float64Bytes } from "../../src/annotation/compact.ts"
import { type BBox, bboxOf, flatten, type Geometry, parseSelector, toSelector } from "../../src/annotation/geometry.ts"
import { hasProps, propsOf } from "../../src/annotation/props.ts"

export interface LabelFacts {
  readonly id: string
  readonly name: string
  readonly color: string
}

/** A checked annotation, ready to store. */
export interface Shape {
  readonly labelId: string
  readonly bbox: BBox
  readonly geometry: Geometry
}

type Checked<A> = { readonly ok: true; readonly value: A } | { readonly ok: false; readonly errors: ReadonlyArray<string> }

/** At most this many refusals are listed; a 5,000-shape upload of bad shapes needs only the first few. */
const ERRORS_LISTED = 20

const checkOne = (data: WebAnnotation, labels: ReadonlyMap<string, LabelFacts>, where: string): Checked<Shape> => {
  const labelId = data.body[0].label.id
  if (!labels.has(labelId)) return { ok: false, errors: [`${where}: label ${labelId} is not a label of this slide.`] }
  const parsed = parseSelector(data.target.selector)
  if (!parsed.ok) return { ok: false, errors: [`${where}: the selector ${parsed.error}.`] }
  return { ok: true, value: { labelId, bbox: bboxOf(parsed.geometry), geometry: parsed.geometry } }
}

/** One edited annotation's shape, or why it is refused. */
export const checkAnnotation = (data: WebAnnotation, labels: ReadonlyMap<string, LabelFacts>): Checked<Shape> =>
  checkOne(data, labels, "The annotation")

/** A bulk upload's shapes in order, or every refusal (up to ERRORS_LISTED). */
export const checkNewAnnotations = (
  items: ReadonlyArray<NewAnnotation>,
  labels: ReadonlyMap<string, LabelFacts>
): Checked<ReadonlyArray<Shape>> => {
  if (items.length === 0) return { ok: false, errors: ["Send at least one annotation."] }
  if (items.length > ANNOTATION_LIMITS.perPost)
    return { ok: false, errors: [`Send at most ${ANNOTATION_LIMITS.perPost} annotations at once; this list has ${items.length}.`] }
  const errors: string[] = []
  const shapes: Shape[] = []
  const seen = new Set<string>()
  for (const [index, item] of items.entries()) {
    if (errors.length >= ERRORS_LISTED) break
    const where = `Annotation ${index} (${item.id})`
    const id = item.id.toLowerCase()
    if (seen.has(id)) {
      errors.push(`${where}: this id is in the list twice.`)
      continue
    }
    seen.add(id)
    const checked = checkOne(item.data, labels, where)
    if (checked.ok) shapes.push(checked.value)
    else errors.push(...checked.errors)
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value: shapes }
}

/**
 * What is stored beside the W3C `data` so the compact read never parses it: the kind, the vertices
 * as little-endian Float64 bytes (src/annotation/compact.ts), the comments (a JSON list, null when
 * there are none), the lock, and the name, description, lock, creator and created as one JSON object
 * (src/annotation/props.ts; null when it has none). Written with `data` in the same statement;
 * migrations 0016 and 0027 filled in older rows.
 */
export const derivedColumns = (geometry: Geometry, data: WebAnnotation) => {
  const comments = data.body.slice(1).flatMap((body) => (body.purpose === "commenting" ? [body.value] : []))
  const props = propsOf(data)
  return {
    kind: geometry.kind,
    coords: float64Bytes(flatten(geometry)),
    comments: comments.length === 0 ? null : JSON.stringify(comments),
    locked: data.locked === true ? 1 : 0,
    props: hasProps(props) ? JSON.stringify(props) : null
  }
}

/**
 * The selector the server stores and answers: written anew from the parsed shape (toSelector), never
 * the client's text, so nothing else sent inside an SVG (an onload handler, a javascript: link, any
 * attribute or element the parser let by) is kept. A rectangle names the media-fragments spec only
 * if its sender did.
 */
export const canonicalSelector = (sent: Selector, geometry: Geometry): Selector => {
  const rebuilt = toSelector(geometry)
  if (rebuilt.type !== "FragmentSelector" || (sent.type === "FragmentSelector" && sent.conformsTo !== undefined)) return rebuilt
  return { type: "FragmentSelector", value: rebuilt.value }
}

type Body = WebAnnotation["body"][number]

const canonicalBody = (body: Body): Body =>
  body.purpose === "commenting"
    ? { type: "TextualBody", purpose: "commenting", value: body.value }
    : { type: "TextualBody", purpose: "tagging", value: body.value, label: { id: body.label.id } }

/**
 * The annotation-level keys kept as sent: name and description trimmed (empty ones dropped), the
 * lock only when set, an imported creator and creation time only when the file had them.
 */
const ownKeys = (data: WebAnnotation): Partial<WebAnnotation> => {
  const name = data.name?.trim()
  const description = data.description?.trim()
  return {
    ...(name ? { name } : {}),
    ...(description ? { description } : {}),
    ...(data.locked === true ? { locked: true } : {}),
    ...(data.creator && (data.creator.name || data.creator.id) ? { creator: data.creator } : {}),
    ...(data.created ? { created: data.created } : {})
  }
}

const withLabel = (id: string, data: WebAnnotation, label: LabelFacts, selector: Selector): WebAnnotation => ({
  "@context": "http://www.w3.org/ns/anno.jsonld",
  id,
  type: "Annotation",
  body: [
    {
      type: "TextualBody",
      purpose: "tagging",
      value: label.name,
      label: { id: label.id, name: label.name, color: label.color }
    },
    ...data.body.slice(1).map(canonicalBody)
  ],
  target: { source: data.target.source, selector },
  ...ownKeys(data)
})

/**
 * The annotation as stored and answered: its id set, keys in one order, the selector written from
 * its checked shape (canonicalSelector), and the first body entry filled in from the label.
 */
export const canonicalData = (id: string, data: WebAnnotation, label: LabelFacts, geometry: Geometry): WebAnnotation =>
  withLabel(id, data, label, canonicalSelector(data.target.selector, geometry))

/**
 * A stored annotation as answered: its selector as stored (written by canonicalData; migration 0018
 * rewrote older rows), its first body entry from the label as it is now, so a renamed or recoloured
 * label shows everywhere at once.
 */
export const storedData = (id: string, data: WebAnnotation, label: LabelFacts): WebAnnotation =>
  withLabel(id, data, label, data.target.selector)

const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value))

interface ChangeFacts {
  readonly id: string
  readonly version: number
  readonly visible: boolean
}

const changeWith = (annotation: ChangeFacts, label: LabelFacts, data: WebAnnotation | null): AnnotationChange => ({
  id: annotation.id,
  version: annotation.version,
  visible: annotation.visible,
  label_id: label.id,
  color: label.color,
  data
})

/** A change as a message carries it; the shape itself only if it fits within `budget` bytes. */
export const changeOf = (
  annotation: ChangeFacts & { readonly data: WebAnnotation },
  label: LabelFacts,
  budget: number = ANNOTATION_LIMITS.messageBytes
): AnnotationChange => changeWith(annotation, label, bytes(annotation.data) <= budget ? annotation.data : null)

/** The same from the annotation's stored JSON text, parsed only when it fits (a bulk create has the text). */
export const changeOfStored = (
  annotation: ChangeFacts & { readonly json: string },
  label: LabelFacts,
  budget: number = ANNOTATION_LIMITS.messageBytes
): AnnotationChange =>
  changeWith(annotation, label, Buffer.byteLength(annotation.json) <= budget ? (JSON.parse(annotation.json) as WebAnnotation) : null)

/**
 * The changes a bulk create's message carries: those that fit, in order, within `budget` bytes
 * together. The message says how many were created, so clients fetch the list when some are missing.
 */
export const fitChanges = (
  /** Taken in order until the budget is full: a lazy sequence is not computed further. */
  changes: Iterable<AnnotationChange>,
  budget: number = ANNOTATION_LIMITS.messageBytes
): ReadonlyArray<AnnotationChange> => {
  const out: AnnotationChange[] = []
  let used = 2
  for (const change of changes) {
    const size = bytes(change) + 1
    if (used + size > budget) break
    out.push(change)
    used += size
  }
  return out
}

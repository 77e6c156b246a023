// W3C Web Annotation collections (https://www.w3.org/TR/annotation-model/#collections): our
// annotations are already W3C annotations, so export wraps them in an AnnotationCollection with its
// first AnnotationPage, and import unwraps a collection, a page, a list or one annotation, checks each
// against the contract's schema and the shape limits, and ties its tag to one of the slide's labels.
import { Schema } from "effect"
import { type NewAnnotation, WebAnnotation } from "../../contract/annotations.ts"
import {
  type AnnotationRecord,
  commentsOf,
  geometryOf,
  type ImportNote,
  type Imported,
  type LabelInfo,
  labelNamed,
  labelOfAnnotation,
  newUuid,
  ownKeysFrom,
  buildAnnotation,
  UNCATEGORIZED,
  uuidOf
} from "./common.ts"

export const ANNO_CONTEXT = "http://www.w3.org/ns/anno.jsonld"

export interface AnnotationPage {
  readonly type: "AnnotationPage"
  readonly startIndex: number
  readonly items: ReadonlyArray<WebAnnotation>
}

export interface AnnotationCollection {
  readonly "@context": typeof ANNO_CONTEXT
  readonly type: "AnnotationCollection"
  readonly id?: string
  readonly label?: string
  readonly total: number
  readonly first: AnnotationPage
}

/** Our annotations as one collection with one page; ids as urn:uuid IRIs, labels filled in. */
export const toW3C = (
  annotations: ReadonlyArray<AnnotationRecord>,
  options: { readonly id?: string; readonly label?: string; readonly labels?: ReadonlyArray<LabelInfo> } = {}
): AnnotationCollection => {
  const items = annotations.map((a): WebAnnotation => {
    const label = labelOfAnnotation(a.data, options.labels)
    const [, ...rest] = a.data.body
    return {
      id: `urn:uuid:${a.id}`,
      type: "Annotation",
      body: [
        { type: "TextualBody", purpose: "tagging", value: label.name, label: { id: label.id, name: label.name, color: label.color } },
        ...rest
      ],
      target: a.data.target,
      ...ownKeysFrom(a.data)
    }
  })
  return {
    "@context": ANNO_CONTEXT,
    type: "AnnotationCollection",
    ...(options.id === undefined ? {} : { id: options.id }),
    ...(options.label === undefined ? {} : { label: options.label }),
    total: items.length,
    first: { type: "AnnotationPage", startIndex: 0, items }
  }
}

type Json = Record<string, unknown>
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v)

const itemsOf = (json: unknown): unknown[] | string => {
  if (Array.isArray(json)) return json
  if (!isObject(json)) return "not a W3C annotation collection"
  if (json.type === "AnnotationCollection") {
    if (isObject(json.first)) return itemsOf(json.first)
    return "the collection's first page is not in the file"
  }
  if (json.type === "AnnotationPage") return Array.isArray(json.items) ? json.items : "the page has no items"
  if (json.type === "Annotation") return [json]
  return "not a W3C annotation collection"
}

const bodiesOf = (item: Json): Array<unknown> => (Array.isArray(item.body) ? item.body : isObject(item.body) ? [item.body] : [])

const tagOf = (bodies: ReadonlyArray<unknown>): number =>
  bodies.findIndex((b) => isObject(b) && b.purpose === "tagging" && typeof b.value === "string")

/**
 * The labels a W3C file needs: its tags' names, once each whatever their case, and "uncategorized"
 * for items with no tag (they come in unlabelled, as QuPath's unclassified objects do).
 */
export const w3cTagNames = (json: unknown): Array<string> => {
  const items = itemsOf(json)
  const names = new Map<string, string>()
  for (const item of typeof items === "string" ? [] : items) {
    if (!isObject(item)) continue
    const bodies = bodiesOf(item)
    const tag = tagOf(bodies)
    const name = tag < 0 ? UNCATEGORIZED : String((bodies[tag] as Json).value)
    if (!names.has(name.toLowerCase())) names.set(name.toLowerCase(), name)
  }
  return [...names.values()]
}

/**
 * Annotorious and others write one body as an object, and tags without our label object; an item
 * with no tag at all is given the slide's "uncategorized" label, ahead of its comments.
 */
const normalised = (item: Json, labels: ReadonlyArray<LabelInfo>): Json => {
  const bodies = bodiesOf(item)
  const tagIndex = tagOf(bodies)
  if (tagIndex < 0) {
    const unlabelled = labelNamed(labels, UNCATEGORIZED)
    if (unlabelled === undefined) return { ...item, body: bodies }
    return { ...item, body: [{ type: "TextualBody", purpose: "tagging", value: unlabelled.name, label: { id: unlabelled.id } }, ...bodies] }
  }
  const tag = bodies[tagIndex] as Json
  const byId = isObject(tag.label) && typeof tag.label.id === "string" ? labels.find((l) => l.id === (tag.label as Json).id) : undefined
  const byName = typeof tag.value === "string" ? labelNamed(labels, tag.value) : undefined
  const label = byId ?? byName
  const first = label ? { type: "TextualBody", purpose: "tagging", value: label.name, label: { id: label.id } } : tag
  return { ...item, body: [first, ...bodies.filter((_, i) => i !== tagIndex)] }
}

const decode = Schema.decodeUnknownExit(WebAnnotation)

/** One item as an annotation to POST, or why it is skipped. */
const readItem = (
  raw: unknown,
  options: { readonly labels: ReadonlyArray<LabelInfo>; readonly source?: string; readonly newId?: () => string }
): NewAnnotation | string => {
  if (!isObject(raw)) return "it is not an annotation"
  // creator and created are read on their own (an IRI creator, a loose date): never a reason to skip.
  const { creator: _creator, created: _created, ...rest } = raw
  const decoded = decode(normalised(rest, options.labels))
  if (decoded._tag === "Failure") return "it is not an annotation with a tag and a selector"
  const data = decoded.value
  const label = options.labels.find((l) => l.id === data.body[0].label.id)
  if (!label) return `the slide has no label ${data.body[0].value}`
  const geometry = geometryOf(data)
  if (!geometry) return "its selector is not one of our shapes"
  const built = buildAnnotation(geometry, label, options.source ?? data.target.source, commentsOf(data))
  if (typeof built === "string") return built
  // Keep the file's own selector text: it parsed, and rewriting it could change its numbers' form.
  return {
    id: uuidOf(raw.id) ?? (options.newId ?? newUuid)(),
    data: { ...built, target: { ...built.target, selector: data.target.selector }, ...ownKeysFrom(raw) }
  }
}

/**
 * A W3C file as annotations to POST. A tag is matched to the slide's labels by label id, else by its
 * value as a label name; items whose tag matches none are skipped (create the labels first).
 */
export const fromW3C = (
  json: unknown,
  options: { readonly labels: ReadonlyArray<LabelInfo>; readonly source?: string; readonly newId?: () => string }
): Imported => {
  const items = itemsOf(json)
  if (typeof items === "string") return { annotations: [], skipped: [{ index: 0, reason: items }], warnings: [] }
  const annotations: NewAnnotation[] = []
  const skipped: ImportNote[] = []
  for (const [index, raw] of items.entries()) {
    const read = readItem(raw, options)
    if (typeof read === "string") skipped.push({ index, reason: read })
    else annotations.push(read)
  }
  return { annotations, skipped, warnings: [] }
}

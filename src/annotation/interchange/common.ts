// What both converters share: the annotation as our API holds it, a slide's labels, colours, and the
// W3C annotation built from a shape.
import { ANNOTATION_LIMITS, LABEL_DEFAULT_COLOR, type NewAnnotation, type WebAnnotation } from "../../contract/annotations.ts"
import { type Geometry, parseSelector, toSelector } from "../geometry.ts"

/** An annotation as GET .../v2/annotations/ answers it (only what the converters read). */
export interface AnnotationRecord {
  readonly id: string
  readonly data: WebAnnotation
  readonly visible?: boolean
}

/** A slide's label, as GET /v2/labs/label-slide/ answers it. */
export interface LabelInfo {
  readonly id: string
  readonly name: string
  /** "#RRGGBB". */
  readonly color: string
}

export type Rgb = readonly [r: number, g: number, b: number]

/** Something an import passed over or changed, by its place in the file. */
export interface ImportNote {
  readonly index: number
  readonly reason: string
}

export interface Imported {
  readonly annotations: ReadonlyArray<NewAnnotation>
  /** Items not imported, and why. */
  readonly skipped: ReadonlyArray<ImportNote>
  /** Items imported with a change (holes dropped, a multi-polygon split). */
  readonly warnings: ReadonlyArray<ImportNote>
}

/** The label name QuPath and our SPA use for annotations without a class. */
export const UNCATEGORIZED = "uncategorized"

const UUID = /^(?:urn:uuid:)?([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i

/** A uuid from an id as files write it (bare or urn:uuid:), or undefined. */
export const uuidOf = (id: unknown): string | undefined => (typeof id === "string" ? UUID.exec(id)?.[1]?.toLowerCase() : undefined)

export const newUuid = (): string => globalThis.crypto.randomUUID()

export const hexToRgb = (hex: string): Rgb => {
  const m =
    /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim()) ??
    /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(LABEL_DEFAULT_COLOR)!
  return [Number.parseInt(m[1]!, 16), Number.parseInt(m[2]!, 16), Number.parseInt(m[3]!, 16)]
}

const byte = (n: number) => Math.max(0, Math.min(255, Math.round(n)))

export const rgbToHex = ([r, g, b]: Rgb): string => `#${[r, g, b].map((n) => byte(n).toString(16).padStart(2, "0")).join("")}`.toUpperCase()

/** QuPath's packed colour (a signed 32-bit ARGB integer, e.g. -65536 for red). */
export const unpackRgb = (packed: number): Rgb => [(packed >> 16) & 255, (packed >> 8) & 255, packed & 255]

/** The label an annotation names in its first body entry, completed from the slide's labels. */
export const labelOfAnnotation = (data: WebAnnotation, labels: ReadonlyArray<LabelInfo> = []): LabelInfo => {
  const tag = data.body[0]
  const known = labels.find((l) => l.id === tag.label.id)
  return {
    id: tag.label.id,
    name: known?.name ?? tag.label.name ?? tag.value,
    color: known?.color ?? tag.label.color ?? LABEL_DEFAULT_COLOR
  }
}

/** The slide's label of that name (case-insensitive). */
export const labelNamed = (labels: ReadonlyArray<LabelInfo>, name: string): LabelInfo | undefined =>
  labels.find((l) => l.name.toLowerCase() === name.toLowerCase())

export const commentsOf = (data: WebAnnotation): ReadonlyArray<string> =>
  data.body.flatMap((b) => (b.purpose === "commenting" ? [b.value] : []))

export const geometryOf = (data: WebAnnotation): Geometry | undefined => {
  const parsed = parseSelector(data.target.selector)
  return parsed.ok ? parsed.geometry : undefined
}

/** The W3C annotation of a shape, as our API takes it; the selector checked against the limits. */
export const buildAnnotation = (
  geometry: Geometry,
  label: LabelInfo,
  source: string,
  comments: ReadonlyArray<string> = []
): WebAnnotation | string => {
  const selector = toSelector(geometry)
  const checked = parseSelector(selector)
  if (!checked.ok) return `the shape ${checked.error}`
  return {
    type: "Annotation",
    body: [
      { type: "TextualBody", purpose: "tagging", value: label.name, label: { id: label.id } },
      ...comments.map((value) => ({ type: "TextualBody" as const, purpose: "commenting" as const, value }))
    ],
    target: { source, selector }
  }
}

/** The annotation-level keys a file brings (name, description, lock, creator, created), each checked. */
export type OwnKeys = Pick<WebAnnotation, "name" | "description" | "locked" | "creator" | "created">

const ISO = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/
const text = (v: unknown, max: number): string | undefined =>
  typeof v === "string" && v.trim() !== "" ? v.trim().slice(0, max) : undefined

/**
 * What a file says of an annotation beside its shape, kept only when well formed: a W3C creator
 * may be an IRI (kept as its id) or an Agent {name|nickname, id}; a created time that is no ISO date
 * is dropped rather than refusing the shape. Long texts are cut at the contract's limits.
 */
export const ownKeysFrom = (raw: {
  name?: unknown
  description?: unknown
  locked?: unknown
  creator?: unknown
  created?: unknown
}): OwnKeys => {
  const name = text(raw.name, ANNOTATION_LIMITS.annotationName)
  const description = text(raw.description, ANNOTATION_LIMITS.annotationDescription)
  const c = raw.creator
  const creator =
    typeof c === "string"
      ? text(c, 2000) && { id: text(c, 2000)! }
      : typeof c === "object" && c !== null && !Array.isArray(c)
        ? (() => {
            const o = c as Record<string, unknown>
            const who = text(o.name, 200) ?? text(o.nickname, 200)
            const id = text(o.id, 2000)
            return who || id
              ? {
                  ...(typeof o.type === "string" ? { type: o.type.slice(0, 50) } : {}),
                  ...(who ? { name: who } : {}),
                  ...(id ? { id } : {})
                }
              : undefined
          })()
        : undefined
  const created =
    typeof raw.created === "string" && ISO.test(raw.created) && !Number.isNaN(Date.parse(raw.created)) ? raw.created : undefined
  return {
    ...(name ? { name } : {}),
    ...(description ? { description } : {}),
    ...(raw.locked === true ? { locked: true } : {}),
    ...(creator ? { creator } : {}),
    ...(created ? { created } : {})
  }
}

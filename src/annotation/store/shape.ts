// One annotation as the viewer keeps it: its geometry flattened into one Float64Array of x,y pairs
// in full-resolution image pixels (a rectangle is its four corners), its bounding box, and what the
// renderer and the lists need (label colour, visibility, author, version). Flat arrays, not the
// parsed [x, y] tuples: 100,000 polygons of 32 vertices are 3.2 million tuples (~150 MB of small
// arrays and a long collection) but 25 MB as Float64Arrays.
import {
  ANNOTATION_LIMITS,
  type Annotation,
  type LABEL_DEFAULT_COLOR,
  type Selector,
  type WebAnnotation
} from "../../contract/annotations.ts"
import { type CompactAnnotations, KINDS } from "../compact.ts"
import { type BBox, flatten, type Geometry, parseSelector, toSelector } from "../geometry.ts"
import { type AnnotationProps, hasProps, propsOf } from "../props.ts"
import { pointsOfRing, ringsOf } from "../rings.ts"

export type ShapeKind = Geometry["kind"]

export interface Shape {
  readonly id: string
  readonly kind: ShapeKind
  /** x0, y0, x1, y1, ... in image pixels. */
  readonly coords: Float64Array
  readonly bbox: BBox
  readonly labelId: string
  readonly labelName: string
  /** "#RRGGBB" as the label has it. */
  readonly color: string
  readonly visible: boolean
  /** Absent for a shape not yet stored on the server. */
  readonly author: { readonly id: string; readonly name: string; readonly email: string } | null
  readonly version: number
  /** The comment bodies, in order. */
  readonly comments: ReadonlyArray<string>
  /** Its name, description, lock and imported creator and time (props.ts); absent when it has none. */
  readonly props?: AnnotationProps
  /**
   * Made by an analysis (compact.ts `detection`): locked and read-only. Its props here are the lock
   * alone; its measurements are read with the annotation when it is shown (useDetectionProps).
   */
  readonly detection?: true
}

/** Every detection's props as the compact read gives them: one object shared by a million shapes. */
const DETECTION_PROPS: AnnotationProps = Object.freeze({ locked: true })

export const DEFAULT_COLOR: typeof LABEL_DEFAULT_COLOR = "#FFFF00"

export const bboxOfCoords = (coords: Float64Array): BBox => {
  let minX = Number.POSITIVE_INFINITY
  let minY = Number.POSITIVE_INFINITY
  let maxX = Number.NEGATIVE_INFINITY
  let maxY = Number.NEGATIVE_INFINITY
  for (let i = 0; i < coords.length; i += 2) {
    const x = coords[i]!
    const y = coords[i + 1]!
    if (x < minX) minX = x
    if (x > maxX) maxX = x
    if (y < minY) minY = y
    if (y > maxY) maxY = y
  }
  return { minX, minY, maxX, maxY }
}

const CANONICAL = /^<svg><(polygon|polyline) points='([-+0-9., eE]*)'\/><\/svg>$/

const isSeparator = (c: number) => c === 44 || c === 32 || c === 9 || c === 10 || c === 13

/** "x,y x,y ..." read without a string per number: plain decimals by hand, any other token by Number. */
const readNumbers = (text: string): Float64Array | null => {
  const out: Array<number> = []
  let i = 0
  const end = text.length
  while (i < end) {
    while (i < end && isSeparator(text.charCodeAt(i))) i++
    if (i >= end) break
    const start = i
    let sign = 1
    let c = text.charCodeAt(i)
    if (c === 45 || c === 43) {
      if (c === 45) sign = -1
      i++
    }
    let whole = 0
    let digits = 0
    for (c = text.charCodeAt(i); i < end && c >= 48 && c <= 57; c = text.charCodeAt(++i)) {
      whole = whole * 10 + (c - 48)
      digits++
    }
    let fraction = 0
    let scale = 1
    if (i < end && text.charCodeAt(i) === 46) {
      i++
      for (c = text.charCodeAt(i); i < end && c >= 48 && c <= 57; c = text.charCodeAt(++i)) {
        fraction = fraction * 10 + (c - 48)
        scale *= 10
        digits++
      }
    }
    let value: number
    if (i < end && !isSeparator(text.charCodeAt(i))) {
      // An exponent, or a character this path does not know: the token as Number reads it.
      while (i < end && !isSeparator(text.charCodeAt(i))) i++
      value = Number(text.slice(start, i))
    } else if (digits > 15) value = Number(text.slice(start, i))
    // Both integers are exact below 2^53, so one correctly rounded division gives what Number gives.
    else value = (sign * (whole * scale + fraction)) / scale
    if (digits === 0 || !Number.isFinite(value) || Math.abs(value) > ANNOTATION_LIMITS.coordinate) return null
    out.push(value)
  }
  return Float64Array.from(out)
}

/**
 * The selector as the server writes it back (`<svg><polygon points='x,y x,y'/></svg>`, what
 * toSelector writes) read straight into a Float64Array; anything else, or anything odd in it, is
 * left to parseSelector. 100,000 polygons of 32 vertices: parseSelector and flatten take ~3 s in
 * the browser, this a fraction (numbers in the commit).
 */
const canonical = (selector: Selector): { kind: "polygon" | "polyline"; coords: Float64Array } | null => {
  if (selector.type !== "SvgSelector") return null
  const m = CANONICAL.exec(selector.value)
  if (m === null) return null
  const kind = m[1] as "polygon" | "polyline"
  const coords = readNumbers(m[2]!)
  if (coords === null || coords.length % 2 !== 0) return null
  const n = coords.length / 2
  return n < (kind === "polygon" ? 3 : 2) || n > ANNOTATION_LIMITS.vertices ? null : { kind, coords }
}

type Read = { readonly ok: true; readonly kind: ShapeKind; readonly coords: Float64Array } | { readonly ok: false; readonly error: string }

const readSelector = (selector: Selector): Read => {
  const fast = canonical(selector)
  if (fast !== null) return { ok: true, ...fast }
  const parsed = parseSelector(selector)
  return parsed.ok ? { ok: true, kind: parsed.geometry.kind, coords: flatten(parsed.geometry) } : parsed
}

/** The viewer's shape for an annotation of the contract, or why its selector cannot be drawn. */
export const shapeOf = (
  annotation: Annotation
): { readonly ok: true; readonly shape: Shape } | { readonly ok: false; readonly error: string } => {
  const parsed = readSelector(annotation.data.target.selector)
  if (!parsed.ok) return { ok: false, error: `annotation ${annotation.id}: the selector ${parsed.error}` }
  const [tag, ...rest] = annotation.data.body
  const coords = parsed.coords
  const props = propsOf(annotation.data)
  return {
    ok: true,
    shape: {
      id: annotation.id,
      kind: parsed.kind,
      coords,
      bbox: bboxOfCoords(coords),
      labelId: tag.label.id,
      labelName: tag.label.name ?? tag.value,
      color: tag.label.color || DEFAULT_COLOR,
      visible: annotation.visible,
      author: annotation.user,
      version: annotation.version,
      comments: rest.flatMap((body) => (body.purpose === "commenting" ? [body.value] : [])),
      ...(hasProps(props) ? { props } : {}),
      ...(annotation.detection ? { detection: true as const } : {})
    }
  }
}

const NO_COMMENTS: ReadonlyArray<string> = Object.freeze([])

/**
 * The viewer's shapes from the compact read, in its order: each shape's `coords` is a view of the
 * answer's one Float64Array (no copy, no number parsed) and its box is found in the same pass; the
 * label and author objects are the answer's tables, shared by their shapes.
 */
export const shapesOfCompact = (compact: CompactAnnotations): Array<Shape> => {
  const { coords, labels, authors } = compact
  const props = compact.props ?? {}
  const detection = compact.detection
  const shapes = new Array<Shape>(compact.count)
  let at = 0
  for (let i = 0; i < compact.count; i++) {
    const end = at + compact.vertices[i]! * 2
    let minX = Number.POSITIVE_INFINITY
    let minY = Number.POSITIVE_INFINITY
    let maxX = Number.NEGATIVE_INFINITY
    let maxY = Number.NEGATIVE_INFINITY
    for (let j = at; j < end; j += 2) {
      const x = coords[j]!
      const y = coords[j + 1]!
      if (x < minX) minX = x
      if (x > maxX) maxX = x
      if (y < minY) minY = y
      if (y > maxY) maxY = y
    }
    const label = labels[compact.label[i]!]!
    const id = compact.ids[i]!
    const kind = KINDS[compact.kinds[i]!]!
    const vertices = coords.subarray(at, end)
    const bbox = { minX, minY, maxX, maxY }
    const color = label.color || DEFAULT_COLOR
    const visible = compact.visible[i] === 1
    const author = authors[compact.author[i]!]!
    const version = compact.versions[i]!
    const comments = compact.comments[i] ?? NO_COMMENTS
    // One literal per case, never a spread: a million detections are made in one pass of one shape.
    const own = props[i]
    shapes[i] =
      detection?.[i] === 1
        ? {
            id,
            kind,
            coords: vertices,
            bbox,
            labelId: label.id,
            labelName: label.name,
            color,
            visible,
            author,
            version,
            comments,
            props: DETECTION_PROPS,
            detection: true
          }
        : own === undefined
          ? { id, kind, coords: vertices, bbox, labelId: label.id, labelName: label.name, color, visible, author, version, comments }
          : {
              id,
              kind,
              coords: vertices,
              bbox,
              labelId: label.id,
              labelName: label.name,
              color,
              visible,
              author,
              version,
              comments,
              props: own
            }
    at = end
  }
  return shapes
}

/** The geometry back from a shape, for writing its selector (toSelector). */
export const geometryOf = (shape: Pick<Shape, "kind" | "coords">): Geometry => {
  const { coords } = shape
  if (shape.kind === "rectangle") {
    const { minX, minY, maxX, maxY } = bboxOfCoords(coords)
    return { kind: "rectangle", x: minX, y: minY, w: maxX - minX, h: maxY - minY }
  }
  if (shape.kind === "area") return { kind: "area", rings: ringsOf(coords).map(pointsOfRing) }
  return { kind: shape.kind, points: pointsOfRing(coords) }
}

/**
 * The shape as a W3C Web Annotation (its label by id, name and colour, then its comments, and its
 * name, description, lock, creator and created), for a PUT or POST.
 */
export const webAnnotationOf = (
  shape: Pick<Shape, "kind" | "coords" | "labelId" | "labelName" | "color" | "comments" | "props">,
  source: string
): WebAnnotation => ({
  type: "Annotation",
  body: [
    {
      type: "TextualBody",
      purpose: "tagging",
      value: shape.labelName,
      label: { id: shape.labelId, name: shape.labelName, color: shape.color }
    },
    ...shape.comments.map((value) => ({ type: "TextualBody" as const, purpose: "commenting" as const, value }))
  ],
  target: { source, selector: toSelector(geometryOf(shape)) },
  ...(shape.props === undefined ? {} : propsOf(shape.props))
})

/** The shape with other vertices (its box follows). */
export const withCoords = (shape: Shape, coords: ReadonlyArray<number>): Shape => {
  const flat = Float64Array.from(coords)
  return { ...shape, coords: flat, bbox: bboxOfCoords(flat) }
}

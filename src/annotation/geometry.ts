// The shapes of an annotation's W3C selector, parsed and written back (src/contract/annotations.ts
// lists the forms). Pure and shared: the server validates every selector with parseSelector before it
// stores one, the SPA checks before it sends, and the interchange converters read and write through it.
import { ANNOTATION_LIMITS, type Selector } from "../contract/annotations.ts"
import { joinRings, orientRings, type Ring } from "./rings.ts"

export type Point = readonly [x: number, y: number]

export type Geometry =
  | { readonly kind: "rectangle"; readonly x: number; readonly y: number; readonly w: number; readonly h: number }
  /** A closed ring, its first vertex not repeated at the end. */
  | { readonly kind: "polygon"; readonly points: ReadonlyArray<Point> }
  /** A freehand stroke. */
  | { readonly kind: "polyline"; readonly points: ReadonlyArray<Point> }
  /** One point (a counter, a comment) or several (a multi-point). */
  | { readonly kind: "points"; readonly points: ReadonlyArray<Point> }
  /**
   * Two or more closed rings read even-odd: a polygon with holes, or several polygons (rings.ts).
   * Boundaries wind one way and holes the other (orientRings), whatever the sender wrote.
   */
  | { readonly kind: "area"; readonly rings: ReadonlyArray<ReadonlyArray<Point>> }

export interface Limits {
  readonly vertices: number
  readonly coordinate: number
}

export type Parsed = { readonly ok: true; readonly geometry: Geometry } | { readonly ok: false; readonly error: string }

export interface BBox {
  readonly minX: number
  readonly minY: number
  readonly maxX: number
  readonly maxY: number
}

export const MEDIA_FRAGMENTS = "http://www.w3.org/TR/media-frags/"

// Each part of a number can begin in one place only (the integer digits, then at most one "." and
// its digits), so a failing token is given up in one pass: "\d+\.?\d*" could split a run of digits
// between its two quantifiers every way, and a 160,000-digit token followed by a letter took 27 s.
const NUMBER = /^[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?$/
/**
 * No coordinate needs a longer token: JavaScript writes any double in at most 25 characters
 * ("-0.0000012345678901234567"), Java (QuPath) in about as few. Longer ones are refused before the
 * pattern is tried, so no token costs more than this many characters' work.
 */
export const NUMBER_CHARS = 64
const fail = (error: string): Parsed => ({ ok: false, error })

const number = (text: string): number | undefined => (text.length <= NUMBER_CHARS && NUMBER.test(text) ? Number(text) : undefined)

const checkPoints = (points: ReadonlyArray<Point>, limits: Limits): string | undefined => {
  if (points.length > limits.vertices) return `has ${points.length} vertices; at most ${limits.vertices} are allowed`
  for (const [x, y] of points) {
    if (!Number.isFinite(x) || !Number.isFinite(y)) return "has a coordinate that is not a finite number"
    if (Math.abs(x) > limits.coordinate || Math.abs(y) > limits.coordinate) return `has a coordinate beyond ${limits.coordinate} pixels`
  }
  return undefined
}

/** "x,y x,y ..." (commas and white space in any mix, as SVG allows) as points. */
const pointList = (text: string, limits: Limits): ReadonlyArray<Point> | string => {
  const parts = text.trim().split(/[\s,]+/)
  if (parts.length === 1 && parts[0] === "") return []
  if (parts.length % 2 !== 0) return "has an odd count of coordinates"
  // Refuse before building a huge array of points.
  if (parts.length / 2 > limits.vertices) return `has ${parts.length / 2} vertices; at most ${limits.vertices} are allowed`
  const points: Point[] = []
  for (let i = 0; i < parts.length; i += 2) {
    const x = number(parts[i]!)
    const y = number(parts[i + 1]!)
    if (x === undefined || y === undefined) {
      const long = parts[i]!.length > NUMBER_CHARS || parts[i + 1]!.length > NUMBER_CHARS
      return long ? `has a coordinate longer than ${NUMBER_CHARS} characters` : "has a coordinate that is not a number"
    }
    points.push([x, y])
  }
  return points
}

// Sticky: each attribute is read where the last one ended (ELEMENT has checked the list's form), never
// searched for from every later position, which would try each position of a long name anew.
const ATTRIBUTE = /\s+([a-zA-Z_:][-a-zA-Z0-9_:.]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/gy

const attributes = (text: string): Map<string, string> => {
  const out = new Map<string, string>()
  for (const m of text.matchAll(ATTRIBUTE)) out.set(m[1]!, m[2] ?? m[3] ?? "")
  return out
}

/**
 * One element, self-closed or with an empty closing tag, after any white space. Sticky: read where the
 * last element ended (lastIndex), so a selector of many points is read in one pass, not cut anew after
 * each (8,000 circles took 0.7 s that way). The closing tag's name is compared in code: a back
 * reference in the pattern made each element ten times slower to read.
 */
const ELEMENT =
  /\s*<(polygon|polyline|circle|path|rect|ellipse)((?:\s+[a-zA-Z_:][-a-zA-Z0-9_:.]*\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(?:\/>|>\s*<\/(polygon|polyline|circle|path|rect|ellipse)\s*>)/y
const SPACE_TO_END = /\s*$/y
const SVG = /^\s*<svg((?:\s+[a-zA-Z_:][-a-zA-Z0-9_:.]*\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*>([\s\S]*)<\/svg\s*>\s*$/

const parseSvg = (value: string, limits: Limits): Parsed => {
  const svg = SVG.exec(value)
  if (!svg) return fail("is not an <svg> element")
  const inside = svg[2]!
  const elements: Array<{ name: string; attrs: Map<string, string> }> = []
  for (let at = 0; ; ) {
    SPACE_TO_END.lastIndex = at
    if (SPACE_TO_END.test(inside)) break
    ELEMENT.lastIndex = at
    const m = ELEMENT.exec(inside)
    if (!m || (m[3] !== undefined && m[3] !== m[1]))
      return fail("holds something other than one <polygon>, <polyline>, <path>, <rect>, <ellipse> or <circle>, or <circle> points")
    elements.push({ name: m[1]!, attrs: attributes(m[2] ?? "") })
    if (elements.length > limits.vertices) return fail(`has more than ${limits.vertices} points`)
    at = ELEMENT.lastIndex
  }
  const first = elements[0]
  if (!first) return fail("is an empty <svg>")
  // One circle of some radius is an ellipse (Annotorious' and QuPath's); circles of radius 0 are points.
  const radius = first.name === "circle" && elements.length === 1 ? number(first.attrs.get("r") ?? "0") : 0
  if (radius !== 0) return parseEllipse(first.attrs, limits, "r", "r")
  if (first.name === "circle") {
    if (elements.some((e) => e.name !== "circle")) return fail("mixes points with other shapes")
    const points: Point[] = []
    for (const { attrs } of elements) {
      const x = number(attrs.get("cx") ?? "")
      const y = number(attrs.get("cy") ?? "")
      if (x === undefined || y === undefined) return fail("has a point without numeric cx and cy")
      const r = attrs.get("r")
      if (r !== undefined && number(r) !== 0) return fail("has a circle whose radius is not 0 (points only)")
      points.push([x, y])
    }
    const error = checkPoints(points, limits)
    return error ? fail(error) : { ok: true, geometry: { kind: "points", points } }
  }
  if (elements.length > 1) return fail(`holds more than one <${first.name}>`)
  if (first.name === "path") return parsePath(first.attrs, limits)
  if (first.name === "rect") return parseRect(first.attrs, limits)
  if (first.name === "ellipse") return parseEllipse(first.attrs, limits, "rx", "ry")
  const points = pointList(first.attrs.get("points") ?? "", limits)
  if (typeof points === "string") return fail(points)
  const kind = first.name === "polygon" ? "polygon" : "polyline"
  const least = kind === "polygon" ? 3 : 2
  if (points.length < least) return fail(`needs at least ${least} vertices`)
  const error = checkPoints(points, limits)
  return error ? fail(error) : { ok: true, geometry: { kind, points } }
}

// One token of a path's `d`: a command letter, or a number (each part can begin in one place only, as
// NUMBER above, so a long run of digits is read once), or separators. Sticky: read where the last ended.
const PATH_TOKEN = /[\s,]*(?:([MmLlHhVvZz])|([-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?)|([A-Za-z])|$)/y

/** A path's rings: straight segments only (M, L, H, V and Z, absolute or relative), each subpath closed. */
const pathRings = (d: string, limits: Limits): Array<Array<Point>> | string => {
  const rings: Array<Array<Point>> = []
  let ring: Array<Point> | null = null
  let command = ""
  let x = 0
  let y = 0
  let startX = 0
  let startY = 0
  let vertices = 0
  const numbers: Array<number> = []
  const close = () => {
    if (ring === null) return
    const [fx, fy] = ring[0]!
    const [lx, ly] = ring.at(-1)!
    if (ring.length > 1 && fx === lx && fy === ly) ring.pop()
    rings.push(ring)
    ring = null
  }
  const apply = (): string | undefined => {
    const relative = command === command.toLowerCase()
    const upper = command.toUpperCase()
    const per = upper === "H" || upper === "V" ? 1 : 2
    if (numbers.length < per) return undefined
    const [a, b] = [numbers[0]!, numbers[1] ?? 0]
    numbers.length = 0
    if (upper === "M") {
      close()
      x = relative ? x + a : a
      y = relative ? y + b : b
      startX = x
      startY = y
      ring = [[x, y]]
      // Pairs after a moveto are linetos (SVG 1.1, 8.3.2).
      command = relative ? "l" : "L"
    } else {
      if (ring === null) ring = [[startX, startY]]
      if (upper === "L") {
        x = relative ? x + a : a
        y = relative ? y + b : b
      } else if (upper === "H") x = relative ? x + a : a
      else y = relative ? y + a : a
      ring.push([x, y])
    }
    if (++vertices > limits.vertices) return `has more than ${limits.vertices} vertices`
    return undefined
  }
  PATH_TOKEN.lastIndex = 0
  while (PATH_TOKEN.lastIndex < d.length) {
    const at = PATH_TOKEN.lastIndex
    const m = PATH_TOKEN.exec(d)
    if (m === null || PATH_TOKEN.lastIndex === at) break
    if (m[3] !== undefined) return `has the path command ${m[3]}; only straight segments (M, L, H, V, Z) are read`
    if (m[1] !== undefined) {
      if (numbers.length > 0) return "has a path command with too few numbers"
      if (m[1] === "Z" || m[1] === "z") {
        close()
        x = startX
        y = startY
        command = ""
      } else command = m[1]
      continue
    }
    if (m[2] !== undefined) {
      if (m[2].length > NUMBER_CHARS) return `has a coordinate longer than ${NUMBER_CHARS} characters`
      if (command === "") return "has a number before any path command"
      numbers.push(Number(m[2]))
      const error = apply()
      if (error) return error
    }
  }
  if (PATH_TOKEN.lastIndex < d.length) return "has a path that cannot be read"
  if (numbers.length > 0) return "has a path command with too few numbers"
  close()
  return rings
}

/**
 * A `<path>`: closed rings read even-odd (whatever its fill-rule says: a shape's holes are its holes).
 * One ring is a polygon; more are an area.
 */
const parsePath = (attrs: ReadonlyMap<string, string>, limits: Limits): Parsed => {
  const rings = pathRings(attrs.get("d") ?? "", limits)
  if (typeof rings === "string") return fail(rings)
  if (rings.length === 0) return fail("has a path with no points")
  for (const ring of rings) {
    if (ring.length < 3) return fail("has a path ring of fewer than 3 vertices")
    const error = checkPoints(ring, limits)
    if (error) return fail(error)
  }
  if (rings.length === 1) return { ok: true, geometry: { kind: "polygon", points: rings[0]! } }
  return { ok: true, geometry: { kind: "area", rings: orientRings(rings) } }
}

/** An SVG `<rect>` (Annotorious writes rectangles so in some versions): our rectangle. */
const parseRect = (attrs: ReadonlyMap<string, string>, limits: Limits): Parsed => {
  const [x, y, w, h] = ["x", "y", "width", "height"].map((name) => number(attrs.get(name) ?? (name.length === 1 ? "0" : "")))
  if (x === undefined || y === undefined || w === undefined || h === undefined)
    return fail("has a <rect> without numeric x, y, width and height")
  return rectangle(x, y, w, h, limits)
}

/** A rectangle of positive size within the coordinate limit. */
const rectangle = (x: number, y: number, w: number, h: number, limits: Limits): Parsed => {
  if (!(w > 0 && h > 0)) return fail("has a width or height that is not above 0")
  const error = checkPoints(
    [
      [x, y],
      [x + w, y + h]
    ],
    limits
  )
  return error ? fail(error) : { ok: true, geometry: { kind: "rectangle", x, y, w, h } }
}

/**
 * Vertices an ellipse becomes: a polygon of this many sides differs from the true area by under
 * 0.2 % (1 - sin(2π/n)·n/2π), as QuPath does when it writes an ellipse to GeoJSON.
 */
export const ELLIPSE_VERTICES = 64

/** An `<ellipse>` (or one `<circle>` with a radius): a polygon of ELLIPSE_VERTICES round it. */
const parseEllipse = (attrs: ReadonlyMap<string, string>, limits: Limits, rxName: string, ryName: string): Parsed => {
  const [cx, cy, rx, ry] = [attrs.get("cx") ?? "0", attrs.get("cy") ?? "0", attrs.get(rxName) ?? "", attrs.get(ryName) ?? ""].map(number)
  if (cx === undefined || cy === undefined || rx === undefined || ry === undefined)
    return fail("has an ellipse without numeric centre and radii")
  if (!(rx > 0 && ry > 0)) return fail("has an ellipse whose radius is not above 0")
  const points = ellipsePoints(cx, cy, rx, ry)
  const error = checkPoints(points, limits)
  return error ? fail(error) : { ok: true, geometry: { kind: "polygon", points } }
}

export const ellipsePoints = (cx: number, cy: number, rx: number, ry: number): Array<Point> =>
  Array.from({ length: ELLIPSE_VERTICES }, (_, i) => {
    const angle = (2 * Math.PI * i) / ELLIPSE_VERTICES
    return [cx + rx * Math.cos(angle), cy + ry * Math.sin(angle)] as const
  })

const FRAGMENT = /^xywh=(?:pixel:)?([^,:]+),([^,]+),([^,]+),([^,]+)$/

const parseFragment = (value: string, limits: Limits): Parsed => {
  const m = FRAGMENT.exec(value.trim())
  if (!m) return fail('is not "xywh=pixel:x,y,w,h"')
  const [x, y, w, h] = [m[1]!, m[2]!, m[3]!, m[4]!].map((s) => number(s.trim()))
  if (x === undefined || y === undefined || w === undefined || h === undefined) return fail("has a value that is not a number")
  return rectangle(x, y, w, h, limits)
}

/** The selector's shape, or why it is refused (a phrase that follows "the selector"). */
export const parseSelector = (selector: Selector, limits: Limits = ANNOTATION_LIMITS): Parsed =>
  selector.type === "FragmentSelector" ? parseFragment(selector.value, limits) : parseSvg(selector.value, limits)

/** The shortest text that reads back as the same double; "-0" too (String(-0) is "0"). */
const num = (n: number) => (Object.is(n, -0) ? "-0" : String(n))

const pointsText = (points: ReadonlyArray<Point>) => points.map(([x, y]) => `${num(x)},${num(y)}`).join(" ")

/** "M x,y L x,y x,y Z" for each ring. */
const pathText = (rings: ReadonlyArray<Ring>) =>
  rings
    .map(([first, ...rest]) => `M${num(first![0])},${num(first![1])} L${rest.map(([x, y]) => `${num(x)},${num(y)}`).join(" ")} Z`)
    .join(" ")

/** The selector Annotorious writes for the shape. */
export const toSelector = (geometry: Geometry): Selector => {
  switch (geometry.kind) {
    case "rectangle":
      return {
        type: "FragmentSelector",
        conformsTo: MEDIA_FRAGMENTS,
        value: `xywh=pixel:${num(geometry.x)},${num(geometry.y)},${num(geometry.w)},${num(geometry.h)}`
      }
    case "polygon":
    case "polyline":
      return { type: "SvgSelector", value: `<svg><${geometry.kind} points='${pointsText(geometry.points)}'/></svg>` }
    case "area":
      return { type: "SvgSelector", value: `<svg><path fill-rule='evenodd' d='${pathText(geometry.rings)}'/></svg>` }
    case "points":
      return {
        type: "SvgSelector",
        value: `<svg>${geometry.points.map(([x, y]) => `<circle cx='${num(x)}' cy='${num(y)}' r='0'/>`).join("")}</svg>`
      }
  }
}

export const bboxOf = (geometry: Geometry): BBox => {
  if (geometry.kind === "rectangle") {
    return { minX: geometry.x, minY: geometry.y, maxX: geometry.x + geometry.w, maxY: geometry.y + geometry.h }
  }
  let minX = Number.POSITIVE_INFINITY
  let minY = Number.POSITIVE_INFINITY
  let maxX = Number.NEGATIVE_INFINITY
  let maxY = Number.NEGATIVE_INFINITY
  for (const [x, y] of verticesOf(geometry)) {
    if (x < minX) minX = x
    if (y < minY) minY = y
    if (x > maxX) maxX = x
    if (y > maxY) maxY = y
  }
  return { minX, minY, maxX, maxY }
}

/** Vertices of the shape (a rectangle's four corners, in order; an area's rings one after another). */
export const verticesOf = (geometry: Geometry): ReadonlyArray<Point> => {
  if (geometry.kind === "area") return geometry.rings.flat()
  if (geometry.kind !== "rectangle") return geometry.points
  const { x, y, w, h } = geometry
  return [
    [x, y],
    [x + w, y],
    [x + w, y + h],
    [x, y + h]
  ]
}

/**
 * The vertices as one flat array x0, y0, x1, y1, ... (what the viewer's store and the stored
 * coordinates hold); an area's rings with a NaN pair between each two (rings.ts).
 */
export const flatten = (geometry: Geometry): Float64Array => {
  if (geometry.kind === "area") return joinRings(geometry.rings)
  const vertices = verticesOf(geometry)
  const out = new Float64Array(vertices.length * 2)
  for (let i = 0; i < vertices.length; i++) {
    const [x, y] = vertices[i]!
    out[i * 2] = x
    out[i * 2 + 1] = y
  }
  return out
}

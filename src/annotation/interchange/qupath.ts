// QuPath GeoJSON (File > Export objects as GeoJSON; PathObjectTypeAdapters.java): a FeatureCollection
// of Features, geometry in full-resolution pixels, properties.objectType, properties.classification
// {name, color [r,g,b]} and measurements. Reading accepts the variants QuPath and other exporters
// write: measurements as [{name, value}], colorRGB as a packed integer, isLocked, a bare array of
// features or one feature, detections and cells. Our own extras ride in properties.preparat (the
// rectangle a polygon was, comments), so our export reads back exactly.
import type { NewAnnotation } from "../../contract/annotations.ts"
import type { Geometry, Point } from "../geometry.ts"
import { measure } from "../measure.ts"
import { orientRings, polygonsOf } from "../rings.ts"
import {
  type AnnotationRecord,
  buildAnnotation,
  commentsOf,
  geometryOf,
  hexToRgb,
  type ImportNote,
  type Imported,
  type LabelInfo,
  labelNamed,
  labelOfAnnotation,
  newUuid,
  type OwnKeys,
  ownKeysFrom,
  type Rgb,
  rgbToHex,
  UNCATEGORIZED,
  unpackRgb,
  uuidOf
} from "./common.ts"

export type GeoJsonGeometry =
  | { readonly type: "Polygon"; readonly coordinates: ReadonlyArray<ReadonlyArray<Point>> }
  | { readonly type: "MultiPolygon"; readonly coordinates: ReadonlyArray<ReadonlyArray<ReadonlyArray<Point>>> }
  | { readonly type: "LineString"; readonly coordinates: ReadonlyArray<Point> }
  | { readonly type: "Point"; readonly coordinates: Point }
  | { readonly type: "MultiPoint"; readonly coordinates: ReadonlyArray<Point> }

export interface QuPathFeature {
  readonly type: "Feature"
  readonly id: string
  readonly geometry: GeoJsonGeometry
  readonly properties: {
    readonly objectType: "annotation"
    readonly classification: { readonly name: string; readonly color: Rgb }
    readonly isLocked: boolean
    readonly name?: string
    readonly description?: string
    readonly measurements: Readonly<Record<string, number>>
    readonly preparat?: { readonly shape?: "rectangle"; readonly comments?: ReadonlyArray<string> }
  }
}

export interface QuPathCollection {
  readonly type: "FeatureCollection"
  readonly features: ReadonlyArray<QuPathFeature>
}

/** One shape read from a QuPath file, before it is matched to a slide's labels. */
export interface QuPathShape {
  readonly index: number
  readonly id: string | undefined
  readonly geometry: Geometry
  /** The classification's name; null when unclassified. */
  readonly className: string | null
  readonly color: Rgb | null
  readonly comments: ReadonlyArray<string>
  readonly measurements: Readonly<Record<string, number>>
  readonly isLocked: boolean
  /** QuPath's `name` and the description (read as an annotation's own, not a comment). */
  readonly own: OwnKeys
}

const closeRing = (points: ReadonlyArray<Point>): ReadonlyArray<Point> => (points.length > 0 ? [...points, points[0]!] : [])

const toGeoJson = (geometry: Geometry): GeoJsonGeometry => {
  switch (geometry.kind) {
    case "rectangle": {
      const { x, y, w, h } = geometry
      return {
        type: "Polygon",
        coordinates: [
          closeRing([
            [x, y],
            [x + w, y],
            [x + w, y + h],
            [x, y + h]
          ])
        ]
      }
    }
    case "polygon":
      return { type: "Polygon", coordinates: [closeRing(geometry.points)] }
    case "polyline":
      return { type: "LineString", coordinates: geometry.points }
    case "points":
      return geometry.points.length === 1
        ? { type: "Point", coordinates: geometry.points[0]! }
        : { type: "MultiPoint", coordinates: geometry.points }
    case "area": {
      // GeoJSON (RFC 7946, 3.1.6): each polygon its boundary then its holes, rings closed.
      const polygons = polygonsOf(geometry.rings).map((rings) => rings.map(closeRing))
      return polygons.length === 1 ? { type: "Polygon", coordinates: polygons[0]! } : { type: "MultiPolygon", coordinates: polygons }
    }
  }
}

/** QuPath's measurement names; µm ones only when the slide's microns per pixel is known. */
export const measurementsOf = (geometry: Geometry, mpp?: number | null): Record<string, number> => {
  const m = measure(geometry, mpp)
  const out: Record<string, number> = {}
  if (m.areaPx !== undefined) out["Area px^2"] = m.areaPx
  if (m.perimeterPx !== undefined) out["Perimeter px"] = m.perimeterPx
  if (m.lengthPx !== undefined) out["Length px"] = m.lengthPx
  if (m.count !== undefined) out["Num points"] = m.count
  if (m.areaUm2 !== undefined) out["Area µm^2"] = m.areaUm2
  if (m.perimeterUm !== undefined) out["Perimeter µm"] = m.perimeterUm
  if (m.lengthUm !== undefined) out["Length µm"] = m.lengthUm
  return out
}

/** Our annotations as a QuPath FeatureCollection; shapes whose selector does not parse are left out. */
export const toQuPath = (
  annotations: ReadonlyArray<AnnotationRecord>,
  options: { readonly mpp?: number | null; readonly labels?: ReadonlyArray<LabelInfo> } = {}
): QuPathCollection => ({
  type: "FeatureCollection",
  features: annotations.flatMap((annotation): QuPathFeature[] => {
    const geometry = geometryOf(annotation.data)
    if (!geometry) return []
    const label = labelOfAnnotation(annotation.data, options.labels)
    const comments = commentsOf(annotation.data)
    const extras = {
      ...(geometry.kind === "rectangle" ? { shape: "rectangle" as const } : {}),
      ...(comments.length > 0 ? { comments } : {})
    }
    return [
      {
        type: "Feature",
        id: annotation.id,
        geometry: toGeoJson(geometry),
        properties: {
          objectType: "annotation",
          classification: { name: label.name, color: hexToRgb(label.color) },
          isLocked: annotation.data.locked === true,
          ...(annotation.data.name ? { name: annotation.data.name } : {}),
          ...(annotation.data.description ? { description: annotation.data.description } : {}),
          measurements: measurementsOf(geometry, options.mpp),
          ...(Object.keys(extras).length > 0 ? { preparat: extras } : {})
        }
      }
    ]
  })
})

// Reading: files are input, so every value is checked before it is trusted.

type Json = Record<string, unknown>
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v)
const isPoint = (v: unknown): v is Point =>
  Array.isArray(v) &&
  v.length >= 2 &&
  typeof v[0] === "number" &&
  typeof v[1] === "number" &&
  Number.isFinite(v[0]) &&
  Number.isFinite(v[1])
const pointsOf = (v: unknown): Point[] | undefined =>
  Array.isArray(v) && v.every(isPoint) ? v.map((p) => [p[0], p[1]] as const) : undefined

/** A ring as our polygon: without the closing vertex GeoJSON repeats. */
const openRing = (ring: ReadonlyArray<Point>): ReadonlyArray<Point> => {
  const last = ring.at(-1)
  return ring.length > 1 && last && last[0] === ring[0]![0] && last[1] === ring[0]![1] ? ring.slice(0, -1) : ring
}

const isAxisRectangle = (ring: ReadonlyArray<Point>): Geometry | undefined => {
  if (ring.length !== 4) return undefined
  const xs = [...new Set(ring.map((p) => p[0]))]
  const ys = [...new Set(ring.map((p) => p[1]))]
  if (xs.length !== 2 || ys.length !== 2) return undefined
  const [x, y] = [Math.min(...xs), Math.min(...ys)]
  return { kind: "rectangle", x, y, w: Math.max(...xs) - x, h: Math.max(...ys) - y }
}

/** The shapes of one GeoJSON geometry, and what was changed to fit ours. */
const shapesOf = (geometry: unknown, rectangle: boolean): { shapes: Geometry[]; warning?: string } | string => {
  if (!isObject(geometry)) return "it has no geometry"
  const c = geometry.coordinates
  /** A polygon's rings (boundary, then holes), each without its repeated closing vertex. */
  const ringsOfPolygon = (rings: unknown): Array<ReadonlyArray<Point>> | string => {
    if (!Array.isArray(rings) || rings.length === 0) return "a polygon without rings"
    const out: Array<ReadonlyArray<Point>> = []
    for (const ring of rings) {
      const points = pointsOf(ring)
      if (!points) return "a polygon ring that is not a list of points"
      const open = openRing(points)
      if (open.length < 3) return "a polygon ring of fewer than 3 vertices"
      out.push(open)
    }
    return out
  }
  /** Holes and parts stay one shape: an area (rings.ts) when there is more than one ring. */
  const shapeOfRings = (rings: ReadonlyArray<ReadonlyArray<Point>>): Geometry => {
    if (rings.length > 1) return { kind: "area", rings: orientRings(rings) }
    const ring = rings[0]!
    return (rectangle && isAxisRectangle(ring)) || { kind: "polygon", points: ring }
  }
  switch (geometry.type) {
    case "Polygon": {
      const rings = ringsOfPolygon(c)
      return typeof rings === "string" ? rings : { shapes: [shapeOfRings(rings)] }
    }
    case "MultiPolygon": {
      if (!Array.isArray(c) || c.length === 0) return "a multi-polygon without polygons"
      const rings: Array<ReadonlyArray<Point>> = []
      for (const polygon of c) {
        const read = ringsOfPolygon(polygon)
        if (typeof read === "string") return read
        rings.push(...read)
      }
      return { shapes: [shapeOfRings(rings)] }
    }
    case "LineString": {
      const points = pointsOf(c)
      return points ? { shapes: [{ kind: "polyline", points }] } : "a line that is not a list of points"
    }
    case "Point":
      return isPoint(c) ? { shapes: [{ kind: "points", points: [[c[0], c[1]]] }] } : "a point without two numbers"
    case "MultiPoint": {
      const points = pointsOf(c)
      return points ? { shapes: [{ kind: "points", points }] } : "a multi-point that is not a list of points"
    }
    default:
      return `its geometry type ${String(geometry.type)} is not one we keep`
  }
}

const measurementsFrom = (v: unknown): Record<string, number> => {
  const out: Record<string, number> = {}
  if (Array.isArray(v)) {
    for (const m of v) if (isObject(m) && typeof m.name === "string" && typeof m.value === "number") out[m.name] = m.value
  } else if (isObject(v)) {
    for (const [k, n] of Object.entries(v)) if (typeof n === "number") out[k] = n
  }
  return out
}

const colorFrom = (holder: Json): Rgb | null => {
  const c = holder.color
  if (Array.isArray(c) && c.length >= 3 && c.slice(0, 3).every((n) => typeof n === "number")) return [c[0], c[1], c[2]]
  if (typeof holder.colorRGB === "number") return unpackRgb(holder.colorRGB)
  return null
}

const KEPT_TYPES = new Set(["annotation", "detection", "cell"])

/** The features of a QuPath file: a FeatureCollection, a bare array of features, or one feature. */
const featuresOf = (json: unknown): unknown[] =>
  isObject(json) && json.type === "FeatureCollection" && Array.isArray(json.features)
    ? json.features
    : Array.isArray(json)
      ? json
      : isObject(json) && json.type === "Feature"
        ? [json]
        : []

/** One feature's shapes (several for a multi-polygon), or why it is skipped. */
const readFeature = (feature: unknown): { shapes: Array<Omit<QuPathShape, "index">>; warning?: string } | string => {
  if (!isObject(feature)) return "it is not a feature"
  const properties = isObject(feature.properties) ? feature.properties : {}
  const objectType = typeof properties.objectType === "string" ? properties.objectType : "annotation"
  if (!KEPT_TYPES.has(objectType)) return `its objectType ${objectType} is not an annotation`
  const extras = isObject(properties.preparat) ? properties.preparat : {}
  const read = shapesOf(feature.geometry, extras.shape === "rectangle")
  if (typeof read === "string") return read
  const classification = isObject(properties.classification) ? properties.classification : undefined
  const className = typeof classification?.name === "string" && classification.name.trim() !== "" ? classification.name : null
  const comments = Array.isArray(extras.comments) ? extras.comments.filter((s): s is string => typeof s === "string") : []
  const id = uuidOf(feature.id) ?? uuidOf(properties.id)
  const shared = {
    className,
    color: (classification && colorFrom(classification)) ?? colorFrom(properties),
    comments,
    measurements: measurementsFrom(properties.measurements),
    isLocked: properties.isLocked === true,
    own: ownKeysFrom({ name: properties.name, description: properties.description, locked: properties.isLocked })
  }
  // A split multi-polygon keeps the file's id on its first part only: ids are unique.
  const shapes = read.shapes.map((geometry, part) => ({ ...shared, id: part === 0 ? id : undefined, geometry }))
  return read.warning === undefined ? { shapes } : { shapes, warning: read.warning }
}

export const readQuPath = (json: unknown): { shapes: QuPathShape[]; skipped: ImportNote[]; warnings: ImportNote[] } => {
  const shapes: QuPathShape[] = []
  const skipped: ImportNote[] = []
  const warnings: ImportNote[] = []
  for (const [index, feature] of featuresOf(json).entries()) {
    const read = readFeature(feature)
    if (typeof read === "string") {
      skipped.push({ index, reason: read })
      continue
    }
    if (read.warning) warnings.push({ index, reason: read.warning })
    for (const shape of read.shapes) shapes.push({ ...shape, index })
  }
  return { shapes, skipped, warnings }
}

/** The labels a file needs (its classes, and "uncategorized" for shapes without one), with their colours. */
export const qupathClasses = (shapes: ReadonlyArray<QuPathShape>): Array<{ name: string; color: string }> => {
  const seen = new Map<string, { name: string; color: string }>()
  for (const s of shapes) {
    const name = s.className ?? UNCATEGORIZED
    if (!seen.has(name.toLowerCase())) seen.set(name.toLowerCase(), { name, color: s.color ? rgbToHex(s.color) : "#FFFF00" })
  }
  return [...seen.values()]
}

/**
 * A QuPath file as annotations to POST: each shape tagged with the slide's label of its class's name
 * (create the missing ones first, from qupathClasses). Ids are the file's when they are uuids.
 */
export const fromQuPath = (
  json: unknown,
  options: { readonly labels: ReadonlyArray<LabelInfo>; readonly source: string; readonly newId?: () => string }
): Imported => {
  const { shapes, skipped, warnings } = readQuPath(json)
  const annotations: NewAnnotation[] = []
  const notes = [...skipped]
  for (const shape of shapes) {
    const label = labelNamed(options.labels, shape.className ?? UNCATEGORIZED)
    if (!label) {
      notes.push({ index: shape.index, reason: `the slide has no label ${shape.className ?? UNCATEGORIZED}` })
      continue
    }
    const data = buildAnnotation(shape.geometry, label, options.source, shape.comments)
    if (typeof data === "string") {
      notes.push({ index: shape.index, reason: data })
      continue
    }
    annotations.push({ id: shape.id ?? (options.newId ?? newUuid)(), data: { ...data, ...shape.own } })
  }
  return { annotations, skipped: notes, warnings }
}

// What an import will do, computed before anything is stored: how many shapes per class, which items
// are skipped or changed and why, which shapes lie outside the image, which classes already exist
// here in another colour, and how many shapes update ones this slide has (a file imported again) and
// how many are new. Pure: the parsed file, the slide's labels and shape ids, and the ids the file's
// ids take on this slide (import-ids.ts) in; the preview and the annotations to store out.
import type { NewAnnotation } from "../../contract/annotations.ts"
import { bboxOf } from "../geometry.ts"
import { nextLabelColor } from "../palette.ts"
import { geometryOf, type LabelInfo, rgbToHex, UNCATEGORIZED, uuidOf } from "./common.ts"
import { type ImportReason, reasonOf } from "./import-reasons.ts"
import { fromQuPath, readQuPath } from "./qupath.ts"
import { fromW3C, w3cTagNames } from "./w3c.ts"

export type ImportFormat = "qupath" | "w3c"

export interface PreviewNote {
  /** The item's place in the file, from 0. */
  readonly index: number
  readonly reason: ImportReason
}

export interface PreviewClass {
  readonly name: string
  readonly count: number
  /** The slide's label, or null: the import creates it (in `color`, the file's when it has one). */
  readonly labelId: string | null
  readonly color: string
}

/** A class the slide has as a label in another colour than the file gives it. */
export interface ColourDifference {
  readonly labelId: string
  readonly name: string
  readonly ours: string
  readonly file: string
}

/** One shape to store: tagged with its class's label (`labelKey`: a label id, or `new:<name>` for one to create). */
export interface PlannedShape {
  readonly index: number
  readonly labelKey: string
  /** The annotation with the label still to resolve, and the id an update would keep (or a new one). */
  readonly annotation: NewAnnotation
  /** Whether that id is already an annotation of this slide. */
  readonly update: boolean
}

export interface ImportPreview {
  readonly format: ImportFormat
  /** Items in the file. */
  readonly items: number
  readonly classes: ReadonlyArray<PreviewClass>
  readonly skipped: ReadonlyArray<PreviewNote>
  readonly changed: ReadonlyArray<PreviewNote>
  /** Items whose shape reaches beyond the image (imported all the same). */
  readonly outside: ReadonlyArray<number>
  readonly colours: ReadonlyArray<ColourDifference>
  /** Labels the import creates, with their colours. */
  readonly newLabels: ReadonlyArray<{ readonly key: string; readonly name: string; readonly color: string }>
  readonly shapes: ReadonlyArray<PlannedShape>
  readonly updates: number
  readonly creates: number
}

export interface PreviewInput {
  readonly json: unknown
  readonly labels: ReadonlyArray<LabelInfo>
  /** The ids of the slide's annotations. */
  readonly existing: ReadonlySet<string>
  /** The id each of the file's ids takes on this slide (slideIdsFor). */
  readonly slideIds: ReadonlyMap<string, string>
  /** The image's size in full-resolution pixels, when known. */
  readonly image: { readonly width: number; readonly height: number } | null
  readonly newId: () => string
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v)

export const formatOf = (json: unknown): ImportFormat => {
  if (Array.isArray(json)) return json.some((f) => isObject(f) && f.type === "Feature") ? "qupath" : "w3c"
  const type = isObject(json) ? json.type : undefined
  return type === "FeatureCollection" || type === "Feature" ? "qupath" : "w3c"
}

/** The file's items as written, for what the readers do not report (classes, types, colours). */
const rawItems = (json: unknown, format: ImportFormat): ReadonlyArray<unknown> => {
  if (Array.isArray(json)) return json
  if (!isObject(json)) return []
  if (format === "qupath") return json.type === "FeatureCollection" && Array.isArray(json.features) ? json.features : [json]
  const page = json.type === "AnnotationCollection" ? json.first : json
  return isObject(page) && Array.isArray(page.items) ? page.items : json.type === "Annotation" ? [json] : []
}

const HEX = /^#[0-9a-f]{6}$/i

/** The colour the file gives a class: QuPath's classification colour, or a W3C tag's label colour (our export writes it). */
const fileColours = (json: unknown, format: ImportFormat): ReadonlyMap<string, string> => {
  const colours = new Map<string, string>()
  if (format === "qupath") {
    for (const s of readQuPath(json).shapes) {
      const name = (s.className ?? UNCATEGORIZED).toLowerCase()
      if (s.color && !colours.has(name)) colours.set(name, rgbToHex(s.color))
    }
    return colours
  }
  for (const item of rawItems(json, format)) {
    if (!isObject(item)) continue
    const bodies = Array.isArray(item.body) ? item.body : [item.body]
    const tag = bodies.find((b) => isObject(b) && b.purpose === "tagging" && typeof b.value === "string") as
      | Record<string, unknown>
      | undefined
    const color = tag && isObject(tag.label) ? tag.label.color : undefined
    if (tag && typeof color === "string" && HEX.test(color) && !colours.has(String(tag.value).toLowerCase()))
      colours.set(String(tag.value).toLowerCase(), color.toUpperCase())
  }
  return colours
}

/** What the preview notes as changed about an item it imports (the readers keep these silently). */
const changesOf = (raw: unknown, format: ImportFormat, className: string): ReadonlyArray<ImportReason> => {
  if (!isObject(raw)) return []
  const out: ImportReason[] = []
  if (format === "qupath") {
    const p = isObject(raw.properties) ? raw.properties : {}
    const cls = isObject(p.classification) ? p.classification.name : undefined
    if (typeof cls !== "string" || cls.trim() === "") out.push({ code: "unclassified", label: className })
    if (typeof p.objectType === "string" && p.objectType !== "annotation") out.push({ code: "objectType", type: p.objectType })
    const g = isObject(raw.geometry) ? raw.geometry : {}
    if (g.type === "MultiPolygon" && Array.isArray(g.coordinates) && g.coordinates.length > 1)
      out.push({ code: "multiPolygon", parts: g.coordinates.length })
  } else {
    const bodies = Array.isArray(raw.body) ? raw.body : [raw.body]
    if (!bodies.some((b) => isObject(b) && b.purpose === "tagging")) out.push({ code: "unclassified", label: className })
  }
  return out
}

export const previewImport = (input: PreviewInput): ImportPreview => {
  const { json, labels } = input
  const format = formatOf(json)
  const colours = fileColours(json, format)
  const names = format === "qupath" ? [...new Set(readQuPath(json).shapes.map((s) => s.className ?? UNCATEGORIZED))] : w3cTagNames(json)
  // Classes the slide lacks get provisional labels, so the readers check every shape as they will be
  // stored; only the ones an accepted shape uses are created (a refused shape creates no label).
  const taken = labels.map((l) => l.color)
  const provisional: LabelInfo[] = []
  for (const name of names) {
    if (labels.some((l) => l.name.toLowerCase() === name.toLowerCase())) continue
    if (provisional.some((l) => l.name.toLowerCase() === name.toLowerCase())) continue
    const color = colours.get(name.toLowerCase()) ?? nextLabelColor(taken)
    taken.push(color)
    provisional.push({ id: `new:${name.toLowerCase()}`, name, color })
  }
  const all = [...labels, ...provisional]
  const generated = new Set<string>()
  const newId = () => {
    const id = input.newId()
    generated.add(id)
    return id
  }
  const read = format === "qupath" ? fromQuPath(json, { labels: all, source: "", newId }) : fromW3C(json, { labels: all, newId })
  const skipped = read.skipped.map((n) => ({ index: n.index, reason: reasonOf(n.reason) }))
  // Each item gives at most one annotation, in order: the n-th annotation is the n-th item not skipped.
  const skippedAt = new Set(read.skipped.map((n) => n.index))
  const items = rawItems(json, format)
  const accepted = items.map((_, i) => i).filter((i) => !skippedAt.has(i))

  const used = new Set<string>()
  const shapes: PlannedShape[] = []
  const changed: PreviewNote[] = []
  const outside: number[] = []
  for (const [n, annotation] of read.annotations.entries()) {
    const index = accepted[n] ?? n
    const labelKey = annotation.data.body[0].label.id
    const label = all.find((l) => l.id === labelKey)!
    for (const reason of changesOf(items[index], format, label.name)) changed.push({ index, reason })
    const geometry = geometryOf(annotation.data)
    if (geometry && input.image) {
      const b = bboxOf(geometry)
      if (b.minX < 0 || b.minY < 0 || b.maxX > input.image.width || b.maxY > input.image.height) outside.push(index)
    }
    const fileId = generated.has(annotation.id) ? undefined : annotation.id
    const candidate = fileId === undefined ? undefined : input.existing.has(fileId) ? fileId : input.slideIds.get(fileId)
    // Two items with one id in a file: the second is a shape of its own.
    const id = candidate !== undefined && !used.has(candidate) ? candidate : newId()
    used.add(id)
    shapes.push({ index, labelKey, annotation: { ...annotation, id }, update: input.existing.has(id) })
  }

  const counts = new Map<string, number>()
  for (const s of shapes) counts.set(s.labelKey, (counts.get(s.labelKey) ?? 0) + 1)
  const classes = [...counts].map(([key, count]) => {
    const label = all.find((l) => l.id === key)!
    return { name: label.name, count, labelId: key.startsWith("new:") ? null : key, color: label.color }
  })
  const differences = labels.flatMap((l) => {
    const file = colours.get(l.name.toLowerCase())
    return counts.has(l.id) && file !== undefined && file.toUpperCase() !== l.color.toUpperCase()
      ? [{ labelId: l.id, name: l.name, ours: l.color, file }]
      : []
  })
  const updates = shapes.filter((s) => s.update).length
  return {
    format,
    items: items.length,
    classes,
    skipped,
    changed,
    outside,
    colours: differences,
    newLabels: provisional.filter((l) => counts.has(l.id)).map((l) => ({ key: l.id, name: l.name, color: l.color })),
    shapes,
    updates,
    creates: shapes.length - updates
  }
}

/** The same shapes as new ones ("Import as copies"): every id fresh, nothing updated. */
export const asCopies = (preview: ImportPreview, newId: () => string): ImportPreview => ({
  ...preview,
  shapes: preview.shapes.map((s) => ({ ...s, update: false, annotation: { ...s.annotation, id: newId() } })),
  updates: 0,
  creates: preview.shapes.length
})

/** The file's ids the readers keep (uuids), for slideIdsFor before the preview is computed. */
export const fileIdsOf = (json: unknown): ReadonlyArray<string> => {
  const format = formatOf(json)
  if (format === "qupath") return readQuPath(json).shapes.flatMap((s) => (s.id === undefined ? [] : [s.id]))
  return rawItems(json, format).flatMap((item) => {
    const id = isObject(item) ? uuidOf(item.id) : undefined
    return id === undefined ? [] : [id]
  })
}

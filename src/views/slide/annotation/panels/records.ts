// What the side panels read off the store's shapes: the label rows with their counts (and the
// virtual rows for labels the annotations name but the slide lacks, "uncategorized" first of all),
// an annotation's measurement as text and its comment, the box the viewer flies to, and the records
// the export converters take.
import type { Label } from "../../../../contract/annotations.ts"
import type { BBox } from "../../../../annotation/geometry.ts"
import type { AnnotationRecord, LabelInfo } from "../../../../annotation/interchange/index.ts"
import { isComment } from "../../../../annotation/counting.ts"
import { measure } from "../../../../annotation/measure.ts"
import { geometryOf, type Shape, webAnnotationOf } from "../../../../annotation/store/shape.ts"

export interface LabelRow {
  readonly id: string
  readonly name: string
  readonly color: string
  /** Its shapes that are not comments (a comment is never counted as a cell). */
  readonly count: number
  /** Its comment pins, counted apart. */
  readonly comments: number
  /** No such label on the slide: the annotations carry its name (the spec's virtual "uncategorized"). */
  readonly virtual: boolean
}

/**
 * How many shapes each label has, the name and colour of labels only the shapes know, and the authors.
 * A comment pin is its own kind: it is counted apart, never in its label's count (issue 29).
 */
/**
 * The labels the counts are taken over: the slide's own, without the comments' label (it holds no
 * cells). The counts section and a report's measurement table both count these, so they agree.
 */
export const countedLabels = (rows: ReadonlyArray<LabelRow>, commentLabel: string): ReadonlyArray<LabelRow> =>
  rows.filter((r) => !r.virtual && r.name.toLowerCase() !== commentLabel.toLowerCase())

export const tally = (shapes: Iterable<Shape>) => {
  const counts = new Map<string, number>()
  const seen = new Map<string, { name: string; color: string }>()
  const authors = new Map<string, string>()
  const commentCounts = new Map<string, number>()
  let comments = 0
  for (const shape of shapes) {
    if (isComment(shape)) {
      comments++
      commentCounts.set(shape.labelId, (commentCounts.get(shape.labelId) ?? 0) + 1)
    } else counts.set(shape.labelId, (counts.get(shape.labelId) ?? 0) + 1)
    if (!seen.has(shape.labelId)) seen.set(shape.labelId, { name: shape.labelName, color: shape.color })
    if (shape.author !== null && !authors.has(shape.author.id)) authors.set(shape.author.id, shape.author.name || shape.author.email)
  }
  return { counts, seen, authors, comments, commentCounts }
}

/**
 * What deleting a label takes with it: every shape that carries it (comments too: the server deletes
 * them all), and how many of each author's, most first. Shapes not yet stored have no author.
 */
export const deletionOf = (
  shapes: Iterable<Pick<Shape, "labelId" | "author">>,
  labelId: string
): { readonly count: number; readonly authors: ReadonlyArray<{ readonly id: string; readonly name: string; readonly count: number }> } => {
  const authors = new Map<string, { id: string; name: string; count: number }>()
  let count = 0
  for (const shape of shapes) {
    if (shape.labelId !== labelId) continue
    count++
    if (shape.author === null) continue
    const known = authors.get(shape.author.id)
    if (known) known.count++
    else authors.set(shape.author.id, { id: shape.author.id, name: shape.author.name || shape.author.email, count: 1 })
  }
  return { count, authors: [...authors.values()].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)) }
}

export const labelRows = (labels: ReadonlyArray<Label>, tallied: ReturnType<typeof tally>): Array<LabelRow> => {
  const rows: Array<LabelRow> = labels.map((l) => ({
    id: l.id,
    name: l.name,
    color: l.color,
    count: tallied.counts.get(l.id) ?? 0,
    comments: tallied.commentCounts.get(l.id) ?? 0,
    virtual: false
  }))
  const known = new Set(labels.map((l) => l.id))
  for (const [id, { name, color }] of tallied.seen) {
    if (!known.has(id))
      rows.push({ id, name, color, count: tallied.counts.get(id) ?? 0, comments: tallied.commentCounts.get(id) ?? 0, virtual: true })
  }
  return rows
}

export type Format = (n: number, digits?: number) => string

export interface MeasureText {
  /** The figure the row shows: area for closed shapes, length for lines, the count for points. */
  readonly main: string
  /** Everything, for the row's tooltip: area and perimeter, or length. */
  readonly full: string
  /** Whether the figures are in pixels because the slide has no scale. */
  readonly pixels: boolean
}

export interface MeasureWords {
  readonly area: string
  readonly perimeter: string
  readonly length: string
  readonly points: (count: number) => string
}

const areaText = (um2: number, format: Format): string =>
  um2 >= 100_000 ? `${format(um2 / 1_000_000, 3)} mm²` : `${format(um2, um2 < 100 ? 1 : 0)} µm²`

const lengthText = (um: number, format: Format): string => (um >= 1000 ? `${format(um / 1000, 2)} mm` : `${format(um, 1)} µm`)

/** An annotation's measurement (µm², mm² and µm with the slide's mpp; px otherwise). */
export const measureText = (
  shape: Pick<Shape, "kind" | "coords">,
  mpp: number | null,
  format: Format,
  words: MeasureWords
): MeasureText => {
  const m = measure(geometryOf(shape), mpp)
  const pixels = m.areaUm2 === undefined && m.lengthUm === undefined
  if (m.count !== undefined) {
    const text = words.points(m.count)
    return { main: text, full: text, pixels: false }
  }
  if (m.lengthPx !== undefined) {
    const main = m.lengthUm !== undefined ? lengthText(m.lengthUm, format) : `${format(m.lengthPx, 0)} px`
    return { main, full: `${words.length} ${main}`, pixels }
  }
  const area = m.areaUm2 !== undefined ? areaText(m.areaUm2, format) : `${format(m.areaPx ?? 0, 0)} px²`
  const perimeter = m.perimeterUm !== undefined ? lengthText(m.perimeterUm, format) : `${format(m.perimeterPx ?? 0, 0)} px`
  return { main: area, full: `${words.area} ${area} · ${words.perimeter} ${perimeter}`, pixels }
}

/** The shape's comment (a comment pin has one; an imported shape may carry several), or null. */
export const commentOf = (shape: Pick<Shape, "comments">): string | null => {
  const text = shape.comments
    .map((comment) => comment.trim())
    .filter((comment) => comment !== "")
    .join("\n")
  return text === "" ? null : text
}

/** A comment pin: one point with a comment, whose measurement ("1 point") says nothing. */
export const isCommentPin = (shape: Pick<Shape, "kind" | "coords" | "comments">): boolean => isComment(shape)

/**
 * The box the viewer fits to show a shape: its own box with a margin of a third of its size on
 * every side, and at least as large, in image pixels, as the viewer is in screen pixels. Fitted, it
 * never shows the slide past its native magnification (one image pixel to a screen pixel): a point or
 * a tiny cell is shown at the resolution it was scanned at, not blown up to the viewer's 2x limit.
 */
export const focusBox = (
  bbox: BBox,
  viewer: { readonly width: number; readonly height: number }
): { x: number; y: number; width: number; height: number } => {
  const w = bbox.maxX - bbox.minX
  const h = bbox.maxY - bbox.minY
  // Fitting keeps the aspect: the zoom is the smaller of the two ratios, so one side as large as the
  // viewer's is enough; both are, so the shape stays centred either way.
  const width = Math.max(w * 1.66, viewer.width)
  const height = Math.max(h * 1.66, viewer.height)
  return { x: (bbox.minX + bbox.maxX) / 2 - width / 2, y: (bbox.minY + bbox.maxY) / 2 - height / 2, width, height }
}

/** The shape as the export converters take it (full-resolution pixels, its label by id and name). */
export const recordOf = (shape: Shape, source: string): AnnotationRecord => ({
  id: shape.id,
  data: webAnnotationOf(shape, source),
  visible: shape.visible
})

export const labelInfos = (rows: ReadonlyArray<LabelRow>): Array<LabelInfo> => rows.map(({ id, name, color }) => ({ id, name, color }))

/** A file name from the slide's name: its extension dropped, what a file system refuses replaced. */
export const fileNameOf = (slideName: string, suffix: string): string => {
  const base =
    slideName
      .replace(/\.[A-Za-z0-9]{1,5}$/, "")
      .replace(/[\\/:*?"<>|]+/g, "_")
      .trim() || "annotations"
  return `${base}${suffix}`
}

// The compact read's header and coordinates, built a row or a batch of detections at a time
// (annotation-compact.ts reads them; src/annotation/compact.ts says the layout).
import { type CompactAuthor, type CompactLabel, type HeaderToEncode, KINDS, type Kind } from "../../src/annotation/compact.ts"
import type { AnnotationProps } from "../../src/annotation/props.ts"
import type { DetectionGroup } from "./detection-groups.ts"

/** The stored columns of one annotation the compact read takes. */
export interface CompactRow {
  readonly id: string
  readonly version: number | string
  readonly kind: string
  readonly label_id: string
  readonly author_id: string
  readonly visible: number | string
  readonly created_at: string
  readonly ordinal: number | string
  readonly comments: string | null
  readonly props: string | null
  readonly coords: Uint8Array
  readonly analysis_id: string | null
}

export class CompactBuilder {
  private readonly labelAt: ReadonlyMap<string, number>
  private readonly authorAt: ReadonlyMap<string, number>
  private readonly timeAt = new Map<string, number>()
  private readonly times: Array<string> = []
  // Typed from the start, as the answer sends them (compact.ts): a million pushes into arrays and
  // their conversion cost the build about 0.35 s.
  private readonly versions: Uint32Array
  private readonly kinds: Uint8Array
  private readonly label: Uint32Array
  private readonly author: Uint32Array
  private readonly visible: Uint8Array
  private readonly vertices: Uint32Array
  private readonly created: Uint32Array
  private readonly detection: Uint8Array
  private readonly comments: Record<string, ReadonlyArray<string>> = {}
  private readonly props: Record<string, AnnotationProps> = {}
  /** Ids a row or a group at a time, joined once at the end (a group's are already joined). */
  private readonly ids: Array<string> = []
  private readonly coords: Array<Uint8Array> = []
  private count = 0

  private readonly labels: ReadonlyArray<CompactLabel>
  private readonly authors: ReadonlyArray<CompactAuthor>

  /** `capacity`: at least as many rows as will be added. */
  constructor(labels: ReadonlyArray<CompactLabel>, authors: ReadonlyArray<CompactAuthor>, capacity: number) {
    this.labels = labels
    this.authors = authors
    this.versions = new Uint32Array(capacity)
    this.kinds = new Uint8Array(capacity)
    this.label = new Uint32Array(capacity)
    this.author = new Uint32Array(capacity)
    this.visible = new Uint8Array(capacity)
    this.vertices = new Uint32Array(capacity)
    this.created = new Uint32Array(capacity)
    this.detection = new Uint8Array(capacity)
    this.labelAt = new Map(labels.map((label, i) => [label.id, i]))
    this.authorAt = new Map(authors.map((author, i) => [author.id, i]))
  }

  addRow(row: CompactRow): void {
    const kind = KINDS.indexOf(row.kind as Kind)
    const label = this.labelAt.get(row.label_id)
    const author = this.authorAt.get(row.author_id)
    // kind "": a selector that no longer parses (migration 0016); the viewer never drew those.
    if (kind < 0 || label === undefined || author === undefined) return
    const at = this.count
    if (row.comments !== null) this.comments[at] = JSON.parse(row.comments) as ReadonlyArray<string>
    // A detection's props are its lock and its measurements, read with the one annotation when shown.
    const detection = row.analysis_id !== null
    if (row.props !== null && !detection) this.props[at] = JSON.parse(row.props) as AnnotationProps
    this.push(
      Number(row.version),
      kind,
      label,
      author,
      Number(row.visible) === 1 ? 1 : 0,
      row.coords.length / 16,
      this.timeOf(row.created_at),
      detection ? 1 : 0
    )
    this.ids.push(row.id)
    this.coords.push(row.coords)
  }

  /** A batch of detections as detection-groups.ts reads it; a row of a label not among ours is left out. */
  addGroup(group: DetectionGroup): void {
    const kind = KINDS.indexOf(group.kind as Kind)
    const author = this.authorAt.get(group.author_id)
    if (kind < 0 || author === undefined) return
    const count = Number(group.count)
    const labels = group.labels.split(",").map(Number)
    const vertices = group.vertices === null ? null : group.vertices.split(",").map(Number)
    const each = Number(group.vertices_each)
    const [version, time] = [Number(group.version), this.timeOf(group.created_at)]
    const ids = group.ids.split(",")
    const bytes = Buffer.from(group.coords, "hex")
    if (ids.length !== count || labels.length !== count || group.visible.length !== count)
      throw new Error(`a detection group of ${count} rows came with ${ids.length} ids and ${labels.length} labels`)
    // All rows known (the common case): the group's strings and bytes go in whole.
    if (labels.every((label) => label >= 0 && label < this.labels.length)) {
      for (let i = 0; i < count; i++)
        this.push(version, kind, labels[i]!, author, group.visible.charCodeAt(i) === 49 ? 1 : 0, vertices?.[i] ?? each, time, 1)
      this.ids.push(group.ids)
      this.coords.push(bytes)
      return
    }
    let at = 0
    for (let i = 0; i < count; i++) {
      const n = (vertices?.[i] ?? each) * 16
      if (labels[i]! >= 0 && labels[i]! < this.labels.length) {
        this.push(version, kind, labels[i]!, author, group.visible.charCodeAt(i) === 49 ? 1 : 0, n / 16, time, 1)
        this.ids.push(ids[i]!)
        this.coords.push(bytes.subarray(at, at + n))
      }
      at += n
    }
  }

  finish(): { readonly header: HeaderToEncode; readonly coords: ReadonlyArray<Uint8Array> } {
    const { count, labels, authors, times, comments, props } = this
    const rows = <T extends Uint8Array | Uint32Array>(column: T) => column.subarray(0, count) as T
    const header = {
      count,
      labels,
      authors,
      times,
      comments,
      props,
      versions: rows(this.versions),
      kinds: rows(this.kinds),
      label: rows(this.label),
      author: rows(this.author),
      visible: rows(this.visible),
      vertices: rows(this.vertices),
      created: rows(this.created),
      detection: rows(this.detection),
      ids: this.ids.join(",")
    }
    return { header, coords: this.coords }
  }

  /** Fills the next row. */
  private push(
    version: number,
    kind: number,
    label: number,
    author: number,
    visible: number,
    vertices: number,
    time: number,
    detection: number
  ) {
    const at = this.count++
    this.versions[at] = version
    this.kinds[at] = kind
    this.label[at] = label
    this.author[at] = author
    this.visible[at] = visible
    this.vertices[at] = vertices
    this.created[at] = time
    this.detection[at] = detection
  }

  private timeOf(createdAt: string): number {
    let time = this.timeAt.get(createdAt)
    if (time === undefined) {
      time = this.times.length
      this.times.push(createdAt)
      this.timeAt.set(createdAt, time)
    }
    return time
  }
}

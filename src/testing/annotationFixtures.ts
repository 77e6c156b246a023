// Annotations as the server answers them, for the store's and the renderer's tests and the bench.
import type { Annotation } from "../contract/annotations.ts"
import { type CompactAnnotations, decodeCompact, encodeCompact, float64Bytes, kindCode } from "../annotation/compact.ts"
import { type Geometry, toSelector } from "../annotation/geometry.ts"
import { shapeOf } from "../annotation/store/shape.ts"

export const annotationOf = (
  id: string,
  geometry: Geometry,
  options: { label?: string; color?: string; visible?: boolean; version?: number; comment?: string } = {}
): Annotation => ({
  id,
  lab_id: "slide-1",
  data: {
    type: "Annotation",
    body: [
      {
        type: "TextualBody",
        purpose: "tagging",
        value: "Tumour",
        label: { id: options.label ?? "l1", name: "Tumour", color: options.color ?? "#FF0000" }
      },
      ...(options.comment !== undefined ? [{ type: "TextualBody" as const, purpose: "commenting" as const, value: options.comment }] : [])
    ],
    target: { source: "slide-1", selector: toSelector(geometry) }
  },
  visible: options.visible ?? true,
  user: { id: "u1", email: "ada@example.com", name: "Ada" },
  version: options.version ?? 1,
  created_at: "2025-01-01T00:00:00.000Z",
  updated_at: "2025-01-01T00:00:00.000Z"
})

/** A regular polygon of `n` vertices around (cx, cy). */
export const ring = (cx: number, cy: number, r: number, n = 32): Geometry => ({
  kind: "polygon",
  points: Array.from({ length: n }, (_, i) => [cx + r * Math.cos((2 * Math.PI * i) / n), cy + r * Math.sin((2 * Math.PI * i) / n)] as const)
})

/** The same annotations as the compact read answers them: encoded as the server does, then decoded. */
export const compactOf = (annotations: ReadonlyArray<Annotation>): CompactAnnotations => {
  const index = <T extends { id: string }>(table: Array<T>, item: T) => {
    const at = table.findIndex((t) => t.id === item.id)
    return at >= 0 ? at : table.push(item) - 1
  }
  const labels: Array<{ id: string; name: string; color: string }> = []
  const authors: Array<{ id: string; name: string; email: string }> = []
  const times: Array<string> = []
  const shapes = annotations.map((a) => {
    const parsed = shapeOf(a)
    if (!parsed.ok) throw new Error(parsed.error)
    return parsed.shape
  })
  const comments: Record<string, ReadonlyArray<string>> = {}
  const props: Record<string, NonNullable<(typeof shapes)[number]["props"]>> = {}
  shapes.forEach((shape, i) => {
    if (shape.comments.length > 0) comments[i] = shape.comments
    if (shape.props !== undefined) props[i] = shape.props
  })
  const bytes = encodeCompact(
    {
      count: shapes.length,
      ids: shapes.map((s) => s.id),
      versions: shapes.map((s) => s.version),
      kinds: shapes.map((s) => kindCode(s.kind)),
      label: annotations.map((a) => {
        const tag = a.data.body[0].label
        return index(labels, { id: tag.id, name: tag.name ?? "", color: tag.color ?? "" })
      }),
      author: annotations.map((a) => index(authors, a.user)),
      visible: shapes.map((s) => (s.visible ? 1 : 0)),
      vertices: shapes.map((s) => s.coords.length / 2),
      created: annotations.map((a) => (times.includes(a.created_at) ? times.indexOf(a.created_at) : times.push(a.created_at) - 1)),
      labels,
      authors,
      times,
      comments,
      props
    },
    shapes.map((s) => float64Bytes(s.coords))
  )
  return decodeCompact(bytes)
}

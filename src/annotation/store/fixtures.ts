// Annotations as the server answers them, for the store's and the renderer's tests and the bench.
import type { Annotation } from "../../contract/annotations.ts"
import { type Geometry, toSelector } from "../geometry.ts"

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

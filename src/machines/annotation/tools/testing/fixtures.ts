// What the tools machine's tests share: the slide they run on (the shapes a selection box finds),
// the machine's input, and small readers of what a path did.
import { verticesOf } from "../../../../annotation/geometry.ts"
import { shapesWithin, shownIds } from "../../../../annotation/selection.ts"
import { annotationOf, ring } from "../../../../testing/annotationFixtures.ts"
import { AnnotationStore } from "../../../../annotation/store/store.ts"
import type { Pixels } from "../../../../annotation/wand/fill.ts"
import { wandRegion } from "../../../../annotation/wand/region.ts"
import type { WandSource } from "../../../../annotation/wand/source.ts"
import type { EditPress, ToolsEmitted } from "../types.ts"

export const label = { id: "l1", name: "Tumour", color: "#FF0000" }

// The shapes on the slide, as the store the view hands the machine has them: s1 the square the
// edit presses are on, s2 a cell wholly inside the box from A (100, 100) to "far" (300, 250) or C
// (300, 300), s3 a cell that box's right edge cuts through (touching is not inside).
const shapesOnSlide: Readonly<Record<string, ReadonlyArray<number>>> = {
  s1: [0, 0, 200, 0, 200, 200, 0, 200],
  s2: verticesOf(ring(200, 180, 20, 8)).flat(),
  s3: verticesOf(ring(300, 180, 20, 8)).flat()
}
const slideStore = new AnnotationStore()
slideStore.load(
  Object.entries(shapesOnSlide).map(([id, coords]) =>
    annotationOf(id, {
      kind: "polygon",
      points: Array.from({ length: coords.length / 2 }, (_, i) => [coords[i * 2]!, coords[i * 2 + 1]!] as const)
    })
  )
)
export const shapes = {
  within: (box: Parameters<typeof shapesWithin>[1]) => shapesWithin(slideStore, box),
  all: () => shownIds(slideStore)
}
/** The box rule as the feature states it, vertex by vertex: a shape is taken when every vertex lies inside. */
export const inside = (box: { minX: number; minY: number; maxX: number; maxY: number }) =>
  Object.entries(shapesOnSlide)
    .filter(([, coords]) => coords.every((v, i) => (i % 2 === 0 ? v >= box.minX && v <= box.maxX : v >= box.minY && v <= box.maxY)))
    .map(([id]) => id)

/**
 * What the wand reads in the tests: a slide 250 pixels square, white, with a disc round A (100, 100)
 * of a darker pink core (radius 30) in a lighter rim (radius 60, 38 apart in colour) that has a white
 * hole at (145, 100). B and C lie beyond it: nothing grows there.
 */
export const WAND_CORE: readonly [number, number, number] = [200, 120, 170]
export const wandImage: Pixels = (() => {
  const size = 250
  const data = new Uint8ClampedArray(size * size * 4)
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const r = Math.hypot(x + 0.5 - 100, y + 0.5 - 100)
      const hole = Math.hypot(x + 0.5 - 145, y + 0.5 - 100) < 8
      const colour = r < 30 ? WAND_CORE : r < 60 && !hole ? [225, 140, 190] : [255, 255, 255]
      data.set([...colour, 255], (y * size + x) * 4)
    }
  return { width: size, height: size, data }
})()
export const wandGrow = (x: number, y: number, tolerance: number) => wandRegion(wandImage, x, y, tolerance, (p) => p)
const wand: WandSource = { read: () => ({ grow: wandGrow }) }

export const commentLabel = { id: "l5", name: "Comment", color: "#42D4F4" }
export const input = {
  labId: "slide-1",
  label,
  commentLabel,
  defaultLabel: "Annotation",
  newId: () => "00000000-0000-4000-8000-000000000001",
  shapes,
  wand
}
export const sorted = (ids: Iterable<string>) => [...ids].sort()
export const at = (x: number, y: number) => ({ x, y, scale: 1 })
export const stored = annotationOf("00000000-0000-4000-8000-000000000001", ring(0, 0, 10))

/** Whether a snapshot is in the state named by its dotted path. */
export const inState = (snapshot: unknown, path: string): boolean =>
  snapshot !== undefined && (snapshot as { matches: (path: string) => boolean }).matches(path)

export const vertices = (draft: ReadonlyArray<number>) => draft.length / 2

// The selected shape s1, a square the user may change, as the view describes a press on it.
export const square = [0, 0, 200, 0, 200, 200, 0, 200]
export const triangle = [0, 0, 200, 0, 100, 150]
export const press = (handle: EditPress["handle"], coords = square): EditPress => ({
  id: "s1",
  kind: "polygon",
  coords,
  version: 3,
  handle
})
type Commit = Extract<ToolsEmitted, { type: "edit.commit" }>
export const commitsOf = (emitted: ReadonlyArray<{ type: string }>) => emitted.filter((e): e is Commit => e.type === "edit.commit")
/** What the selection gestures emitted (moves of several, deletions asked for). */
export const selectionEmits = (emitted: ReadonlyArray<{ type: string }>) =>
  emitted.filter((e) => e.type !== "edit.commit" && !e.type.startsWith("annotation."))
/** What a gesture emitted, leaving out a save's answer (the tools-wide check covers those). */
export const gestureEmits = (emitted: ReadonlyArray<{ type: string }>) => emitted.filter((e) => !e.type.startsWith("annotation."))

/** A save's answer: it arrives whatever the user is doing, and the tools-wide check says what it does. */
export const saveAnswer = (via: string) => via === "saved" || via === "save failed" || via === "save found no network"

/** Events from outside the gesture (a deletion heard, Escape elsewhere, a save answered): the tools-wide check says what they do. */
export const fromElsewhere = (via: string) =>
  via === "clear selection" || via.endsWith("deleted elsewhere") || saveAnswer(via) || brushOption(via)

/** The brush's options: they change its size or mode, never a gesture under way. */
export const brushOption = (via: string) => via === "erase on" || via === "erase off" || via === "brush larger"

/** The brush's press on s1 (the square, selected and the user's to change), as the view describes it. */
export const brushOn = { id: "s1", kind: "polygon" as const, coords: square, version: 3 }

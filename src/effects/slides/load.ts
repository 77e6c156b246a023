// GET /v2/labs/{id}/ for the slide viewer: the file lab with its status, Deep Zoom descriptor, size
// and microns per pixel. Opening a slide counts as an access (Recently Access), like opening a folder.
import { Effect } from "effect"
import { loadLab } from "../labs/detail.ts"

export const loadSlide = Effect.fn("Slides.load")(function* (labId: string) {
  return yield* loadLab(labId)
})

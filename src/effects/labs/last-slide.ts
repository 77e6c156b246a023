// The slide a "use this feature" link opens: the one the user opened last that is ready to view. It is
// read from Recently Access (what they opened, newest first), so a landing card's link takes a
// pathologist back to the slide they were working on rather than to a list.
import { Effect } from "effect"
import type { Lab } from "../../contract/labs.ts"
import { loadLabPage } from "./list.ts"

/** The first ready slide in a list, newest first; null when there is none. */
export const firstReadySlide = (labs: ReadonlyArray<Lab>): string | null =>
  labs.find((lab) => !lab.is_dir && lab.status === "ready")?.id ?? null

export const loadLastSlide = Effect.fn("Labs.lastSlide")(function* () {
  const page = yield* loadLabPage({ kind: "recent" }, 1)
  return firstReadySlide(page.results)
})

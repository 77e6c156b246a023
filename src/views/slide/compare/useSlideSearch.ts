// The slides the picker offers: the labs search (GET /v2/labs/?search=) for a name typed, the
// recently opened labs while nothing is typed, each keeping only the slides ready to view. Typing
// waits a moment before asking, and an answer that arrives after a newer question is dropped.
import { useEffect, useState } from "react"
import type { Lab } from "../../../contract/labs.ts"
import { type LabSource, loadLabPage } from "../../../effects/labs/list.ts"
import { runtime } from "../../../effects/runtime.ts"

export type SlideSearch =
  | { readonly kind: "loading" }
  | { readonly kind: "failed" }
  | { readonly kind: "found"; readonly slides: ReadonlyArray<Lab> }

const TYPING_MS = 250

export const useSlideSearch = (query: string, enabled: boolean): SlideSearch => {
  const [found, setFound] = useState<SlideSearch>({ kind: "loading" })
  useEffect(() => {
    if (!enabled) return
    let current = true
    const typed = query.trim()
    const source: LabSource = typed === "" ? { kind: "recent" } : { kind: "folder", folderId: null, search: typed }
    setFound({ kind: "loading" })
    const timer = setTimeout(() => {
      runtime.runPromise(loadLabPage(source, 1)).then(
        (page) => {
          if (current) setFound({ kind: "found", slides: page.results.filter((lab) => !lab.is_dir && lab.status === "ready") })
        },
        () => {
          if (current) setFound({ kind: "failed" })
        }
      )
    }, TYPING_MS)
    return () => {
      current = false
      clearTimeout(timer)
    }
  }, [query, enabled])
  return found
}

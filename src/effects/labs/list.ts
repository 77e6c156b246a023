// The lists a lab browser shows, one program per list endpoint: a folder's children (or the root of
// the user's own labs), search, Recently Access, Favorite and Shared Lab. They all answer a page of
// labs, so the browser treats them as one "source".
import { Effect } from "effect"
import type { PageMeta } from "../../contract/envelope.ts"
import type { Lab } from "../../contract/labs.ts"
import { call, endpoints } from "../call.ts"

/** Where a browser's labs come from. `folderId` null is the root of the user's own labs. */
export type LabSource =
  | { readonly kind: "folder"; readonly folderId: string | null; readonly search: string }
  | { readonly kind: "recent" }
  | { readonly kind: "favorite" }
  | { readonly kind: "shared" }

/** A lab as a list shows it; Recently Access also says when it was opened. */
export type ListedLab = Lab & { readonly accessed_at?: string }

export interface LabPage {
  readonly results: ReadonlyArray<ListedLab>
  readonly meta: PageMeta
}

/** Enough for two screens of tiles at 1440 px, so the first page rarely needs a second request. */
export const LAB_PAGE_SIZE = 40

/** Each source's endpoint; Recently Access answers its own item Schema, so `accessed_at` is kept. */
const pageOf = (source: LabSource, page: number) => {
  const query = { page, limit: LAB_PAGE_SIZE }
  switch (source.kind) {
    case "folder": {
      const search = source.search.trim()
      return call(endpoints.labsView.list, {
        query: { ...query, parent: source.folderId ?? undefined, search: search === "" ? undefined : search }
      })
    }
    case "recent":
      return call(endpoints.labs.recents, { query })
    case "favorite":
      return call(endpoints.favorites.list, { query })
    case "shared":
      return call(endpoints.labs.shareds, { query })
  }
}

export const loadLabPage = Effect.fn("Labs.list")(function* (source: LabSource, page: number) {
  const answer = yield* pageOf(source, page)
  return answer.data satisfies LabPage as LabPage
})

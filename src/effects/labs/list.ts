// The lists a lab browser shows, one program per list endpoint: a folder's children (or the root of
// the user's own labs), search, Recently Access, Favorite and Shared Lab. They all answer a page of
// labs, so the browser treats them as one "source".
import { Effect, type Schema } from "effect"
import { Ok, Page } from "../../contract/envelope.ts"
import { Lab, RecentLab } from "../../contract/labs.ts"
import { Api } from "../Api.ts"

/** Where a browser's labs come from. `folderId` null is the root of the user's own labs. */
export type LabSource =
  | { readonly kind: "folder"; readonly folderId: string | null; readonly search: string }
  | { readonly kind: "recent" }
  | { readonly kind: "favorite" }
  | { readonly kind: "shared" }

/** A lab as a list shows it; Recently Access also says when it was opened. */
export type ListedLab = Lab & { readonly accessed_at?: string }

/** Enough for two screens of tiles at 1440 px, so the first page rarely needs a second request. */
export const LAB_PAGE_SIZE = 40

const LabPage = Ok(Page(Lab))
// Decoded with its own Schema so `accessed_at` is kept, then seen as a list of ListedLab.
const RecentPage = Ok(Page(RecentLab))

const pathOf = (source: LabSource): string => {
  switch (source.kind) {
    case "folder":
      return "/v2/labs/"
    case "recent":
      return "/v2/labs/recents/"
    case "favorite":
      return "/v2/labs/favorites/"
    case "shared":
      return "/v2/labs/shareds/"
  }
}

const queryOf = (source: LabSource, page: number) =>
  source.kind === "folder"
    ? {
        page,
        limit: LAB_PAGE_SIZE,
        parent: source.folderId ?? undefined,
        search: source.search.trim() === "" ? undefined : source.search.trim()
      }
    : { page, limit: LAB_PAGE_SIZE }

export const loadLabPage = Effect.fn("Labs.list")(function* (source: LabSource, page: number) {
  const api = yield* Api
  const success: Schema.Decoder<typeof LabPage.Type | typeof RecentPage.Type> = source.kind === "recent" ? RecentPage : LabPage
  const answer = yield* api.request({ method: "GET", path: pathOf(source), query: queryOf(source, page), success })
  return answer.data as { readonly results: ReadonlyArray<ListedLab>; readonly meta: typeof answer.data.meta }
})

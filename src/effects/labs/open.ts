// Opening a source: its first page and, for a folder, the folder itself (title, path and the user's
// role in it), asked for together so the page appears in one step.
import { Effect } from "effect"
import type { PageMeta } from "../../contract/envelope.ts"
import type { LabDetail } from "../../contract/labs.ts"
import { loadLab } from "./detail.ts"
import { type LabSource, type ListedLab, loadLabPage } from "./list.ts"

export interface OpenedSource {
  readonly folder: LabDetail | null
  readonly results: ReadonlyArray<ListedLab>
  readonly meta: PageMeta
}

export const openSource = Effect.fn("Labs.open")(function* (source: LabSource) {
  const folderId = source.kind === "folder" ? source.folderId : null
  const [folder, page] = yield* Effect.all([folderId === null ? Effect.succeed(null) : loadLab(folderId), loadLabPage(source, 1)], {
    concurrency: 2
  })
  return { folder, results: page.results, meta: page.meta } satisfies OpenedSource
})

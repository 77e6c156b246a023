// Name search over owner indexes (owner-index.ts): which labs, among those a search may show,
// contain the typed text, in the asked order, one page of them, and how many there are. Pure.
//
// Two ways, as a search engine plans a query:
// - exact: the trigram lists give the few labs that may match; each is checked and admitted or
//   not, all matches are sorted, and the count is exact. Cheap when some trigram of the text is
//   rare, which is when the matches are few.
// - walk: when every trigram of the text is common and the order is by name, the names are read
//   in that order and checked until the page and one more are found (the count is then only a
//   lower bound, as PageMeta.count_relation says). A common word fills a page within a few
//   hundred names; if a walk reads WALK_BUDGET names without that (common trigrams, rare
//   together), the search is done the exact way instead.
import type { Ordering } from "../../src/contract/labs.ts"
import type { Paging } from "../domain/paging.ts"
import { type OwnerIndex, type Trigram, trigramsOf } from "./owner-index.ts"

/** Where a search looks: one owner's index, and which of its live labs the asker may see there. */
export interface Scope {
  readonly index: OwnerIndex
  /** Whether a live lab of the index is in the scope (all of them for the asker's own). */
  readonly admits: (entry: number) => boolean
}

export interface Hit {
  readonly index: OwnerIndex
  readonly entry: number
}

export interface HitPage {
  readonly hits: ReadonlyArray<Hit>
  readonly count: number
  /** The count is a lower bound (a walk stopped once the page and the next were known). */
  readonly atLeast: boolean
}

/** Upper bound on the matches (the rarest trigram's labs) from which a name-ordered search walks. */
export const BROAD = 2000

/** Names a walk reads, per scope, before it gives up for the exact way. */
export const WALK_BUDGET = 25_000

type Key = "name" | "updated" | "created" | "size"

const orderings: Record<Ordering, { readonly key: Key; readonly sign: 1 | -1 }> = {
  name: { key: "name", sign: 1 },
  "-name": { key: "name", sign: -1 },
  updated_at: { key: "updated", sign: 1 },
  "-updated_at": { key: "updated", sign: -1 },
  created_at: { key: "created", sign: 1 },
  "-created_at": { key: "created", sign: -1 },
  size: { key: "size", sign: 1 },
  "-size": { key: "size", sign: -1 }
}

const cmp = (x: string | number, y: string | number): number => (x < y ? -1 : x > y ? 1 : 0)

/**
 * The order of lab lists (lab-listing.ts's orderSql): folders first, then the key in its direction,
 * then the name ascending (for other keys), then the id ascending.
 */
export const hitOrder = (ordering: Ordering) => {
  const { key, sign } = orderings[ordering]
  return (a: Hit, b: Hit): number => {
    const dirs = Number(b.index.isDir(b.entry)) - Number(a.index.isDir(a.entry))
    if (dirs !== 0) return dirs
    let by = 0
    if (key === "updated") by = cmp(a.index.updated[a.entry]!, b.index.updated[b.entry]!)
    else if (key === "created") by = cmp(a.index.created[a.entry]!, b.index.created[b.entry]!)
    else if (key === "size") by = cmp(a.index.sizes[a.entry]!, b.index.sizes[b.entry]!)
    if (by !== 0) return by * sign
    const names = cmp(a.index.names[a.entry]!, b.index.names[b.entry]!)
    if (names !== 0) return key === "name" ? names * sign : names
    return cmp(a.index.ids[a.entry]!, b.index.ids[b.entry]!)
  }
}

const matches = (scope: Scope, entry: number, term: string): boolean =>
  scope.index.isLive(entry) && scope.index.names[entry]!.includes(term) && scope.admits(entry)

/** Every match of one scope, the exact way. */
const allMatches = (scope: Scope, term: string, trigrams: ReadonlyArray<Trigram>, into: Hit[]): void => {
  const { index } = scope
  const candidates = index.candidates(trigrams)
  if (candidates === undefined) {
    for (let entry = 0; entry < index.size; entry++) if (matches(scope, entry, term)) into.push({ index, entry })
    return
  }
  for (const entry of candidates) if (matches(scope, entry, term)) into.push({ index, entry })
}

/** The first `need` matches of one scope in name order; undefined when the budget ran out first. */
const walkMatches = (scope: Scope, term: string, descending: boolean, need: number, budget: number): Hit[] | undefined => {
  const found: Hit[] = []
  let read = 0
  let exhausted = false
  scope.index.walk(descending, (entry) => {
    if (++read > budget) {
      exhausted = true
      return true
    }
    if (scope.index.names[entry]!.includes(term) && scope.admits(entry)) found.push({ index: scope.index, entry })
    return found.length >= need
  })
  return exhausted ? undefined : found
}

/** When to walk (see the top of this file); the defaults, unless a test needs small ones. */
export interface Tuning {
  readonly broad: number
  readonly walkBudget: number
}

/** One page of the labs in the scopes whose lowercased name contains `term` (lowercased, not empty). */
export const searchNames = (
  scopes: ReadonlyArray<Scope>,
  term: string,
  ordering: Ordering,
  paging: Paging,
  tuning: Tuning = { broad: BROAD, walkBudget: WALK_BUDGET }
): HitPage => {
  const trigrams = trigramsOf(term)
  const order = hitOrder(ordering)
  const need = paging.offset + paging.limit + 1
  if (ordering === "name" || ordering === "-name") {
    const bound = scopes.reduce((sum, scope) => sum + scope.index.bound(trigrams), 0)
    if (bound >= tuning.broad) {
      const walked: Hit[] = []
      let complete = true
      for (const scope of scopes) {
        const found = walkMatches(scope, term, ordering === "-name", need, tuning.walkBudget)
        if (found === undefined) {
          complete = false
          break
        }
        walked.push(...found)
      }
      if (complete) {
        walked.sort(order)
        return { hits: walked.slice(paging.offset, paging.offset + paging.limit), count: walked.length, atLeast: walked.length >= need }
      }
    }
  }
  const all: Hit[] = []
  for (const scope of scopes) allMatches(scope, term, trigrams, all)
  all.sort(order)
  return { hits: all.slice(paging.offset, paging.offset + paging.limit), count: all.length, atLeast: false }
}

// The success envelope the handlers answer with (src/contract/envelope.ts).
import type { PageMeta } from "../../src/contract/envelope.ts"
import { pageMeta, type Paging } from "../domain/paging.ts"

export const ok = <A>(data: A, message?: string) => ({ status: "success", ...(message === undefined ? {} : { message }), data }) as const

export const done = (message: string) => ({ status: "success", message, data: null }) as const

export const page = <A>(
  results: ReadonlyArray<A>,
  count: number,
  paging: Paging,
  atLeast = false
): { results: ReadonlyArray<A>; meta: PageMeta } => ({
  results,
  meta: pageMeta(count, paging, atLeast)
})

/** One id or a list of ids, as a list. */
export const idList = (ids: string | ReadonlyArray<string>): ReadonlyArray<string> => (typeof ids === "string" ? [ids] : ids)

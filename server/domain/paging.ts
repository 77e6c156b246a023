// Page and limit of a list: positive whole numbers, the limit capped. A bad value is a 400 naming
// the field, like every other field error.
import type { FieldErrors } from "../../src/contract/errors.ts"
import { MAX_PAGE, type PageMeta } from "../../src/contract/envelope.ts"
import { render } from "./field-errors.ts"

export interface Paging {
  readonly page: number
  readonly limit: number
  readonly offset: number
}

export { MAX_PAGE }

export const MAX_LIMIT = 100

const isCount = (n: number, max = Number.POSITIVE_INFINITY) => Number.isInteger(n) && n >= 1 && n <= max

export const paging = (
  query: { readonly page?: number | undefined; readonly limit?: number | undefined },
  defaultLimit: number,
  maxLimit = MAX_LIMIT
): { readonly ok: true; readonly paging: Paging } | { readonly ok: false; readonly errors: FieldErrors } => {
  const page = query.page ?? 1
  const requested = query.limit ?? defaultLimit
  if (!isCount(page, MAX_PAGE) || !isCount(requested)) {
    const invalid = [render("validation.invalid")]
    return {
      ok: false,
      errors: { ...(isCount(page, MAX_PAGE) ? {} : { page: invalid }), ...(isCount(requested) ? {} : { limit: invalid }) }
    }
  }
  const limit = Math.min(requested, maxLimit)
  return { ok: true, paging: { page, limit, offset: (page - 1) * limit } }
}

/** `atLeast`: the count is a lower bound (see PageMeta.count_relation). */
export const pageMeta = (count: number, { page, limit }: Paging, atLeast = false): PageMeta => ({
  count,
  current_page: page,
  next_page: page * limit < count ? page + 1 : null,
  ...(atLeast ? { count_relation: "gte" as const } : {})
})

/** The same page with at most `limit` items: the page number stays, the offset follows the smaller limit. */
export const capPaging = (paging: Paging, limit: number): Paging =>
  paging.limit <= limit ? paging : { page: paging.page, limit, offset: (paging.page - 1) * limit }

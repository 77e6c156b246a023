// The success envelope of every /v2 answer: { status: "success", message?, data }.
// Lists carry { results, meta: { count, current_page, next_page } } with next_page null at the end.
import { Schema } from "effect"

export const Ok = <S extends Schema.Top>(data: S) =>
  Schema.Struct({ status: Schema.Literal("success"), message: Schema.optionalKey(Schema.String), data })

export const PageMeta = Schema.Struct({
  count: Schema.Number,
  current_page: Schema.Number,
  next_page: Schema.NullOr(Schema.Number),
  /**
   * "gte" where `count` is only a lower bound (as a search engine's total): a broad name search
   * counts its matches only as far as the page after this one. Absent: `count` is exact.
   */
  count_relation: Schema.optionalKey(Schema.Literal("gte"))
})
export type PageMeta = typeof PageMeta.Type

export const Page = <S extends Schema.Top>(item: S) => Schema.Struct({ results: Schema.Array(item), meta: PageMeta })

/** Far past any real list; beyond it an offset would overflow the database's integers. */
export const MAX_PAGE = 1_000_000
/** The largest page any list takes (the spec fetches a slide's annotations with 999999); each list caps lower. */
export const MAX_PAGE_LIMIT = 999_999

const count = (maximum: number) => Schema.FiniteFromString.check(Schema.isInt(), Schema.isBetween({ minimum: 1, maximum }))

/** Query of a paged list; the numbers arrive as strings, whole and within bounds, or the request is a 400. */
export const PageQuery = {
  page: Schema.optional(count(MAX_PAGE)),
  limit: Schema.optional(count(MAX_PAGE_LIMIT))
}

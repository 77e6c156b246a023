// The page and limit of a list request, or the 400 that names the bad one.
import { Effect } from "effect"
import { type BadRequest, badRequest } from "../../src/contract/errors.ts"
import { type Paging, paging } from "../domain/paging.ts"

export const requirePaging = (
  query: { readonly page?: number | undefined; readonly limit?: number | undefined },
  defaultLimit: number,
  maxLimit?: number
): Effect.Effect<Paging, BadRequest> => {
  const result = paging(query, defaultLimit, maxLimit)
  return result.ok ? Effect.succeed(result.paging) : Effect.fail(badRequest(result.errors))
}

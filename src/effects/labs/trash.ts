// The trash of the signed-in owner: list it, restore from it, delete forever, empty it.
import { Effect } from "effect"
import { call, endpoints } from "../call.ts"

export const TRASH_PAGE_SIZE = 40

export const loadTrashPage = Effect.fn("Trash.list")(function* (page: number) {
  const answer = yield* call(endpoints.trash.list, { query: { page, limit: TRASH_PAGE_SIZE } })
  return answer.data
})

export const restoreLab = Effect.fn("Trash.restore")(function* (id: string) {
  yield* call(endpoints.trash.restore, { payload: { lab_id: id } })
  return id
})

export const purgeLab = Effect.fn("Trash.purge")(function* (id: string) {
  yield* call(endpoints.trash.purge, { params: { id } })
  return id
})

export const emptyTrash = Effect.fn("Trash.empty")(function* () {
  yield* call(endpoints.trash.empty)
})

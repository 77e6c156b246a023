// The trash of the signed-in owner: list it, restore from it, delete forever, empty it.
import { Effect } from "effect"
import { Ok, Page } from "../../contract/envelope.ts"
import { TrashItem } from "../../contract/labs.ts"
import { Api } from "../Api.ts"
import { Acknowledged } from "../auth/acknowledged.ts"

export const TRASH_PAGE_SIZE = 40

export const loadTrashPage = Effect.fn("Trash.list")(function* (page: number) {
  const api = yield* Api
  const answer = yield* api.request({
    method: "GET",
    path: "/v2/labs/trash/",
    query: { page, limit: TRASH_PAGE_SIZE },
    success: Ok(Page(TrashItem))
  })
  return answer.data
})

export const restoreLab = Effect.fn("Trash.restore")(function* (id: string) {
  const api = yield* Api
  yield* api.request({ method: "POST", path: "/v2/restore/", body: { lab_id: id }, success: Acknowledged })
  return id
})

export const purgeLab = Effect.fn("Trash.purge")(function* (id: string) {
  const api = yield* Api
  yield* api.request({ method: "DELETE", path: `/v2/labs/trash/${encodeURIComponent(id)}/`, success: Acknowledged })
  return id
})

export const emptyTrash = Effect.fn("Trash.empty")(function* () {
  const api = yield* Api
  yield* api.request({ method: "DELETE", path: "/v2/labs/trash/", success: Acknowledged })
})

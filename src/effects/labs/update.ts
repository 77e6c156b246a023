// PUT /v2/labs/{id}/: the one endpoint behind Rename (a new name) and Move (a new parent).
import { Effect } from "effect"
import type { UpdateLabPayload } from "../../contract/labs.ts"
import { call, endpoints } from "../call.ts"

const update = (id: string, payload: UpdateLabPayload) =>
  call(endpoints.labs.update, { params: { id }, payload }).pipe(Effect.map((answer) => answer.data))

export const renameLab = Effect.fn("Labs.rename")(function* (id: string, name: string) {
  return yield* update(id, { name })
})

/** `parent` null moves the lab to the root of its owner's labs. */
export const moveLab = Effect.fn("Labs.move")(function* (id: string, parent: string | null) {
  return yield* update(id, { parent })
})

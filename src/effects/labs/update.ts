// PUT /v2/labs/{id}/: the one endpoint behind Rename (a new name) and Move (a new parent).
import { Effect } from "effect"
import { Ok } from "../../contract/envelope.ts"
import { Lab, type UpdateLabPayload } from "../../contract/labs.ts"
import { Api } from "../Api.ts"

const update = (id: string, body: UpdateLabPayload) =>
  Api.use((api) => api.request({ method: "PUT", path: `/v2/labs/${encodeURIComponent(id)}/`, body: { ...body }, success: Ok(Lab) })).pipe(
    Effect.map((answer) => answer.data)
  )

export const renameLab = Effect.fn("Labs.rename")(function* (id: string, name: string) {
  return yield* update(id, { name })
})

/** `parent` null moves the lab to the root of its owner's labs. */
export const moveLab = Effect.fn("Labs.move")(function* (id: string, parent: string | null) {
  return yield* update(id, { parent })
})

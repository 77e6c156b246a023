import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { annotationOf, ring } from "../../annotation/store/fixtures.ts"
import { Api, type ApiRequest } from "../Api.ts"
import { Conflict, Forbidden } from "../ApiError.ts"
import { updateAnnotation } from "./edit.ts"

const mine = annotationOf("00000000-0000-4000-8000-000000000001", ring(10, 10, 5), { version: 2 })
const theirs = { ...mine, version: 3, visible: true, user: { id: "u2", email: "grace@example.org", name: "Grace" } }

const run = (respond: (request: ApiRequest<unknown>) => Effect.Effect<unknown, never> | Effect.Effect<never, unknown>) => {
  const sent: Array<ApiRequest<unknown>> = []
  const layer = Api.test((request) => {
    sent.push(request)
    return respond(request) as Effect.Effect<unknown, never>
  })
  const program = updateAnnotation({ labId: "slide-1", id: mine.id, patch: { visible: false }, version: 2 })
  return { sent, result: Effect.runPromise(Effect.result(Effect.provide(program, layer))) }
}

describe("updateAnnotation", () => {
  it("sends the version the edit started from and answers the saved annotation", async () => {
    const { sent, result } = run(() =>
      Effect.succeed({ status: "success", data: { annotations: { ...mine, version: 3, visible: false } } })
    )
    const outcome = await result
    expect(sent[0]).toMatchObject({ method: "PUT", path: `/v2/labs/slide-1/annotations/${mine.id}/`, body: { visible: false, version: 2 } })
    expect(outcome).toMatchObject({ _tag: "Success", success: { _tag: "Saved", annotation: { version: 3, visible: false } } })
  })

  it("a 409 is an outcome with the annotation as it is now, so nothing is lost silently", async () => {
    const { sent, result } = run((request) =>
      request.method === "PUT"
        ? Effect.fail(new Conflict({ message: "stale version" }))
        : Effect.succeed({ status: "success", data: { results: [theirs], meta: { count: 1, current_page: 1, next_page: null } } })
    )
    const outcome = await result
    expect(sent.map((r) => r.method)).toEqual(["PUT", "GET"])
    expect(outcome).toMatchObject({ _tag: "Success", success: { _tag: "Conflict", current: { version: 3, user: { name: "Grace" } } } })
  })

  it("a 403 stays a failure (the viewer says the user may not change it)", async () => {
    const { result } = run(() => Effect.fail(new Forbidden({ message: "not yours" })))
    expect(await result).toMatchObject({ _tag: "Failure", failure: { _tag: "Forbidden" } })
  })
})

import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { annotationOf, ring } from "../../testing/annotationFixtures.ts"
import { Api, type ApiRequest } from "../Api.ts"
import { Conflict, Forbidden } from "../ApiError.ts"
import { shapeOf } from "../../annotation/store/shape.ts"
import { applyChanges, listAnnotations, updateAnnotation } from "./edit.ts"

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

describe("applyChanges", () => {
  it("sends a step's changes a few at a time and answers each by id; a 403 is that one's answer, not the step's", async () => {
    let inFlight = 0
    let most = 0
    const sent: Array<ApiRequest<unknown>> = []
    const layer = Api.test((request) => {
      sent.push(request)
      return Effect.gen(function* () {
        inFlight++
        most = Math.max(most, inFlight)
        yield* Effect.sleep("5 millis")
        inFlight--
        if (request.path.includes("-000000000003")) return yield* Effect.fail(new Forbidden({ message: "not yours" }))
        return { status: "success", data: null }
      })
    })
    const shapes = Array.from({ length: 8 }, (_, i) => {
      const parsed = shapeOf(annotationOf(`00000000-0000-4000-8000-00000000000${i}`, ring(10, 10, 5), { version: 2 }))
      if (!parsed.ok) throw new Error(parsed.error)
      return parsed.shape
    })
    const program = applyChanges(
      shapes.map((shape) => ({ labId: "slide-1", id: shape.id, from: shape, to: null, version: 2 })),
      3
    )
    const results = await Effect.runPromise(Effect.provide(program, layer))
    expect(sent).toHaveLength(8)
    expect(sent.map((request) => [request.method, request.query])).toEqual(shapes.map(() => ["DELETE", { version: "2" }]))
    expect(most).toBe(3)
    expect(Object.keys(results)).toEqual(shapes.map((shape) => shape.id))
    expect(results[shapes[3]!.id]).toMatchObject({ _tag: "Failed", error: { _tag: "Forbidden" } })
    expect(Object.values(results).filter((r) => r._tag === "Saved")).toHaveLength(7)
  })
})

describe("listAnnotations", () => {
  it("follows next_page: a reader who is not the slide's member is answered a bounded page at a time", async () => {
    const second = { ...theirs, id: "00000000-0000-4000-8000-000000000002" }
    const sent: Array<ApiRequest<unknown>> = []
    const layer = Api.test((request) => {
      sent.push(request)
      const page = Number((request as { query?: { page?: number } }).query?.page ?? 1)
      return Effect.succeed({
        status: "success",
        data: { results: [page === 1 ? theirs : second], meta: { count: 2, current_page: page, next_page: page === 1 ? 2 : null } }
      }) as Effect.Effect<unknown, never>
    })
    const results = await Effect.runPromise(Effect.provide(listAnnotations("slide-1"), layer))
    expect(sent).toHaveLength(2)
    expect(results.map((a) => a.id)).toEqual([theirs.id, second.id])
  })
})

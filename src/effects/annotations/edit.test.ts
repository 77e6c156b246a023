import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { annotationOf, ring } from "../../testing/annotationFixtures.ts"
import { Api, type ApiRequest } from "../Api.ts"
import { badRequest, Conflict, Forbidden } from "../ApiError.ts"
import { shapeOf } from "../../annotation/store/shape.ts"
import { applyChanges, type ChangeInput, listAnnotations, updateAnnotation } from "./edit.ts"

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

const shapesOf = (n: number, version = 2) =>
  Array.from({ length: n }, (_, i) => {
    const parsed = shapeOf(annotationOf(`00000000-0000-4000-8000-00000000000${i}`, ring(10, 10, 5), { version }))
    if (!parsed.ok) throw new Error(parsed.error)
    return parsed.shape
  })

/** Runs applyChanges against `respond`, keeping what was sent. */
const applied = async (
  inputs: ReadonlyArray<ChangeInput>,
  respond: (request: ApiRequest<unknown>) => Effect.Effect<unknown, unknown>,
  concurrency = 3
) => {
  const sent: Array<ApiRequest<unknown>> = []
  const layer = Api.test((request) => {
    sent.push(request)
    return respond(request) as Effect.Effect<unknown, never>
  })
  const results = await Effect.runPromise(Effect.provide(applyChanges(inputs, concurrency), layer))
  return { sent, results }
}

const bulkAnswer = (ids: ReadonlyArray<string>) => Effect.succeed({ status: "success", data: { count: ids.length, ids } })

describe("applyChanges", () => {
  it("sends a step's one-by-one changes a few at a time and answers each by id; a 403 is that one's answer, not the step's", async () => {
    let inFlight = 0
    let most = 0
    const shapes = shapesOf(8)
    const { sent, results } = await applied(
      // Moves: each names the version it started from, so they go one call each.
      shapes.map((shape) => ({
        labId: "slide-1",
        id: shape.id,
        from: shape,
        to: { ...shape, coords: shape.coords.map((v) => v + 1) },
        version: 2
      })),
      (request) =>
        Effect.gen(function* () {
          inFlight++
          most = Math.max(most, inFlight)
          yield* Effect.sleep("5 millis")
          inFlight--
          if (request.path.includes("-000000000003")) return yield* Effect.fail(new Forbidden({ message: "not yours" }))
          const id = request.path.split("/").at(-2)!
          return { status: "success", data: { annotations: annotationOf(id, ring(11, 11, 5), { version: 3 }) } }
        })
    )
    expect(sent).toHaveLength(8)
    expect(sent.every((request) => request.method === "PUT")).toBe(true)
    expect(most).toBe(3)
    expect(Object.keys(results)).toEqual(shapes.map((shape) => shape.id))
    expect(results[shapes[3]!.id]).toMatchObject({ _tag: "Failed", error: { _tag: "Forbidden" } })
    expect(Object.values(results).filter((r) => r._tag === "Saved")).toHaveLength(7)
  })

  it("deletes a selection in one bulk call and answers every shape deleted", async () => {
    const shapes = shapesOf(8)
    const { sent, results } = await applied(
      shapes.map((shape) => ({ labId: "slide-1", id: shape.id, from: shape, to: null, version: 2 })),
      (request) => bulkAnswer((request.body as { ids: string[] }).ids)
    )
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({
      method: "POST",
      path: "/v2/labs/slide-1/annotations/bulk-delete/",
      body: { ids: shapes.map((s) => s.id) }
    })
    expect(Object.values(results)).toEqual(shapes.map(() => ({ _tag: "Saved", shape: null })))
  })

  it("a refused bulk call (403) is every shape's answer: nothing was deleted", async () => {
    const shapes = shapesOf(3)
    const { sent, results } = await applied(
      shapes.map((shape) => ({ labId: "slide-1", id: shape.id, from: shape, to: null, version: 2 })),
      () => Effect.fail(new Forbidden({ message: "not yours" }))
    )
    expect(sent).toHaveLength(1)
    expect(Object.values(results).every((r) => r._tag === "Failed" && r.error._tag === "Forbidden")).toBe(true)
  })

  it("a bulk call refused for its ids (400: one deleted meanwhile) goes one by one, each with its version", async () => {
    const shapes = shapesOf(3)
    const { sent, results } = await applied(
      shapes.map((shape) => ({ labId: "slide-1", id: shape.id, from: shape, to: null, version: 2 })),
      (request) =>
        request.method === "POST"
          ? Effect.fail(badRequest({ ids: ["These are not annotations of this slide: ..."] }))
          : Effect.succeed({ status: "success", data: null })
    )
    expect(sent.map((r) => r.method)).toEqual(["POST", "DELETE", "DELETE", "DELETE"])
    expect(sent.slice(1).map((r) => r.query)).toEqual(shapes.map(() => ({ version: "2" })))
    expect(Object.values(results).every((r) => r._tag === "Saved" && r.shape === null)).toBe(true)
  })

  it("undoes a multi-delete with one restore: the shapes come back as they were, one version up", async () => {
    const shapes = shapesOf(4)
    const { sent, results } = await applied(
      shapes.map((shape) => ({ labId: "slide-1", id: shape.id, from: null, to: shape, version: 0 })),
      (request) => bulkAnswer((request.body as { ids: string[] }).ids)
    )
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({ method: "POST", path: "/v2/labs/slide-1/annotations/restore/", body: { ids: shapes.map((s) => s.id) } })
    for (const shape of shapes) expect(results[shape.id]).toEqual({ _tag: "Saved", shape: { ...shape, version: 3 } })
  })

  it("undoes one deletion with a restore too: its author, creation time and a pin's replies come back with it", async () => {
    const [shape] = shapesOf(1)
    const { sent, results } = await applied([{ labId: "slide-1", id: shape!.id, from: null, to: shape!, version: 0 }], (request) =>
      bulkAnswer((request.body as { ids: string[] }).ids)
    )
    expect(sent.map((r) => [r.method, r.path])).toEqual([["POST", "/v2/labs/slide-1/annotations/restore/"]])
    expect(results[shape!.id]).toEqual({ _tag: "Saved", shape: { ...shape!, version: 3 } })
  })

  it("a restore refused (400: deleted by someone else, or too long ago) creates the shape again instead", async () => {
    const [shape] = shapesOf(1)
    const { sent } = await applied([{ labId: "slide-1", id: shape!.id, from: null, to: shape!, version: 0 }], (request) =>
      request.path.endsWith("/restore/")
        ? Effect.fail(badRequest({ ids: ["These are not annotations you deleted on this slide in the last 24 hours"] }))
        : Effect.succeed({ status: "success", data: { results: [annotationOf(shape!.id, ring(20, 20, 10), { version: 1 })] } })
    )
    expect(sent.map((r) => r.path)).toEqual(["/v2/labs/slide-1/annotations/restore/", "/v2/labs/slide-1/v2/annotations/"])
  })

  it("relabels a selection with one bulk update per label; a reshape beside it keeps its own call", async () => {
    const shapes = shapesOf(4)
    const relabelled = shapes.slice(0, 3).map((from) => ({ from, to: { ...from, labelId: "label-b", labelName: "B", color: "#00FF00" } }))
    const reshaped = { from: shapes[3]!, to: { ...shapes[3]!, coords: shapes[3]!.coords.map((v) => v * 2) } }
    const { sent, results } = await applied(
      [...relabelled, reshaped].map(({ from, to }) => ({ labId: "slide-1", id: from.id, from, to, version: 2 })),
      (request) =>
        request.method === "POST"
          ? bulkAnswer((request.body as { ids: string[] }).ids)
          : Effect.succeed({ status: "success", data: { annotations: annotationOf(shapes[3]!.id, ring(20, 20, 10), { version: 3 }) } })
    )
    expect(sent.map((r) => [r.method, r.path])).toEqual([
      ["POST", "/v2/labs/slide-1/annotations/bulk-update/"],
      ["PUT", `/v2/labs/slide-1/annotations/${shapes[3]!.id}/`]
    ])
    expect(sent[0]!.body).toEqual({ ids: relabelled.map((r) => r.from.id), label_id: "label-b" })
    for (const { to } of relabelled) expect(results[to.id]).toEqual({ _tag: "Saved", shape: { ...to, version: 3 } })
    expect(results[shapes[3]!.id]).toMatchObject({ _tag: "Saved", shape: { version: 3 } })
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

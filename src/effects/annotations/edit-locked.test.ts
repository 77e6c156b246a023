// A locked annotation's 409 (the server refuses a move, reshape or delete of it) is a refusal said
// as the lock it is, not a race lost to someone else; a name, description or lock change is a PUT
// of the whole data with them in it.
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { shapeOf } from "../../annotation/store/shape.ts"
import { AnnotationConflict } from "../../contract/annotations.ts"
import { annotationOf, ring } from "../../testing/annotationFixtures.ts"
import { Api, type ApiRequest } from "../Api.ts"
import { applyChanges, type ChangeInput, isLockedRefusal } from "./edit.ts"

const id = "00000000-0000-4000-8000-000000000001"
const stored = (version: number, locked: boolean) => {
  const a = annotationOf(id, ring(10, 10, 5), { version })
  return { ...a, data: { ...a.data, ...(locked ? { locked: true, name: "Keep" } : {}) } }
}
const shapeAt = (version: number, locked: boolean) => {
  const parsed = shapeOf(stored(version, locked))
  if (!parsed.ok) throw new Error(parsed.error)
  return parsed.shape
}

const applied = async (input: ChangeInput, respond: (request: ApiRequest<unknown>) => Effect.Effect<unknown, unknown>) => {
  const sent: Array<ApiRequest<unknown>> = []
  const layer = Api.test((request) => {
    sent.push(request)
    return respond(request) as Effect.Effect<unknown, never>
  })
  const results = await Effect.runPromise(Effect.provide(applyChanges([input], 1), layer))
  return { sent, result: results[id]! }
}

const locked409 = (version: number) =>
  Effect.fail(new AnnotationConflict({ message: "This annotation is locked", current: stored(version, true) }))

describe("a locked annotation's refusal", () => {
  it("a delete or a move of a locked shape at the version it started from fails as locked", async () => {
    const from = shapeAt(2, true)
    const deleted = await applied({ labId: "slide-1", id, from, to: null, version: 2 }, () => locked409(2))
    expect(deleted.sent[0]!.method).toBe("DELETE")
    expect(deleted.result).toMatchObject({ _tag: "Failed", error: { _tag: "AnnotationConflict" } })
    expect(deleted.result._tag === "Failed" && isLockedRefusal(deleted.result.error)).toBe(true)
    const to = { ...from, coords: from.coords.map((v) => v + 5) }
    const moved = await applied({ labId: "slide-1", id, from, to, version: 2 }, () => locked409(2))
    expect(moved.sent.map((r) => r.method)).toEqual(["PUT"])
    expect(moved.result).toMatchObject({ _tag: "Failed", error: { _tag: "AnnotationConflict" } })
  })

  it("locked by someone else since the change began: a conflict, the shape shown as it is now", async () => {
    const from = shapeAt(2, false)
    const { result } = await applied({ labId: "slide-1", id, from, to: null, version: 2 }, () => locked409(3))
    expect(result).toMatchObject({ _tag: "Conflict", current: { version: 3, props: { locked: true } } })
  })

  it("a name, description or lock change PUTs the data with them", async () => {
    const from = shapeAt(2, false)
    const to = { ...from, props: { name: "Region A", description: "Front", locked: true } }
    const { sent, result } = await applied({ labId: "slide-1", id, from, to, version: 2 }, () =>
      Effect.succeed({ status: "success", data: { annotations: stored(3, true) } })
    )
    expect(sent[0]).toMatchObject({ method: "PUT", body: { version: 2, data: { name: "Region A", description: "Front", locked: true } } })
    expect(result).toMatchObject({ _tag: "Saved", shape: { version: 3, props: { locked: true } } })
  })
})

// The contract-derived client against a fake fetch: method, path, query and payload come from the
// endpoint's declaration, the answer is decoded with its Schema, and a failure the endpoint does not
// declare is reported as an unexpected status rather than as a typed error it cannot have.
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { Api } from "../../src/effects/Api.ts"
import { call, endpoints, pathOf } from "../../src/effects/call.ts"
import { TokenStore } from "../../src/effects/TokenStore.ts"
import { lab as labFixture } from "../../src/testing/labFixtures.ts"
import { fieldListsOf } from "../../src/effects/AppFailure.ts"

interface Seen {
  readonly method: string
  readonly url: URL
  readonly body: unknown
  readonly authorization: string | null
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } })

const serverAnswering = (answer: (seen: Seen) => Response) => {
  const seen: Array<Seen> = []
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === "string" || input instanceof URL ? input : input.url)
    const body = typeof init?.body === "string" ? JSON.parse(init.body) : init?.body
    const entry = { method: init?.method ?? "GET", url, body, authorization: new Headers(init?.headers).get("authorization") }
    seen.push(entry)
    return answer(entry)
  }) as typeof globalThis.fetch
  const layer = Api.layer({ baseURL: "http://api.test", fetch }).pipe(
    Layer.provideMerge(TokenStore.memory({ access: "a1", refresh: "r1" }))
  )
  return { seen, layer }
}

const lab = labFixture("l1", "Renamed")

describe("call", () => {
  it("writes path parameters in, escaped", () => {
    expect(pathOf("/v2/labs/:id/info/:metaId/", { id: "a b", metaId: "m/1" })).toBe("/v2/labs/a%20b/info/m%2F1/")
  })

  it.effect("sends the declared method, path and payload with the bearer token, and decodes the answer", () =>
    Effect.gen(function* () {
      const server = serverAnswering(() => json(200, { status: "success", data: lab }))
      const answer = yield* call(endpoints.labs.update, { params: { id: "l 1" }, payload: { name: "Renamed" } }).pipe(
        Effect.provide(server.layer)
      )
      expect(answer.data.name).toBe("Renamed")
      expect(server.seen).toHaveLength(1)
      expect(server.seen[0]!.method).toBe("PUT")
      expect(server.seen[0]!.url.pathname).toBe("/v2/labs/l%201/")
      expect(server.seen[0]!.body).toEqual({ name: "Renamed" })
      expect(server.seen[0]!.authorization).toBe("Bearer a1")
    })
  )

  it.effect("encodes the query with the endpoint's Schema and leaves out what is absent", () =>
    Effect.gen(function* () {
      const server = serverAnswering(() =>
        json(200, { status: "success", data: { results: [], meta: { count: 0, current_page: 2, next_page: null } } })
      )
      yield* call(endpoints.labs.shareds, { query: { page: 2, limit: 20 } }).pipe(Effect.provide(server.layer))
      const url = server.seen[0]!.url
      expect(url.pathname).toBe("/v2/labs/shareds/")
      expect(Object.fromEntries(url.searchParams)).toEqual({ page: "2", limit: "20" })
    })
  )

  it.effect("fails with DecodeError when the answer is not what the contract declares", () =>
    Effect.gen(function* () {
      const server = serverAnswering(() => json(200, { status: "success", data: { id: 7 } }))
      const error = yield* call(endpoints.labs.update, { params: { id: "l1" }, payload: { name: "x" } }).pipe(
        Effect.provide(server.layer),
        Effect.flip
      )
      expect(error._tag).toBe("DecodeError")
    })
  )

  it.effect("keeps a declared error typed, and reports an undeclared one as an unexpected status", () =>
    Effect.gen(function* () {
      const notFound = serverAnswering(() => json(404, { message: "Lab not found." }))
      const declared = yield* call(endpoints.labs.update, { params: { id: "l1" }, payload: { name: "x" } }).pipe(
        Effect.provide(notFound.layer),
        Effect.flip
      )
      expect(declared).toMatchObject({ _tag: "NotFound", message: "Lab not found." })
      // The storage endpoint declares no 409: a server answering one is not following the contract.
      const conflict = serverAnswering(() => json(409, { message: "Odd." }))
      const undeclared = yield* call(endpoints.storage.usage, {}).pipe(Effect.provide(conflict.layer), Effect.flip)
      expect(undeclared).toMatchObject({ _tag: "ServerError", status: 409, message: "Odd." })
    })
  )

  it.effect("delivers a declared error the SPA does not model whole, as the contract declares it", () =>
    Effect.gen(function* () {
      const current = {
        id: "a1",
        lab_id: "l1",
        data: {
          type: "Annotation",
          body: [{ type: "TextualBody", purpose: "tagging", value: "Tumour", label: { id: "t1" } }],
          target: { source: "l1", selector: { type: "FragmentSelector", value: "xywh=pixel:1,2,3,4" } }
        },
        visible: true,
        user: { id: "u2", email: "grace@example.org", name: "Grace" },
        version: 3,
        created_at: "2026-11-25T00:00:00.000Z",
        updated_at: "2026-11-25T00:01:00.000Z"
      }
      const server = serverAnswering(() => json(409, { _tag: "AnnotationConflict", message: "Someone changed it first.", current }))
      const error = yield* call(endpoints.annotations.update, {
        params: { labId: "l1", id: "a1" },
        payload: { visible: false, version: 2 }
      }).pipe(Effect.provide(server.layer), Effect.flip)
      expect(error._tag).toBe("AnnotationConflict")
      expect(error._tag === "AnnotationConflict" && error.current?.version).toBe(3)
    })
  )

  it.effect("refuses input the contract refuses, with a 400 and without sending it", () =>
    Effect.gen(function* () {
      const server = serverAnswering(() => json(200, {}))
      const error = yield* call(
        endpoints.authPublic.login,
        { payload: { email: "not an address", password: "x" } },
        { authenticated: false }
      ).pipe(Effect.provide(server.layer), Effect.flip)
      expect(error._tag).toBe("BadRequest")
      expect(server.seen).toHaveLength(0)
      // Every failing field, in the words the server's 400 would use, so a form shows it the same way.
      expect(error._tag === "BadRequest" && fieldListsOf(error)).toEqual({
        email: ["Enter a valid email address."],
        password: ["Password must be at least 8 characters."]
      })
    })
  )

  it.effect("refuses a missing code of the chosen kind under that field, and an empty field as required only", () =>
    Effect.gen(function* () {
      const server = serverAnswering(() => json(200, {}))
      const error = yield* call(
        endpoints.authPublic.login,
        { payload: { email: "", password: "Secret1!", otp: "12" } },
        { authenticated: false }
      ).pipe(Effect.provide(server.layer), Effect.flip)
      expect(error._tag === "BadRequest" && fieldListsOf(error)).toEqual({
        email: ["This field is required."],
        otp: ["Enter the 6-digit code from your authenticator app."]
      })
      expect(server.seen).toHaveLength(0)
    })
  )
})

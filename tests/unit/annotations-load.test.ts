// The viewer's load of a slide's annotations (loadAnnotations): the compact read at the contract's
// path, with the session, read as bytes and decoded; the labels beside it; an answer that does not
// decode fails as a DecodeError, and a refusal as the status it is.
import { describe, expect, it } from "@effect/vitest"
import { Effect, Exit, Layer } from "effect"
import { annotationOf, compactOf, ring } from "../../src/testing/annotationFixtures.ts"
import { Api } from "../../src/effects/Api.ts"
import { TokenStore } from "../../src/effects/TokenStore.ts"
import { loadAnnotations } from "../../src/effects/annotations/loadSave.ts"

const label = {
  id: "l1",
  lab_id: "s1",
  name: "Tumour",
  color: "#FF0000",
  label_type: "annotation",
  visible: true,
  created_at: "",
  updated_at: ""
}
const labels = { status: "success", data: { results: [label], meta: { count: 1, current_page: 1, next_page: null } } }

/** The bytes the server would send for these annotations. */
const compactBytes = () => {
  const compact = compactOf([annotationOf("a1", ring(10, 10, 5), { comment: "look" }), annotationOf("a2", ring(50, 50, 5))])
  // The whole encoded answer: the decoded coordinates are a view into it.
  const source = new Uint8Array(compact.coords.buffer as ArrayBuffer)
  return { compact, source }
}

const serve = (compact: () => Response) => {
  const seen: Array<{ path: string; auth: string | null }> = []
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === "string" || input instanceof URL ? input : input.url)
    seen.push({ path: url.pathname, auth: new Headers(init?.headers).get("authorization") })
    if (url.pathname.endsWith("/annotations/compact/")) return compact()
    return new Response(JSON.stringify(labels), { status: 200, headers: { "content-type": "application/json" } })
  }) as typeof globalThis.fetch
  const layer = Api.layer({ baseURL: "http://api.test", fetch }).pipe(
    Layer.provideMerge(TokenStore.memory({ access: "a1", refresh: "r1" }))
  )
  return { seen, layer }
}

describe("loadAnnotations", () => {
  it.effect("reads the compact answer as bytes, with the session, and the labels beside it", () =>
    Effect.gen(function* () {
      const { compact, source } = compactBytes()
      const server = serve(() => new Response(source, { status: 200, headers: { "content-type": "application/octet-stream" } }))
      const loaded = yield* loadAnnotations("s 1").pipe(Effect.provide(server.layer))
      expect(server.seen.map((s) => s.path).sort()).toEqual(["/v2/labs/label-slide/", "/v2/labs/s%201/annotations/compact/"])
      expect(server.seen.every((s) => s.auth === "Bearer a1")).toBe(true)
      expect(loaded.labels).toEqual([label])
      expect(loaded.annotations.ids).toEqual(["a1", "a2"])
      expect(loaded.annotations.comments).toEqual({ 0: ["look"] })
      expect([...loaded.annotations.coords]).toEqual([...compact.coords])
    })
  )

  it.effect("an answer that does not decode is a DecodeError; a refusal keeps its status", () =>
    Effect.gen(function* () {
      const { source } = compactBytes()
      const cut = serve(() => new Response(source.slice(0, source.length - 8), { status: 200 }))
      const broken = yield* Effect.exit(loadAnnotations("s1").pipe(Effect.provide(cut.layer)))
      expect(Exit.isFailure(broken) && JSON.stringify(broken.cause)).toContain("DecodeError")
      const hidden = serve(
        () =>
          new Response(JSON.stringify({ status: "error", message: "Not found." }), {
            status: 404,
            headers: { "content-type": "application/json" }
          })
      )
      const refused = yield* Effect.exit(loadAnnotations("s1").pipe(Effect.provide(hidden.layer)))
      expect(Exit.isFailure(refused) && JSON.stringify(refused.cause)).toContain("NotFound")
    })
  )
})

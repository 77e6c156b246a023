// The labs workspace's programs against the Api test layer: which endpoint each one calls, with what,
// and what it makes of the answer. Answers are decoded with the contract, as from a real server.
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import type { ApiRequest } from "../../src/effects/Api.ts"
import { Api } from "../../src/effects/Api.ts"
import { NotFound, ServerError } from "../../src/effects/ApiError.ts"
import { endpoints, pathOf } from "../../src/effects/call.ts"
import { createFolder } from "../../src/effects/labs/create.ts"
import { detailOf, failureOf } from "../../src/effects/labs/failures.ts"
import { setFavorite } from "../../src/effects/labs/favorites.ts"
import { loadLabPage } from "../../src/effects/labs/list.ts"
import { setPublic } from "../../src/effects/labs/metadata.ts"
import { openSource } from "../../src/effects/labs/open.ts"
import { trashLabs } from "../../src/effects/labs/remove.ts"
import { created, folderDetail, info, lab, meta, slides } from "../../src/testing/labFixtures.ts"
import { Defect } from "../../src/effects/Defect.ts"

const recorder = (answer: (request: ApiRequest<unknown>) => unknown) => {
  const requests: Array<ApiRequest<unknown>> = []
  const layer = Api.test((request) => {
    requests.push(request)
    return Effect.succeed(answer(request))
  })
  return { requests, layer }
}

const page = (results: ReadonlyArray<unknown>) => ({ status: "success", data: { results, meta: meta(results.length, null) } })
const done = { status: "success", data: null }

describe("lists", () => {
  it.effect("a folder's page asks for its children, search trimmed and left out when empty", () => {
    const server = recorder(() => page([slides]))
    return Effect.gen(function* () {
      yield* loadLabPage({ kind: "folder", folderId: "f1", search: "  " }, 2)
      yield* loadLabPage({ kind: "folder", folderId: null, search: " liver " }, 1)
      // The query as the contract encodes it: numbers as strings, absent parts left out.
      expect(server.requests.map((r) => [r.method, r.path, r.query])).toEqual([
        ["GET", endpoints.labsView.list.path, { page: "2", limit: "40", parent: "f1" }],
        ["GET", endpoints.labsView.list.path, { page: "1", limit: "40", search: "liver" }]
      ])
    }).pipe(Effect.provide(server.layer))
  })

  it.effect("Recently Access keeps when each lab was opened", () => {
    const server = recorder(() => page([{ ...slides, accessed_at: "2025-03-05T08:00:00Z" }]))
    return Effect.gen(function* () {
      const answer = yield* loadLabPage({ kind: "recent" }, 1)
      expect(server.requests[0]?.path).toBe(endpoints.labs.recents.path)
      expect(answer.results[0]?.accessed_at).toBe("2025-03-05T08:00:00Z")
    }).pipe(Effect.provide(server.layer))
  })

  it.effect("opening a folder asks for the folder and its first page together", () => {
    const biopsies = lab("f2", "Biopsies", { parent: "f1" })
    const server = recorder((request) =>
      request.path === pathOf(endpoints.labsView.get.path, { id: "f1" })
        ? { status: "success", data: folderDetail(slides, [{ id: "f1", name: "Slides" }]) }
        : page([biopsies])
    )
    return Effect.gen(function* () {
      const opened = yield* openSource({ kind: "folder", folderId: "f1", search: "" })
      expect(opened.folder?.breadcrumb).toEqual([{ id: "f1", name: "Slides" }])
      expect(opened.results).toEqual([biopsies])
    }).pipe(Effect.provide(server.layer))
  })
})

describe("changes", () => {
  it.effect("a new folder is read from data.data.results[0]", () => {
    const server = recorder(() => ({
      status: "success",
      data: { data: { results: [created("f4", "New", { id: "f1", name: "Slides" })] } }
    }))
    return Effect.gen(function* () {
      const folder = yield* createFolder("New", "f1")
      expect(server.requests[0]?.body).toEqual({ name: "New", parent: "f1", is_dir: true, is_favorite: false })
      expect(folder.parent).toEqual({ id: "f1", name: "Slides" })
    }).pipe(Effect.provide(server.layer))
  })

  it.effect("one lab goes to the trash by its own path, a selection in one request", () => {
    const server = recorder(() => done)
    return Effect.gen(function* () {
      yield* trashLabs(["f1"])
      yield* trashLabs(["f1", "f2"])
      expect(server.requests.map((r) => [r.method, r.path, r.body])).toEqual([
        ["DELETE", pathOf(endpoints.labs.remove.path, { id: "f1" }), undefined],
        ["DELETE", endpoints.labs.removeMany.path, { lab_id: ["f1", "f2"] }]
      ])
    }).pipe(Effect.provide(server.layer))
  })

  it.effect("un-starring answers the lab without its star", () => {
    const server = recorder(() => done)
    return Effect.gen(function* () {
      const lab = yield* setFavorite({ ...slides, is_favorite: true }, false)
      expect(server.requests[0]).toMatchObject({ method: "DELETE", path: pathOf(endpoints.favorites.remove.path, { id: "f1" }) })
      expect(lab.is_favorite).toBe(false)
    }).pipe(Effect.provide(server.layer))
  })

  it.effect("the public toggle writes mylab-is_public, then reads the panel again", () => {
    const flag = { id: "m1", lab_id: "f1", name: "mylab-is_public", value: "true", created_at: "x", updated_at: "x" }
    const server = recorder((request) =>
      request.method === "PUT"
        ? { status: "success", data: { metadata: flag } }
        : { status: "success", data: info({ access: "public", metadata: [flag] }) }
    )
    return Effect.gen(function* () {
      const panel = yield* setPublic("f1", true)
      expect(server.requests.map((r) => [r.method, r.path, r.body])).toEqual([
        ["PUT", endpoints.metadata.put.path, { lab_id: "f1", name: "mylab-is_public", value: "true" }],
        ["GET", pathOf(endpoints.labsView.info.path, { id: "f1" }), undefined]
      ])
      expect(panel.access).toBe("public")
    }).pipe(Effect.provide(server.layer))
  })
})

describe("failures", () => {
  it("name the action in the spec's words", () => {
    expect(failureOf("search", new ServerError({ status: 500, message: "" })).title).toEqual({ key: "errors.search" })
    expect(failureOf("delete", new Defect(null), { isDir: false }).title).toEqual({ key: "errors.deleteFile" })
    expect(failureOf("delete", new Defect(null), { count: 3 }).title).toEqual({ key: "labs.errors.deleteMany" })
    expect(failureOf("rename", new Defect(null), { isDir: true }).title).toEqual({ key: "errors.renameFolder" })
  })

  it("say what went wrong: the server's sentence for 403/404/409, else the catalogue's", () => {
    expect(detailOf(new NotFound({ message: "Lab not found." }))).toEqual({ text: "Lab not found." })
    expect(detailOf(new NotFound({ message: "" }))).toEqual({ key: "errors.serverError" })
    expect(detailOf(new ServerError({ status: 502, message: "bad gateway" }))).toEqual({ key: "errors.serverError" })
  })
})

// The Uploader against a recording chunk transport and a fake fetch for the Api's renewal: the
// multipart form and headers the server expects, one renewal on 401, typed refusals (the server's
// offset included), progress scaled to the chunk, and interruption aborting the request.
import { describe, expect, it } from "@effect/vitest"
import { Effect, Exit, Fiber, Layer } from "effect"
import { Api, REFRESH_PATH } from "../Api.ts"
import { TokenStore } from "../TokenStore.ts"
import { OffsetMismatch } from "./errors.ts"
import type { ChunkReply } from "./errors.ts"
import type { ChunkRequest, ChunkTransport } from "./transport.ts"
import { NoAnswer } from "./transport.ts"
import { CHUNKS_PATH, type ChunkToSend, Uploader } from "./Uploader.ts"

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } })

/** The Api's fetch: renews r1 into a2/r2, and answers an upload's progress. */
const apiFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = new URL(String(input))
  if (url.pathname === REFRESH_PATH) {
    const body = JSON.parse(String(init?.body)) as { refresh: string }
    return body.refresh === "r1"
      ? json(200, { status: "success", data: { access_token: "a2", refresh_token: "r2" } })
      : json(401, { message: "no" })
  }
  if (url.pathname === "/v2/slides/chunks/up1/") {
    return json(200, { status: "success", data: { upload_id: "up1", offset: 16, total: 20, filename: "liver.tif", lab_id: "f1" } })
  }
  return json(404, { message: "Upload not found." })
}) as typeof globalThis.fetch

const recording = (answer: (request: ChunkRequest, call: number) => Promise<ChunkReply>) => {
  const requests: Array<ChunkRequest> = []
  const transport: ChunkTransport = (request) => {
    requests.push(request)
    return answer(request, requests.length)
  }
  return { requests, transport }
}

const layerWith = (transport: ChunkTransport) =>
  Layer.effect(Uploader, Uploader.make({ baseURL: "http://api.test", transport })).pipe(
    Layer.provideMerge(Api.layer({ baseURL: "http://api.test", fetch: apiFetch })),
    Layer.provideMerge(TokenStore.memory({ access: "a1", refresh: "r1" }))
  )

const file = new File(["0123456789abcdefghij"], "liver.tif")
const chunk = (more: Partial<ChunkToSend> = {}): ChunkToSend => ({
  file,
  start: 8,
  end: 16,
  folderId: "f1",
  filename: "liver.tif",
  uploadId: "up1",
  ...more
})
const receipt = (offset: number) => ({ status: 200, body: { status: "success", data: { upload_id: "up1", offset } }, retryAfter: null })
const send = (c: ChunkToSend) => Uploader.use((uploader) => uploader.sendChunk(c))

describe("Uploader.sendChunk", () => {
  it.effect("posts the fields before the bytes, with the range, the XHR marker and the bearer token", () => {
    const server = recording(async () => receipt(16))
    return Effect.gen(function* () {
      expect(yield* send(chunk())).toEqual({ upload_id: "up1", offset: 16 })
      const [request] = server.requests
      // The contract's path for chunks, with the API's prefix.
      expect(CHUNKS_PATH).toBe("/v2/slides/chunks/")
      expect(request?.url).toBe("http://api.test/v2/slides/chunks/")
      expect(request?.headers).toEqual({
        "Content-Range": "bytes 8-15/20",
        "X-Requested-With": "XMLHttpRequest",
        Authorization: "Bearer a1"
      })
      const fields = [...(request?.form.entries() ?? [])]
      expect(fields.map(([name]) => name)).toEqual(["lab_id", "filename", "upload_id", "file"])
      expect(fields.slice(0, 3).map(([, value]) => value)).toEqual(["f1", "liver.tif", "up1"])
      const bytes = request?.form.get("file")
      expect(bytes instanceof Blob ? yield* Effect.promise(() => bytes.text()) : bytes).toBe("89abcdef")
    }).pipe(Effect.provide(layerWith(server.transport)))
  })

  it.effect("the first chunk has no upload id, and the root is an empty lab_id", () => {
    const server = recording(async () => receipt(8))
    return Effect.gen(function* () {
      yield* send(chunk({ start: 0, end: 8, uploadId: null, folderId: null }))
      const fields = Object.fromEntries(server.requests[0]?.form.entries() ?? [])
      expect(Object.keys(fields)).toEqual(["lab_id", "filename", "file"])
      expect(fields.lab_id).toBe("")
    }).pipe(Effect.provide(layerWith(server.transport)))
  })

  it.effect("an expired token is renewed once through the Api and the chunk sent again", () => {
    const server = recording(async (request) =>
      request.headers.Authorization === "Bearer a2" ? receipt(16) : { status: 401, body: { message: "Token expired." }, retryAfter: null }
    )
    return Effect.gen(function* () {
      expect(yield* send(chunk())).toEqual({ upload_id: "up1", offset: 16 })
      expect(server.requests.map((r) => r.headers.Authorization)).toEqual(["Bearer a1", "Bearer a2"])
      expect(yield* TokenStore.use((tokens) => tokens.get)).toEqual({ access: "a2", refresh: "r2" })
    }).pipe(Effect.provide(layerWith(server.transport)))
  })

  it.effect("a renewed token still refused is Unauthorized, without a third try", () => {
    const server = recording(async () => ({ status: 401, body: { message: "" }, retryAfter: null }))
    return Effect.gen(function* () {
      const exit = yield* Effect.exit(send(chunk()))
      expect(Exit.isFailure(exit) && exit.cause.toString()).toContain("Unauthorized")
      expect(server.requests).toHaveLength(2)
    }).pipe(Effect.provide(layerWith(server.transport)))
  })

  it.effect("refusals arrive typed: the server's offset, not allowed, storage full, wrong format, forgotten, no answer", () => {
    const replies: Array<ChunkReply | "none"> = [
      { status: 400, body: { message: "Continue from byte 16.", upload_id: "up1", offset: 16 }, retryAfter: null },
      { status: 403, body: { message: "You are not allowed to upload in this laboratory" }, retryAfter: null },
      { status: 413, body: { message: "Upload failed, storage full!" }, retryAfter: null },
      {
        status: 400,
        body: { message: "File Upload Failed. Make sure the file format you choose is appropriate", file: ["x"] },
        retryAfter: null
      },
      { status: 404, body: { message: "Upload not found." }, retryAfter: null },
      { status: 503, body: "<html>", retryAfter: null },
      "none"
    ]
    const server = recording(async (_, call) => {
      const reply = replies[call - 1]
      if (reply === undefined || reply === "none") throw new NoAnswer("the connection failed")
      return reply
    })
    return Effect.gen(function* () {
      const failures: Array<unknown> = []
      for (const _ of replies) failures.push(yield* Effect.flip(send(chunk())))
      expect(failures[0]).toEqual(new OffsetMismatch({ offset: 16 }))
      expect(failures.map((failure) => (failure as { _tag: string })._tag)).toEqual([
        "OffsetMismatch",
        "Forbidden",
        "PayloadTooLarge",
        "BadRequest",
        "NotFound",
        "ServerError",
        "NetworkError"
      ])
    }).pipe(Effect.provide(layerWith(server.transport)))
  })

  it.effect("reports the chunk's bytes sent, not the form's", () => {
    const seen: Array<number> = []
    const server = recording(async (request) => {
      // The form is the 8 bytes plus its fields: 400 bytes on the wire, say.
      request.onProgress(200, 400)
      request.onProgress(400, 400)
      return receipt(16)
    })
    return Effect.gen(function* () {
      yield* send(chunk({ onProgress: (sent) => seen.push(sent) }))
      expect(seen).toEqual([4, 8])
    }).pipe(Effect.provide(layerWith(server.transport)))
  })

  it.effect("interrupting the send aborts the request", () => {
    let aborted = false
    const server = recording(
      (request) =>
        new Promise((_, reject) =>
          request.signal.addEventListener("abort", () => {
            aborted = true
            reject(new NoAnswer("aborted"))
          })
        )
    )
    return Effect.gen(function* () {
      const fiber = yield* Effect.forkChild(send(chunk()))
      yield* Effect.yieldNow
      yield* Fiber.interrupt(fiber)
      expect(aborted).toBe(true)
    }).pipe(Effect.provide(layerWith(server.transport)))
  })
})

describe("Uploader.askProgress", () => {
  it.effect("reads the bytes the server holds, and a forgotten upload as NotFound", () =>
    Effect.gen(function* () {
      const uploader = yield* Uploader
      expect(yield* uploader.askProgress("up1")).toEqual({ upload_id: "up1", offset: 16, total: 20, filename: "liver.tif", lab_id: "f1" })
      expect((yield* Effect.flip(uploader.askProgress("gone")))._tag).toBe("NotFound")
    }).pipe(Effect.provide(layerWith(recording(async () => receipt(0)).transport)))
  )
})

// Restoring unfinished uploads after a reload: what the server still holds resumes from its offset,
// what it forgot (or refuses, or holds with another size) is dropped from the store and named, what
// could not be asked is kept for later, and another account's uploads are not touched.
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { Api } from "../Api.ts"
import { Forbidden, NetworkError, NotFound } from "../ApiError.ts"
import { TokenStore } from "../TokenStore.ts"
import { restoreUploads } from "./restore.ts"
import { Uploader } from "./Uploader.ts"
import { type PendingUpload, UploadStore } from "./UploadStore.ts"

const pending = (upload_id: string, filename: string, more: Partial<PendingUpload> = {}): PendingUpload => ({
  upload_id,
  user_id: "u1",
  lab_id: "f1",
  folder_name: "Slides",
  filename,
  size: 20,
  last_modified: 0,
  file: new Blob(["0123456789abcdefghij"]),
  ...more
})

const held = (upload_id: string, offset: number, total = 20) => ({
  status: "success",
  data: { upload_id, offset, total, filename: "x", lab_id: "f1" }
})

const server = Api.test((request) => {
  const id = request.path.split("/").at(-2)
  switch (id) {
    case "up-held":
      return Effect.succeed(held("up-held", 16))
    case "up-resized":
      return Effect.succeed(held("up-resized", 4, 99))
    case "up-offline":
      return Effect.fail(new NetworkError({ message: "offline" }))
    case "up-refused":
      return Effect.fail(new Forbidden({ message: "" }))
    default:
      return Effect.fail(new NotFound({ message: "Upload not found." }))
  }
})

const stored = [
  pending("up-held", "liver.tif"),
  pending("up-gone", "kidney.svs"),
  pending("up-resized", "colon.tif"),
  pending("up-offline", "skin.tif"),
  pending("up-refused", "lung.tif"),
  pending("up-bob", "bob.tif", { user_id: "u2" })
]

const layer = Layer.effect(Uploader, Uploader.make({ baseURL: "", transport: () => Promise.reject(new Error("no chunks here")) })).pipe(
  Layer.provideMerge(Layer.mergeAll(server, TokenStore.memory(null), UploadStore.memory(stored)))
)

describe("restoreUploads", () => {
  it.effect("resumes what the server holds, drops and names what it does not", () =>
    Effect.gen(function* () {
      const restored = yield* restoreUploads("u1")
      expect(restored.resumable.map(({ pending, offset }) => [pending.upload_id, offset])).toEqual([
        ["up-held", 16],
        ["up-offline", null]
      ])
      expect(restored.forgotten).toEqual(["kidney.svs", "colon.tif", "lung.tif"])
      const left = yield* UploadStore.use((store) => store.list("u1"))
      expect(left.map((upload) => upload.upload_id)).toEqual(["up-held", "up-offline"])
      expect((yield* UploadStore.use((store) => store.list("u2"))).map((upload) => upload.upload_id)).toEqual(["up-bob"])
    }).pipe(Effect.provide(layer))
  )
})

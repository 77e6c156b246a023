// The chunked upload as an Effect service: sends one chunk of a file and reads the server's receipt,
// and asks how much of an upload the server holds. Chunks go over a transport of their own
// (XMLHttpRequest in the browser) for progress events, so the bearer token and its one renewal after a
// 401 are handled here, through the Api's shared renewal.
import { Context, Effect, Layer, Schema } from "effect"
import { Api } from "../Api.ts"
import { DecodeError, NetworkError } from "../ApiError.ts"
import { TokenStore } from "../TokenStore.ts"
import { chunkRefusal, type UploadError } from "./errors.ts"
import type { ChunkTransport } from "./transport.ts"
import { Ok } from "../../contract/envelope.ts"
import { ChunkReceipt, Slides, UploadProgress } from "../../contract/slides.ts"
import { pathOf } from "../call.ts"

/** Where chunks go and where an upload's progress is read: the contract's declarations, not written here. */
export const CHUNKS_PATH = Slides.endpoints.chunk.path
export const chunkProgressPath = (uploadId: string) => pathOf(Slides.endpoints.progress.path, { uploadId })

const ChunkAnswer = Ok(ChunkReceipt)
const ProgressAnswer = Ok(UploadProgress)

export interface ChunkToSend {
  readonly file: Blob
  /** First byte of the chunk, and the byte after its last (exclusive). */
  readonly start: number
  readonly end: number
  /** The target folder; null for the root of the user's labs. */
  readonly folderId: string | null
  readonly filename: string
  /** Null for the first chunk: its receipt gives the id. */
  readonly uploadId: string | null
  /** Bytes of this chunk sent so far. */
  readonly onProgress?: (sent: number) => void
}

export interface UploaderConfig {
  /** "" means the SPA's own origin, as for the Api. */
  readonly baseURL: string
  readonly transport: ChunkTransport
}

/** The multipart body: the fields first and the bytes last, since the server streams the file part. */
export const chunkForm = (chunk: ChunkToSend): FormData => {
  const form = new FormData()
  form.append("lab_id", chunk.folderId ?? "")
  form.append("filename", chunk.filename)
  if (chunk.uploadId !== null) form.append("upload_id", chunk.uploadId)
  form.append("file", chunk.file.slice(chunk.start, chunk.end), chunk.filename)
  return form
}

/** `Content-Range: bytes start-end/total`, with an inclusive end as HTTP writes it. */
export const contentRange = (chunk: Pick<ChunkToSend, "start" | "end" | "file">): string =>
  `bytes ${chunk.start}-${chunk.end - 1}/${chunk.file.size}`

export class Uploader extends Context.Service<
  Uploader,
  {
    readonly sendChunk: (chunk: ChunkToSend) => Effect.Effect<ChunkReceipt, UploadError>
    readonly askProgress: (uploadId: string) => Effect.Effect<UploadProgress, UploadError>
  }
>()("preparat/Uploader") {
  static readonly make = (config: UploaderConfig) =>
    Effect.gen(function* () {
      const api = yield* Api
      const tokens = yield* TokenStore
      const decode = Schema.decodeUnknownEffect(ChunkAnswer)

      const post = (chunk: ChunkToSend, access: string | undefined) =>
        Effect.tryPromise({
          // `signal` is declared so that interrupting the fiber (cancel, leaving the state) aborts the request.
          try: (signal) =>
            config.transport({
              url: `${config.baseURL}${CHUNKS_PATH}`,
              headers: {
                "Content-Range": contentRange(chunk),
                "X-Requested-With": "XMLHttpRequest",
                ...(access === undefined ? {} : { Authorization: `Bearer ${access}` })
              },
              form: chunkForm(chunk),
              // The body is the chunk plus a few hundred bytes of form fields: scale to the chunk.
              onProgress: (sent, total) => chunk.onProgress?.(total > 0 ? Math.floor(((chunk.end - chunk.start) * sent) / total) : 0),
              signal
            }),
          catch: (error) => new NetworkError({ message: error instanceof Error ? error.message : String(error) })
        }).pipe(
          Effect.flatMap((reply) =>
            reply.status >= 200 && reply.status < 300
              ? decode(reply.body).pipe(Effect.mapError((error) => new DecodeError({ path: CHUNKS_PATH, message: error.message })))
              : Effect.fail(chunkRefusal(reply))
          ),
          Effect.map((answer) => answer.data)
        )

      const sendChunk = Effect.fn("Uploader.sendChunk")(function* (chunk: ChunkToSend) {
        const access = (yield* tokens.get)?.access
        return yield* post(chunk, access).pipe(
          // An expired access token: renew it once (shared with every other caller) and send again.
          Effect.catchTag("Unauthorized", (refused) =>
            access === undefined ? Effect.fail(refused) : api.renew(access).pipe(Effect.flatMap((fresh) => post(chunk, fresh)))
          )
        )
      })

      const askProgress = Effect.fn("Uploader.askProgress")(function* (uploadId: string) {
        const answer = yield* api.request({ method: "GET", path: chunkProgressPath(uploadId), success: ProgressAnswer })
        return answer.data
      })

      return Uploader.of({ sendChunk, askProgress })
    })

  static readonly layer = (config: UploaderConfig) => Layer.effect(Uploader, Uploader.make(config))
}

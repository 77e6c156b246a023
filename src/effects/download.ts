// Binary answers of /v2 (an invoice PDF, a receipt, a transfer proof, a slide's compact annotations):
// the path comes from the contract as in call.ts, the bearer token and its renewal from Api, and the
// body arrives as a Blob (a file to save) or bytes (to read here) rather than parsed JSON. Needed
// because these answers are behind the session, so a plain link (which carries no Authorization
// header) cannot fetch them, and call() decodes JSON.
import { Effect, Schema } from "effect"
import type { HttpApiEndpoint } from "effect/http-api"
import { Api } from "./Api.ts"
import type { ApiError } from "./ApiError.ts"
import { pathOf } from "./call.ts"

const BlobSchema = Schema.declare((value: unknown): value is Blob => value instanceof Blob)
const BytesSchema = Schema.declare((value: unknown): value is ArrayBuffer => value instanceof ArrayBuffer)

/** A file the server answered, with the name to save it under. */
export interface DownloadedFile {
  readonly blob: Blob
  readonly filename: string
}

/** Fetches `endpoint` (a GET with path parameters and, if given, a query) and answers its body as a Blob. */
export const download = (
  endpoint: HttpApiEndpoint.Top,
  params: Readonly<Record<string, string>>,
  query?: Readonly<Record<string, string>>
): Effect.Effect<Blob, ApiError, Api> =>
  Api.use((api) =>
    api.request({
      method: "GET",
      path: pathOf(endpoint.path, params),
      ...(query === undefined ? {} : { query: { ...query } }),
      success: BlobSchema as Schema.Decoder<Blob>,
      responseType: "blob"
    })
  )

/** Fetches `endpoint` (a GET with path parameters and an optional query) and answers its body as bytes. */
export const downloadBytes = (
  endpoint: HttpApiEndpoint.Top,
  params: Readonly<Record<string, string>>,
  query?: Readonly<Record<string, string>>
): Effect.Effect<Uint8Array, ApiError, Api> =>
  Api.use((api) =>
    api.request({
      method: "GET",
      path: pathOf(endpoint.path, params),
      ...(query === undefined ? {} : { query: { ...query } }),
      success: BytesSchema as Schema.Decoder<ArrayBuffer>,
      responseType: "arrayBuffer",
      // Bytes the page reads (a slide's annotations, up to tens of MB) arrive while the viewer is busy.
      offMainThread: true
    })
  ).pipe(Effect.map((buffer) => new Uint8Array(buffer)))

// Sends one multipart chunk and reports how much of it has gone out. The browser's is
// XMLHttpRequest: fetch reports no upload progress. Tests hand the Uploader another transport.
import type { ChunkReply } from "./errors.ts"

export interface ChunkRequest {
  /** Absolute or same-origin URL of the chunk endpoint. */
  readonly url: string
  readonly headers: Readonly<Record<string, string>>
  readonly form: FormData
  /** Bytes of the request body sent so far, and the body's whole size (form fields included). */
  readonly onProgress: (sent: number, total: number) => void
  /** Aborting it aborts the request. */
  readonly signal: AbortSignal
}

/** Resolves with any answer the server gave; rejects only when none came (offline, reset, aborted). */
export type ChunkTransport = (request: ChunkRequest) => Promise<ChunkReply>

/** Thrown when the request got no answer. */
export class NoAnswer extends Error {}

const parseBody = (text: string): unknown => {
  if (text === "") return null
  try {
    return JSON.parse(text)
  } catch {
    // A proxy's HTML error page: the status says enough.
    return text
  }
}

export const xhrTransport: ChunkTransport = (request) =>
  new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open("POST", request.url)
    for (const [name, value] of Object.entries(request.headers)) xhr.setRequestHeader(name, value)
    xhr.setRequestHeader("Accept", "application/json")
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) request.onProgress(event.loaded, event.total)
    }
    xhr.onload = () => resolve({ status: xhr.status, body: parseBody(xhr.responseText), retryAfter: xhr.getResponseHeader("retry-after") })
    xhr.onerror = () => reject(new NoAnswer("the connection failed"))
    xhr.ontimeout = () => reject(new NoAnswer("the request timed out"))
    xhr.onabort = () => reject(new NoAnswer("aborted"))
    if (request.signal.aborted) return reject(new NoAnswer("aborted"))
    request.signal.addEventListener("abort", () => xhr.abort(), { once: true })
    xhr.send(request.form)
  })

// A fetch whose body is read on a worker's thread. In a renderer busy drawing the slide (each
// OpenSeadragon frame takes its main thread for 100 ms or more while tiles arrive, in software GL),
// a 57 MB answer read on the main thread trickles in between frames: 2.5 s where the same bytes take
// 130 ms alone. The worker reads it whole and transfers the buffer; the page only wraps it in a
// Response, so ofetch, the token renewal and the error decoding in Api.ts stay as they are.
// Undefined where there are no workers (the unit tests' Node): callers then use the plain fetch.

interface Answered {
  readonly id: number
  readonly status?: number
  readonly statusText?: string
  readonly headers?: ReadonlyArray<readonly [string, string]>
  readonly body?: ArrayBuffer
  readonly error?: string
  /** When the worker's request started, had its first byte and its last (wall clock), and its size. */
  readonly timing?: {
    readonly requestStart?: number
    readonly responseStart?: number
    readonly responseEnd?: number
    readonly bytes?: number
  }
}

/**
 * A Response whose bytes are the worker's buffer as it was transferred. Chromium reads a constructed
 * Response's body back through its blob machinery, a copy that took 0.9 s of the main thread for a
 * million detections' 71 MB (tests/bench/detections.bench.ts); `arrayBuffer()` answers the buffer
 * itself. Every other reading (text, json) goes through the body as ever.
 */
class TransferredResponse extends Response {
  readonly #bytes: ArrayBuffer
  constructor(bytes: ArrayBuffer, init: ResponseInit) {
    super(bytes, init)
    this.#bytes = bytes
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    return this.bodyUsed ? super.arrayBuffer() : Promise.resolve(this.#bytes)
  }
}

let worker: Worker | null = null
let nextId = 0
const waiting = new Map<number, { readonly resolve: (response: Response) => void; readonly reject: (error: unknown) => void }>()

const started = (): Worker => {
  if (worker !== null) return worker
  const created = new Worker(new URL("./fetch.worker.ts", import.meta.url), { type: "module" })
  created.onmessage = (event: MessageEvent<Answered>) => {
    const { id, error, status = 0, statusText = "", headers = [], body, timing } = event.data
    const pending = waiting.get(id)
    if (pending === undefined) return
    waiting.delete(id)
    // A network failure is a TypeError from fetch; so it is here, for ofetch to read the same way.
    // On the page's timeline too, as "worker-fetch" (the annotations bench reads it).
    if (timing?.requestStart !== undefined && timing.responseEnd !== undefined)
      performance.measure("worker-fetch", {
        start: timing.requestStart - performance.timeOrigin,
        end: timing.responseEnd - performance.timeOrigin,
        detail: { firstByte: (timing.responseStart ?? Number.NaN) - performance.timeOrigin, bytes: timing.bytes }
      })
    if (error !== undefined) pending.reject(new TypeError(error))
    else {
      const init = { status, statusText, headers: headers.map(([k, v]) => [k, v] as [string, string]) }
      pending.resolve(
        status === 204 || status === 304 || body === undefined ? new Response(null, init) : new TransferredResponse(body, init)
      )
    }
  }
  worker = created
  return created
}

const urlOf = (input: RequestInfo | URL): string =>
  new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url, location.href).href

export const workerFetch: typeof fetch | undefined =
  typeof Worker === "undefined"
    ? undefined
    : (input, init) =>
        new Promise<Response>((resolve, reject) => {
          const id = ++nextId
          waiting.set(id, { resolve, reject })
          started().postMessage({
            id,
            url: urlOf(input),
            method: init?.method ?? "GET",
            headers: [...new Headers(init?.headers).entries()]
          })
        })

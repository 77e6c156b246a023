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
    else
      pending.resolve(
        new Response(status === 204 || status === 304 ? null : body, {
          status,
          statusText,
          headers: headers.map(([k, v]) => [k, v] as [string, string])
        })
      )
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

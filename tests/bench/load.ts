// The benches' load generator: GET requests over kept-alive node:http sockets, `concurrency` in
// flight. It runs on the same two cores as the server it measures, so it must cost as little as
// possible: fetch (undici) spent about 0.5 ms of CPU per request here, more than some of the
// requests it timed; a bare http.request costs a fraction of that, leaving the cores to the server.
import { Agent, request } from "node:http"

export interface Answer {
  readonly status: number
  readonly body: string
}

export const makeGetter = (base: string, concurrency: number) => {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency })
  const get = (path: string, headers: Readonly<Record<string, string>>): Promise<Answer> =>
    new Promise((resolve, reject) => {
      const req = request(`${base}${path}`, { agent, headers }, (res) => {
        const chunks: Buffer[] = []
        res.on("data", (chunk: Buffer) => chunks.push(chunk))
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }))
        res.on("error", reject)
      })
      req.on("error", reject)
      req.end()
    })
  return { get, close: () => agent.destroy() }
}

/**
 * Sends `requests` requests, `concurrency` at a time (a closed loop: each of the `concurrency`
 * clients sends its next request when its last one is answered). Returns each one's latency in ms;
 * any answer but 200 stops the run.
 */
export const fireLoad = async (
  base: string,
  requests: number,
  concurrency: number,
  next: () => { readonly path: string; readonly headers: Readonly<Record<string, string>> },
  name: string
): Promise<number[]> => {
  const { get, close } = makeGetter(base, concurrency)
  const latencies: number[] = []
  let sent = 0
  const client = async () => {
    while (sent < requests) {
      sent++
      const { path, headers } = next()
      const started = performance.now()
      const answer = await get(path, headers)
      if (answer.status !== 200) throw new Error(`${name}: ${answer.status} ${answer.body.slice(0, 200)}`)
      latencies.push(performance.now() - started)
    }
  }
  try {
    await Promise.all(Array.from({ length: concurrency }, client))
  } finally {
    close()
  }
  return latencies
}

// The benches' load generator: GET requests over kept-alive sockets, `concurrency` in flight. It
// runs on the same two cores as the server it measures, so it must cost as little as possible:
// fetch (undici) spent about 0.5 ms of CPU per request here, more than some of the requests it
// timed; node:http's client less, but its garbage paused the generator (raw-http.ts says how).
import { setFlagsFromString } from "node:v8"
import { runInNewContext } from "node:vm"
import { makeRawGetter, type RawAnswer } from "./raw-http.ts"

/**
 * A full garbage collection now. Set-up garbage (a seed's rows) left to the collector is collected
 * during some later measurement, as a pause of the load generator that looks like a slow answer.
 */
export const collectGarbage = () => {
  setFlagsFromString("--expose-gc")
  ;(runInNewContext("gc") as () => void)()
}

export type Answer = RawAnswer

/** GET requests over up to `concurrency` kept-alive connections (raw-http.ts: a lean client). */
export const makeGetter = (base: string, concurrency: number) => makeRawGetter(base, concurrency)

export type Getter = ReturnType<typeof makeGetter>

/**
 * Sends `requests` requests, `concurrency` at a time (a closed loop: each of the `concurrency`
 * clients sends its next request when its last one is answered), over the getter's kept-alive
 * sockets. Returns each one's latency in ms; any answer but 200 stops the run.
 *
 * Give a warm-up run and its measured run the same getter: the warm-up then also opens the sockets.
 * Node accepts new connections slowly while its event loop is busy (50 opened at once on a loaded
 * server trickle in over about half a second, with a plain node:http server too), and that is the
 * cost of connecting, not of the requests being measured.
 */
export const fireLoad = async (
  getter: Getter,
  requests: number,
  concurrency: number,
  next: () => { readonly path: string; readonly headers: Readonly<Record<string, string>> },
  name: string
): Promise<number[]> => {
  const latencies: number[] = []
  let sent = 0
  const client = async () => {
    while (sent < requests) {
      sent++
      const { path, headers } = next()
      const started = performance.now()
      const answer = await getter.get(path, headers)
      if (answer.status !== 200) throw new Error(`${name}: ${answer.status} ${answer.body.slice(0, 200)}`)
      latencies.push(performance.now() - started)
    }
  }
  await Promise.all(Array.from({ length: concurrency }, client))
  return latencies
}

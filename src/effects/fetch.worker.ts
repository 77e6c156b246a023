// The worker behind worker-fetch.ts: fetches one request and hands back its status, headers and
// body, the body's buffer transferred (not copied) to the page.
interface Asked {
  readonly id: number
  readonly url: string
  readonly method: string
  readonly headers: ReadonlyArray<readonly [string, string]>
}

const reply = (message: unknown, transfer: Array<Transferable> = []) =>
  (self as unknown as { postMessage: (message: unknown, transfer: Array<Transferable>) => void }).postMessage(message, transfer)

self.onmessage = async (event: MessageEvent<Asked>) => {
  const { id, url, method, headers } = event.data
  try {
    const response = await fetch(url, { method, headers: headers.map(([k, v]) => [k, v] as [string, string]), credentials: "same-origin" })
    const body = await response.arrayBuffer()
    // The request's timing, in wall-clock milliseconds: the page's own timeline has no entry for it.
    const entry = performance.getEntriesByName(url).at(-1) as PerformanceResourceTiming | undefined
    const wall = (t: number | undefined) => (t === undefined ? undefined : performance.timeOrigin + t)
    const timing = {
      requestStart: wall(entry?.requestStart),
      responseStart: wall(entry?.responseStart),
      responseEnd: wall(entry?.responseEnd),
      bytes: entry?.encodedBodySize
    }
    reply({ id, status: response.status, statusText: response.statusText, headers: [...response.headers.entries()], body, timing }, [body])
  } catch (error) {
    reply({ id, error: String(error) })
  }
}

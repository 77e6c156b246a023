// The best of a few runs of a piece of work, in milliseconds: for tests that compare a hostile input
// with a plain one of the same size in one run (a ratio, never an absolute time), so that a slow or
// busy machine slows both sides alike. The best run is the one least disturbed by everything else.
export const fastest = (run: () => unknown, runs = 3): number => {
  let best = Number.POSITIVE_INFINITY
  for (let i = 0; i < runs; i++) {
    const start = performance.now()
    run()
    best = Math.min(best, performance.now() - start)
  }
  return best
}

/** The same for work that answers a promise (a request to the real server). */
export const fastestAsync = async (run: () => Promise<unknown>, runs = 3): Promise<number> => {
  let best = Number.POSITIVE_INFINITY
  for (let i = 0; i < runs; i++) {
    const start = performance.now()
    await run()
    best = Math.min(best, performance.now() - start)
  }
  return best
}

/** Ordinary polygon vertices, written as a drawing tool writes them, filling about `length` characters. */
export const plainPoints = (length: number): string => {
  const out: string[] = []
  for (let i = 0, n = 0; n < length; i++) {
    const pair = `${1000 + (i % 9000)}.25,${2000 + (i % 7000)}.5`
    out.push(pair)
    n += pair.length + 1
  }
  return out.join(" ")
}

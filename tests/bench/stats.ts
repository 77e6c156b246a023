// Percentiles and a one-line report for the benchmarks.
export const percentile = (sorted: ReadonlyArray<number>, p: number): number => {
  if (sorted.length === 0) return Number.NaN
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  return sorted[index]!
}

export const summarize = (samples: ReadonlyArray<number>) => {
  const sorted = [...samples].sort((a, b) => a - b)
  return { n: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted[sorted.length - 1] ?? Number.NaN }
}

export const report = (name: string, samples: ReadonlyArray<number>, targetP99Ms: number): boolean => {
  const s = summarize(samples)
  const ok = s.p99 < targetP99Ms
  console.log(
    `${name.padEnd(52)} n=${String(s.n).padStart(6)}  p50=${s.p50.toFixed(1).padStart(7)} ms  p99=${s.p99.toFixed(1).padStart(7)} ms  max=${s.max.toFixed(1).padStart(7)} ms  target p99 < ${targetP99Ms} ms ${ok ? "MET" : "MISSED"}`
  )
  return ok
}

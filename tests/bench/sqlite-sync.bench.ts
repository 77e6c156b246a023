// What durability costs on SQLite: the same writes over HTTP against two real server processes,
// one with synchronous=NORMAL (commits synced only at checkpoints: survives a killed process, not a
// power loss) and one with FULL (the default: every commit synced before it is answered). Each
// write is a folder creation (one transaction: the lab row, its event, the folder sizes), sent one
// after another so that every commit waits for its own sync, then CONCURRENT at a time. The two
// servers run in alternating rounds so that drift on a shared machine falls on both; the figures
// are medians over the rounds, and the ratio FULL / NORMAL is the number the README quotes.
// Run: npx node tests/bench/sqlite-sync.bench.ts (not part of CI). BENCH_WRITES sets N (default 300).
import { api, createSignedIn } from "../support/api.ts"
import { startServerProcess } from "../support/server-process.ts"

const WRITES = Number(process.env.BENCH_WRITES) || 300
const CONCURRENT = 8
const ROUNDS = 3

type Mode = "NORMAL" | "FULL"

const median = (values: ReadonlyArray<number>) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

/** Milliseconds per write, one at a time and CONCURRENT at a time, on a fresh server in this mode. */
const measure = async (mode: Mode) => {
  const server = await startServerProcess({ env: { SQLITE_SYNCHRONOUS: mode } })
  try {
    const ada = await createSignedIn(server, { name: "Ada" })
    const c = api(server)
    const create = async (name: string) => {
      const reply = await c.post("/v2/labs/", { name, is_dir: true, is_favorite: false }, { token: ada.access })
      if (reply.status !== 201) throw new Error(`create answered ${reply.status}`)
    }
    for (let i = 0; i < 20; i++) await create(`warm ${i}`)
    let started = performance.now()
    for (let i = 0; i < WRITES; i++) await create(`one ${i}`)
    const serial = (performance.now() - started) / WRITES
    started = performance.now()
    let next = 0
    await Promise.all(
      Array.from({ length: CONCURRENT }, async () => {
        while (next < WRITES) await create(`many ${next++}`)
      })
    )
    const concurrent = (performance.now() - started) / WRITES
    return { serial, concurrent }
  } finally {
    await server.stop()
  }
}

const results: Record<Mode, { serial: number[]; concurrent: number[] }> = {
  NORMAL: { serial: [], concurrent: [] },
  FULL: { serial: [], concurrent: [] }
}
for (let round = 0; round < ROUNDS; round++) {
  for (const mode of round % 2 === 0 ? (["NORMAL", "FULL"] as const) : (["FULL", "NORMAL"] as const)) {
    const { serial, concurrent } = await measure(mode)
    results[mode].serial.push(serial)
    results[mode].concurrent.push(concurrent)
  }
}

console.log(`SQLite synchronous, ${WRITES} folder creations over HTTP, median of ${ROUNDS} rounds (ms per write)`)
for (const kind of ["serial", "concurrent"] as const) {
  const normal = median(results.NORMAL[kind])
  const full = median(results.FULL[kind])
  const label = kind === "serial" ? "one at a time" : `${CONCURRENT} at a time`
  console.log(
    `  ${label.padEnd(14)} NORMAL ${normal.toFixed(2)} ms   FULL ${full.toFixed(2)} ms   FULL/NORMAL x${(full / normal).toFixed(2)}`
  )
}

// Tiles per second through two app servers behind one address (REDIS_URL, one PostgreSQL schema, one
// data directory: README "Several app servers") against one of them alone, in the same run: the
// same tiles of one slide, fetched by media cookie with BENCH_CONCURRENCY in flight (default 50),
// BENCH_REQUESTS times (default 3000), first all to one server, then alternating between both as a
// round-robin proxy would. On this 2-core machine the load generator shares the cores with both
// servers, so the ratio says what a second process adds here, not what a second machine would.
//
// Run: npx node tests/bench/two-servers.bench.ts   (PostgreSQL: DATABASE_URL, default 127.0.0.1/test)
import { api, createSignedIn } from "../support/api.ts"
import { startServerProcess } from "../support/server-process.ts"
import { smallImage, uploadWhole, waitForStatus } from "../server/support/slides-api.ts"
import type { StartedServer } from "../support/start-server.ts"
import { summarize } from "./stats.ts"

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 3_000)
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50)
const databaseUrl = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test"
const shared = { REDIS_URL: process.env.REDIS_URL || "redis://127.0.0.1:6379", SECRET_KEY: "bench-two-servers-bench-two-servers-00" }

const a = await startServerProcess({ databaseUrl, env: { ...shared, SERVER_NAME: "bench-a" } })
const b = await startServerProcess({
  reuse: { dataDir: a.dataDir, databaseUrl: a.databaseUrl },
  env: { ...shared, SERVER_NAME: "bench-b" }
})
try {
  const owner = await createSignedIn(a)
  const sent = await uploadWhole(a as unknown as StartedServer, owner, "root", "bench.png", await smallImage("png", 2048, 2048))
  const lab = await waitForStatus(a as unknown as StartedServer, owner, sent.body.data.lab.id, ["ready"], 120_000)
  const slideKey = /\/([0-9a-f]{32})\//.exec(lab.thumbnail_url ?? "")?.[1]
  // The full level's 64 tiles (8 x 8 at 256 px), cycled.
  const tiles = Array.from(
    { length: 64 },
    (_, i) => `/v2/media/slides/${lab.id}/${slideKey}/slide_files/11/${i % 8}_${Math.floor(i / 8)}.jpeg`
  )
  const headers = { cookie: `preparat_media=${owner.access}` }
  if ((await api(b).get(`/v2/labs/${lab.id}/`, { token: owner.access })).status !== 200) throw new Error("server b does not see the slide")

  const run = async (name: string, servers: ReadonlyArray<{ url: string }>) => {
    const latencies: number[] = []
    let next = 0
    const worker = async () => {
      while (next < REQUESTS) {
        const n = next++
        const started = performance.now()
        const response = await fetch(`${servers[n % servers.length]!.url}${tiles[n % tiles.length]}`, { headers })
        await response.arrayBuffer()
        latencies.push(performance.now() - started)
        if (response.status !== 200) throw new Error(`${name}: ${response.status}`)
      }
    }
    const started = performance.now()
    await Promise.all(Array.from({ length: CONCURRENCY }, worker))
    const perSecond = latencies.length / ((performance.now() - started) / 1000)
    const s = summarize(latencies)
    console.log(
      `${name.padEnd(28)} ${String(Math.round(perSecond)).padStart(6)} tiles/s  p50=${s.p50.toFixed(1).padStart(6)} ms  p99=${s.p99.toFixed(1).padStart(6)} ms`
    )
    return perSecond
  }
  console.log(`tiles of one slide, ${CONCURRENCY} in flight, ${REQUESTS} requests per run`)
  await run("warm-up (both)", [a, b])
  const one = await run("one server", [a])
  const two = await run("two servers, alternating", [a, b])
  console.log(`two against one: ${(two / one).toFixed(2)}x`)
} finally {
  await b.stop()
  await a.stop()
}

// Slide tiles under load: one viewer's tile fetched BENCH_REQUESTS times (default 2000) with
// BENCH_CONCURRENCY requests in flight (default 50), the way OpenSeadragon fetches a screenful, by
// media cookie against a server in its own process. Reports requests per second and latency, for
// three cases: the owner's tile (the grant remembered for a few seconds, so nearly no queries), the
// same tile by bearer token, and a stranger's refusal (never remembered: one permission query per
// request), which shows what every tile would cost without the memory; and a baseline, a tiny API
// answer, for what the machine and the load generator allow at all.
//
// Run: npx node tests/bench/slide-media.bench.ts   (add --postgres for PostgreSQL)
import { randomBytes, randomUUID } from "node:crypto"
import { join } from "node:path"
import sharp from "sharp"
import { openDatabase } from "../../server/db/database.ts"
import { slidesDir } from "../../server/http/slide-media.ts"
import { buildPyramid } from "../../server/images/pyramid.ts"
import { createSignedIn } from "../support/api.ts"
import { startServerProcess } from "../support/server-process.ts"
import { summarize } from "./stats.ts"

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2_000)
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50)
const postgres = process.argv.includes("--postgres")

const running = await startServerProcess({
  databaseUrl: postgres ? (process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test") : undefined
})
try {
  const owner = await createSignedIn(running)
  const stranger = await createSignedIn(running)

  // A ready 2048x2048 slide of the owner's, as the slide worker leaves it.
  const labId = randomUUID()
  const slideKey = randomBytes(16).toString("hex")
  const source = join(running.dataDir, "bench.png")
  await sharp({
    create: { width: 2048, height: 2048, channels: 3, background: "#c08040", noise: { type: "gaussian", mean: 128, sigma: 30 } }
  })
    .png()
    .toFile(source)
  const pyramid = await buildPyramid(source, join(slidesDir(running.dataDir), slideKey), "slide")
  const { db } = await openDatabase({ databaseUrl: running.databaseUrl, dataDir: running.dataDir })
  const now = new Date().toISOString()
  await db
    .insertInto("labs")
    .values({
      id: labId,
      owner_id: owner.id,
      parent_id: null,
      name: "Bench.png",
      name_lower: "bench.png",
      is_dir: 0,
      status: "ready",
      size: 1,
      description: null,
      thumbnail: null,
      blob_key: null,
      is_public: 0,
      created_at: now,
      updated_at: now,
      deleted_at: null,
      trash_id: null,
      width: pyramid.width,
      height: pyramid.height,
      slide_key: slideKey
    })
    .execute()
  await db.destroy()

  const tile = `${running.url}/v2/media/slides/${labId}/${slideKey}/slide_files/11/3_3.jpeg`
  const run = async (name: string, headers: Record<string, string>, expected: number, url = tile) => {
    const latencies: number[] = []
    let bytes = 0
    let next = 0
    const worker = async () => {
      while (next < REQUESTS) {
        next++
        const started = performance.now()
        const response = await fetch(url, { headers })
        const body = await response.arrayBuffer()
        latencies.push(performance.now() - started)
        if (response.status !== expected) throw new Error(`${name}: ${response.status}, expected ${expected}`)
        bytes += body.byteLength
      }
    }
    const started = performance.now()
    await Promise.all(Array.from({ length: CONCURRENCY }, worker))
    const seconds = (performance.now() - started) / 1000
    const s = summarize(latencies)
    console.log(
      `${name.padEnd(40)} ${String(Math.round(s.n / seconds)).padStart(6)} req/s  p50=${s.p50.toFixed(1).padStart(6)} ms  p99=${s.p99.toFixed(1).padStart(6)} ms  (${s.n} requests, ${CONCURRENCY} in flight, ${Math.round(bytes / s.n)} bytes each)`
    )
  }
  console.log(`one tile, ${postgres ? "PostgreSQL" : "SQLite"}`)
  // A first pass warms up the JIT and the connection pool; only the second is reported.
  await run("warm-up", { cookie: `preparat_media=${owner.access}` }, 200)
  await run("owner, media cookie", { cookie: `preparat_media=${owner.access}` }, 200)
  await run("owner, bearer token", { authorization: `Bearer ${owner.access}` }, 200)
  await run("stranger, refused (a query per request)", { cookie: `preparat_media=${stranger.access}` }, 404)
  // The floor of this machine and load generator: a tiny answer with no permission check or file.
  await run("baseline: GET /v2/realtime/config/", {}, 200, `${running.url}/v2/realtime/config/`)
} finally {
  await running.stop()
}

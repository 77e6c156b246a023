// Slide tiles from an S3-compatible store, the two ways slide-media-bucket.ts can answer them once
// the permission check passed: streamed through the app server, or a 302 to a presigned URL that
// the client follows (fetch follows it, as a browser's image request does). One tile of a ready
// 2048x2048 slide fetched BENCH_REQUESTS times (default 1000), BENCH_CONCURRENCY at once (default
// 20), each time as a first visit (no cache), in BENCH_ROUNDS rounds (default 3) that alternate the
// two modes; the median round of each is printed last. The store is s3rver; the two app servers
// and the store each run in a process of their own; each server's slide is uploaded and built
// through the API, as the worker publishes it into the bucket.
//
// Run: npx node tests/bench/s3-tiles.bench.ts
import { type ChildProcess, spawn } from "node:child_process"
import { once } from "node:events"
import { createInterface } from "node:readline"
import { CreateBucketCommand } from "@aws-sdk/client-s3"
import sharp from "sharp"
import { makeS3Client } from "../../server/services/platform/s3-client.ts"
import { s3ConfigOf } from "../../server/services/platform/s3-settings.ts"
import { createSignedIn } from "../support/api.ts"
import { type ServerProcess, startServerProcess } from "../support/server-process.ts"
import { summarize } from "./stats.ts"

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1_000)
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)

const startStore = async (): Promise<{ child: ChildProcess; port: number }> => {
  const child = spawn(process.execPath, ["tests/bench/s3rver-process.ts"], { stdio: ["ignore", "pipe", "inherit"] })
  const [line] = (await once(createInterface({ input: child.stdout! }), "line")) as [string]
  return { child, port: (JSON.parse(line) as { port: number }).port }
}

const image = await sharp({
  create: { width: 2048, height: 2048, channels: 3, background: "#c08040", noise: { type: "gaussian", mean: 128, sigma: 30 } }
})
  .png()
  .toBuffer()

/** Uploads the bench image through the API and waits for its build; answers one tile's URL. */
const readyTile = async (running: ServerProcess) => {
  const owner = await createSignedIn(running)
  const auth = { authorization: `Bearer ${owner.access}` }
  const form = new FormData()
  form.append("file", new Blob([new Uint8Array(image)], { type: "image/png" }), "bench.png")
  const sent = await fetch(`${running.url}/v2/slides/upload/root`, {
    method: "POST",
    body: form,
    headers: { ...auth, accept: "application/json" }
  })
  const { data } = (await sent.json()) as { data: { lab: { id: string } } }
  let lab: { status: string; tile_source: string } | undefined
  for (let tries = 0; lab?.status !== "ready"; tries++) {
    if (tries > 600) throw new Error("the slide was never built")
    await new Promise((r) => setTimeout(r, 100))
    lab = ((await (await fetch(`${running.url}/v2/labs/${data.lab.id}/`, { headers: auth })).json()) as { data: typeof lab }).data
  }
  return { url: `${running.url}${lab.tile_source.replace(/slide\.dzi$/, "slide_files/11/3_3.jpeg")}`, auth }
}

/** REQUESTS fetches of one tile, CONCURRENCY at once; prints and answers requests per second. */
const run = async (name: string, tile: string, auth: Record<string, string>) => {
  const latencies: number[] = []
  let bytes = 0
  let next = 0
  const worker = async () => {
    while (next < REQUESTS) {
      next++
      const started = performance.now()
      const response = await fetch(tile, { headers: auth })
      const body = await response.arrayBuffer()
      latencies.push(performance.now() - started)
      if (response.status !== 200) throw new Error(`${name}: ${response.status}`)
      bytes += body.byteLength
    }
  }
  const started = performance.now()
  await Promise.all(Array.from({ length: CONCURRENCY }, worker))
  const seconds = (performance.now() - started) / 1000
  const s = summarize(latencies)
  console.log(
    `${name.padEnd(28)} ${String(Math.round(s.n / seconds)).padStart(6)} req/s  p50=${s.p50.toFixed(1).padStart(6)} ms  p99=${s.p99.toFixed(1).padStart(6)} ms  (${s.n} requests, ${CONCURRENCY} in flight, ${Math.round(bytes / s.n)} bytes each)`
  )
  return s.n / seconds
}

const store = await startStore()
try {
  const env = {
    S3_ENDPOINT: `http://127.0.0.1:${store.port}`,
    S3_BUCKET: "bench-tiles",
    S3_REGION: "us-east-1",
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
    S3_FORCE_PATH_STYLE: "1"
  }
  const client = makeS3Client(s3ConfigOf(env)!)
  await client.send(new CreateBucketCommand({ Bucket: env.S3_BUCKET }))
  client.destroy()

  // Both servers run at once, and their passes alternate: s3rver warms up (its JIT, its file cache)
  // during whichever mode goes first, so one mode after the other favours the second.
  const modes = ["stream", "redirect"] as const
  const servers = await Promise.all(modes.map((mode) => startServerProcess({ env: { ...env, S3_TILES: mode } })))
  try {
    const tiles = await Promise.all(servers.map((running) => readyTile(running)))
    const rates: Record<(typeof modes)[number], number[]> = { stream: [], redirect: [] }
    for (let round = 0; round <= ROUNDS; round++) {
      for (const [i, mode] of modes.entries()) {
        const { url, auth } = tiles[i]!
        // Round 0 warms up the JIT and the connection pools of both; it is not reported.
        const rate = await run(round === 0 ? `${mode}: warm-up` : `${mode}, round ${round}`, url, auth)
        if (round > 0) rates[mode].push(rate)
      }
    }
    for (const mode of modes) {
      const sorted = [...rates[mode]].sort((x, y) => x - y)
      console.log(`${mode}: median ${Math.round(sorted[Math.floor(sorted.length / 2)]!)} req/s over ${sorted.length} rounds`)
    }
  } finally {
    await Promise.all(servers.map((running) => running.stop()))
  }
} finally {
  store.child.kill("SIGTERM")
}

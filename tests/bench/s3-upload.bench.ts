// Upload throughput into the bucket against the local disk, in one run: the same file sent in the
// browser's chunks (UPLOAD_CHUNK_BYTES, in order) to a server that keeps its parts and originals on
// its disk and to one that keeps them in an S3-compatible store (s3rver, in a process of its own).
// The time runs until the last chunk is answered, so it includes putting the parts together into
// the original (a rename of a file on disk; a multipart upload from the parts' objects in the
// bucket). Rounds alternate between the two servers, both running, so that neither gets a warmer
// machine. Prints MB/s of each and the bucket/disk ratio.
// Run: npm run bench (not part of CI). BENCH_S3_UPLOAD_MB and BENCH_ROUNDS change the size and rounds.
import { once } from "node:events"
import { type ChildProcess, spawn } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { createInterface } from "node:readline"
import { CreateBucketCommand } from "@aws-sdk/client-s3"
import { makeS3Client } from "../../server/services/platform/s3-client.ts"
import { s3ConfigOf } from "../../server/services/platform/s3-settings.ts"
import { UPLOAD_CHUNK_BYTES } from "../../src/contract/slides.ts"
import { createSignedIn } from "../support/api.ts"
import { startServerProcess } from "../support/server-process.ts"
import { makeFile, sendChunked } from "./upload.bench.ts"

const MB = 1024 * 1024
const SIZE = Number(process.env.BENCH_S3_UPLOAD_MB ?? 128) * MB
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)

const startStore = async (): Promise<{ child: ChildProcess; port: number }> => {
  const child = spawn(process.execPath, ["tests/bench/s3rver-process.ts"], { stdio: ["ignore", "pipe", "inherit"] })
  const [line] = (await once(createInterface({ input: child.stdout! }), "line")) as [string]
  return { child, port: (JSON.parse(line) as { port: number }).port }
}

const median = (values: ReadonlyArray<number>) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

const dir = mkdtempSync(join(tmpdir(), "s3-upload-bench-"))
const path = join(dir, "bench.tif")
const store = await startStore()
try {
  makeFile(path, SIZE)
  const env = {
    S3_ENDPOINT: `http://127.0.0.1:${store.port}`,
    S3_BUCKET: "bench-uploads",
    S3_REGION: "us-east-1",
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
    S3_FORCE_PATH_STYLE: "1"
  }
  const client = makeS3Client(s3ConfigOf(env)!)
  await client.send(new CreateBucketCommand({ Bucket: env.S3_BUCKET }))
  client.destroy()

  const stores = ["disk", "bucket"] as const
  const servers = await Promise.all([startServerProcess(), startServerProcess({ env })])
  try {
    const sessions = await Promise.all(servers.map((running) => createSignedIn(running, { name: "Bench uploader" })))
    const rates: Record<(typeof stores)[number], number[]> = { disk: [], bucket: [] }
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, kind] of stores.entries()) {
        const started = performance.now()
        await sendChunked(servers[i]!.url, sessions[i]!, path, SIZE)
        rates[kind].push((SIZE / MB / (performance.now() - started)) * 1000)
      }
    }
    const size = `${Math.round(SIZE / MB)} MB in ${UPLOAD_CHUNK_BYTES / MB} MiB chunks`
    for (const kind of stores)
      console.log(
        `upload ${size}, into the ${kind}`.padEnd(52),
        `${median(rates[kind]).toFixed(0).padStart(6)} MB/s  (rounds: ${rates[kind].map((v) => v.toFixed(0)).join(", ")})`
      )
    console.log(`upload: bucket / disk`.padEnd(52), `${((median(rates.bucket) / median(rates.disk)) * 100).toFixed(0).padStart(6)} %`)
  } finally {
    await Promise.all(servers.map((running) => running.stop()))
  }
} finally {
  store.child.kill("SIGTERM")
  rmSync(dir, { recursive: true, force: true })
}

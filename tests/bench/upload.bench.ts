// Upload throughput on loopback: the same ~256 MB file sent once as one streamed request (the
// single-upload endpoint, the body read from disk as it goes) and once in chunks of the size the
// browser uses (UPLOAD_CHUNK_BYTES, one after another, as the browser sends them). Reports MB/s of
// each and the chunked/streamed ratio against the target of at least 80 %.
// Run: npm run bench (not part of CI). BENCH_UPLOAD_MB and BENCH_ROUNDS change the size and rounds.
import { randomBytes } from "node:crypto"
import { createReadStream, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { open } from "node:fs/promises"
import { request as httpRequest } from "node:http"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { Readable } from "node:stream"
import { UPLOAD_CHUNK_BYTES } from "../../src/contract/slides.ts"
import { createSignedIn, type SignedIn } from "../support/api.ts"
import { startServerProcess } from "../support/server-process.ts"

const MB = 1024 * 1024
const SIZE = Number(process.env.BENCH_UPLOAD_MB ?? 256) * MB
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const TARGET_RATIO = 0.8

/**
 * Random bytes behind a little-endian TIFF header: valid for the format check, never a slide. Its
 * first directory lies past the end, so its pyramid job fails at once instead of loading the
 * machine while the next upload is measured.
 */
export const makeFile = (path: string, size = SIZE) => {
  const bytes = randomBytes(size)
  bytes.set([0x49, 0x49, 42, 0, 0xf0, 0xff, 0xff, 0xff])
  writeFileSync(path, bytes)
}

/**
 * POSTs a multipart body with node:http (undici's web streams would measure the client more than
 * the server): `head`, then the file part's bytes from `part`, then `tail`. Answers status and body.
 */
const postMultipart = (url: URL, headers: Record<string, string>, head: Buffer, part: Readable | Uint8Array, tail: Buffer) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = httpRequest(
      url,
      { method: "POST", headers: { ...headers, "content-type": `multipart/form-data; boundary=${BOUNDARY}` } },
      (response) => {
        let body = ""
        response.setEncoding("utf8").on("data", (text: string) => (body += text))
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body }))
      }
    )
    request.on("error", reject)
    request.write(head)
    if (part instanceof Uint8Array) {
      request.write(part)
      request.end(tail)
      return
    }
    part.on("error", reject)
    part.on("end", () => request.end(tail))
    part.pipe(request, { end: false })
  })

const BOUNDARY = "----preparat-bench-boundary"
const field = (name: string, value: string) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`
const filePart = (name: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/tiff\r\n\r\n`
const TAIL = Buffer.from(`\r\n--${BOUNDARY}--\r\n`)

/** One multipart request whose file part streams from disk: nothing is held in memory. */
const sendStreamed = async (url: string, session: SignedIn, path: string) => {
  const reply = await postMultipart(
    new URL(`${url}/v2/slides/upload/root`),
    { authorization: `Bearer ${session.access}` },
    Buffer.from(filePart("bench.tif")),
    createReadStream(path, { highWaterMark: MB }),
    TAIL
  )
  if (reply.status !== 201) throw new Error(`streamed upload answered ${reply.status}: ${reply.body}`)
}

/** The browser's way: chunks in order, each a form with its fields first and a Content-Range. */
export const sendChunked = async (url: string, session: SignedIn, path: string, size = SIZE) => {
  const SIZE = size
  const file = await open(path, "r")
  try {
    let uploadId: string | undefined
    const bytes = new Uint8Array(UPLOAD_CHUNK_BYTES)
    for (let start = 0; start < SIZE; start += UPLOAD_CHUNK_BYTES) {
      const length = Math.min(UPLOAD_CHUNK_BYTES, SIZE - start)
      // As the browser does: the chunk is read from the file, then sent.
      await file.read(bytes, 0, length, start)
      const head =
        field("lab_id", "null") + field("filename", "bench.tif") + (uploadId ? field("upload_id", uploadId) : "") + filePart("bench.tif")
      const reply = await postMultipart(
        new URL(`${url}/v2/slides/chunks/`),
        {
          authorization: `Bearer ${session.access}`,
          "content-range": `bytes ${start}-${start + length - 1}/${SIZE}`,
          "x-requested-with": "XMLHttpRequest"
        },
        Buffer.from(head),
        bytes.subarray(0, length),
        TAIL
      )
      if (reply.status !== 200) throw new Error(`chunk at ${start} answered ${reply.status}: ${reply.body}`)
      uploadId = (JSON.parse(reply.body) as { data: { upload_id: string } }).data.upload_id
    }
  } finally {
    await file.close()
  }
}

const timed = async (run: () => Promise<void>) => {
  const started = performance.now()
  await run()
  return (SIZE / MB / (performance.now() - started)) * 1000
}

const median = (values: ReadonlyArray<number>) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

export const benchUpload = async (): Promise<boolean> => {
  const dir = mkdtempSync(join(tmpdir(), "upload-bench-"))
  const path = join(dir, "bench.tif")
  const server = await startServerProcess()
  try {
    makeFile(path)
    const session = await createSignedIn(server, { name: "Bench uploader" })
    const streamed: number[] = []
    const chunked: number[] = []
    for (let round = 0; round < ROUNDS; round++) {
      streamed.push(await timed(() => sendStreamed(server.url, session, path)))
      chunked.push(await timed(() => sendChunked(server.url, session, path)))
    }
    const one = median(streamed)
    const many = median(chunked)
    const ratio = many / one
    const met = ratio >= TARGET_RATIO
    const size = `${Math.round(SIZE / MB)} MB`
    console.log(
      `upload ${size}: one streamed request`.padEnd(52),
      `${one.toFixed(0).padStart(6)} MB/s  (rounds: ${streamed.map((v) => v.toFixed(0)).join(", ")})`
    )
    console.log(
      `upload ${size}: chunks of ${UPLOAD_CHUNK_BYTES / MB} MiB, in order`.padEnd(52),
      `${many.toFixed(0).padStart(6)} MB/s  (rounds: ${chunked.map((v) => v.toFixed(0)).join(", ")})`
    )
    console.log(
      `upload: chunked / streamed`.padEnd(52),
      `${(ratio * 100).toFixed(0).padStart(6)} %     target >= ${TARGET_RATIO * 100} % ${met ? "MET" : "MISSED"}`
    )
    return met
  } finally {
    await server.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}

if (import.meta.filename === process.argv[1]) process.exitCode = (await benchUpload()) ? 0 : 1

// Shortcuts for the slide ingest tests: uploads sent the way the browser sends them (one multipart
// request, or chunks with Content-Range), waiting for a file lab's status, and generated images.
import { createHash } from "node:crypto"
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, relative } from "node:path"
import sharp from "sharp"
import { expect } from "vitest"
import { api, type Reply, type SignedIn } from "../../support/api.ts"
import { createSchema, type StartedServer, startServer } from "../../support/start-server.ts"
import { s3Store } from "../../support/s3-store.ts"
import type { ZipEntry } from "./zip.ts"

const parse = async (response: Response): Promise<Reply> => {
  const text = await response.text()
  let body: unknown = text
  try {
    body = text === "" ? null : JSON.parse(text)
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body, headers: response.headers }
}

const post = async (server: StartedServer, path: string, form: FormData, token: string | undefined, headers: Record<string, string> = {}) =>
  parse(
    await fetch(`${server.url}${path}`, {
      method: "POST",
      body: form,
      headers: { accept: "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers }
    })
  )

/** POST /v2/slides/upload/{target}: the whole file in one request. */
/** A file part's bytes (copied: Blob wants bytes of a plain ArrayBuffer). */
export const blobOf = (bytes: Uint8Array, type = "application/octet-stream") => new Blob([new Uint8Array(bytes)], { type })

/** Who sends: a signed-in session (or anything holding its access token); undefined for a guest. */
type Sender = Pick<SignedIn, "access"> | undefined

export const uploadWhole = (server: StartedServer, session: Sender, target: string, name: string, bytes: Uint8Array) => {
  const form = new FormData()
  form.append("file", blobOf(bytes), name)
  return post(server, `/v2/slides/upload/${target}`, form, session?.access)
}

/** POST /v2/slides/upload/dzi/{target}: a zip of a Deep Zoom pyramid. */
export const uploadDzi = (server: StartedServer, session: Sender, target: string, name: string, zip: Uint8Array) => {
  const form = new FormData()
  form.append("file", blobOf(zip, "application/zip"), name)
  return post(server, `/v2/slides/upload/dzi/${target}`, form, session?.access)
}

export interface Chunk {
  readonly labId: string | null
  readonly filename: string
  readonly uploadId?: string
  /** The whole file; the chunk is bytes[start, end]. */
  readonly file: Uint8Array
  readonly start: number
  readonly end: number
  /** Sent instead of the file's slice, to test a part that disagrees with its range. */
  readonly body?: Uint8Array
  /** The total the range announces, when it is not the file's length. */
  readonly total?: number
}

/** One chunk of a chunked upload, fields first, as the browser's uploader sends it. */
export const sendChunk = (server: StartedServer, session: Sender, chunk: Chunk) => {
  const form = new FormData()
  form.append("lab_id", chunk.labId ?? "null")
  form.append("filename", chunk.filename)
  if (chunk.uploadId) form.append("upload_id", chunk.uploadId)
  form.append("file", blobOf(chunk.body ?? chunk.file.subarray(chunk.start, chunk.end + 1)), chunk.filename)
  return post(server, "/v2/slides/chunks/", form, session?.access, {
    "content-range": `bytes ${chunk.start}-${chunk.end}/${chunk.total ?? chunk.file.length}`,
    "x-requested-with": "XMLHttpRequest"
  })
}

/** Sends the whole file in chunks of `size`; answers the last reply. */
export const uploadInChunks = async (
  server: StartedServer,
  session: SignedIn,
  labId: string | null,
  filename: string,
  file: Uint8Array,
  size: number
) => {
  let uploadId: string | undefined
  let reply: Reply | undefined
  for (let start = 0; start < file.length; start += size) {
    const end = Math.min(file.length, start + size) - 1
    reply = await sendChunk(server, session, { labId, filename, file, start, end, ...(uploadId ? { uploadId } : {}) })
    expect(reply.status, JSON.stringify(reply.body)).toBe(200)
    uploadId = reply.body.data.upload_id
  }
  return reply!
}

/** Polls GET /v2/labs/{id}/ until the lab's status is one of `statuses`; answers the lab. */
export const waitForStatus = async (
  server: StartedServer,
  session: SignedIn,
  labId: string,
  statuses: ReadonlyArray<string>,
  timeoutMs = 30_000
) => {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const reply = await api(server).get(`/v2/labs/${labId}/`, { token: session.access })
    if (reply.status === 200 && statuses.includes(reply.body.data.status)) return reply.body.data
    if (Date.now() > deadline) throw new Error(`lab ${labId} never became ${statuses.join("/")}: ${JSON.stringify(reply.body)}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

export const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex")

/** A small image with some structure (a gradient), in the given format. */
export const smallImage = async (format: "png" | "jpeg", width = 640, height = 480): Promise<Uint8Array> => {
  const pixels = Buffer.alloc(width * height * 3)
  for (let i = 0; i < width * height; i++) {
    pixels[i * 3] = (i % width) & 255
    pixels[i * 3 + 1] = Math.floor(i / width) & 255
    pixels[i * 3 + 2] = 128
  }
  const image = sharp(pixels, { raw: { width, height, channels: 3 } })
  return new Uint8Array(await (format === "png" ? image.png() : image.jpeg()).toBuffer())
}

/** An uncompressed TIFF of noise: `megapixels` million pixels, three bytes each. */
export const noiseTiff = async (width: number, height: number): Promise<Uint8Array> => {
  const pixels = Buffer.alloc(width * height * 3)
  for (let i = 0; i < pixels.length; i += 4) pixels.writeUInt32LE((Math.random() * 2 ** 32) >>> 0, i)
  return new Uint8Array(
    await sharp(pixels, { raw: { width, height, channels: 3 } })
      .tiff({ compression: "none" })
      .toBuffer()
  )
}

/** A real pyramid written by libvips (256 px JPEG tiles unless told), as zip entries under "<name>/". */
export const pyramidEntries = async (
  name: string,
  width: number,
  height: number,
  tileSize = 256,
  /** The picture to cut (PNG, JPEG, raw-free bytes), width x height; a small generated image by default. */
  image?: Buffer
): Promise<ZipEntry[]> => {
  const dir = mkdtempSync(join(tmpdir(), "dzi-test-"))
  try {
    await sharp(image ?? (await smallImage("png", width, height)))
      .jpeg()
      .tile({ size: tileSize, overlap: 1, layout: "dz" })
      .toFile(join(dir, `${name}.dz`))
    const files: ZipEntry[] = []
    const walk = (at: string) => {
      for (const entry of readdirSync(at).sort()) {
        const path = join(at, entry)
        if (statSync(path).isDirectory()) walk(path)
        else files.push({ name: `${name}/${relative(dir, path)}`, data: readFileSync(path) })
      }
    }
    walk(dir)
    return files
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/**
 * A server that can be stopped and started again on the same data: its own data directory and, on
 * PostgreSQL, its own schema, both kept across restarts (startServer's would go with each stop).
 * The secret in the data directory survives too, so sessions stay valid.
 */
/** `s3`: keep blobs and parts in one bucket across restarts; by default as TEST_S3 says. */
export const restartable = async (options: { readonly s3?: boolean } = {}) => {
  const dataDir = mkdtempSync(join(tmpdir(), "preparat-restart-"))
  const schema = process.env.DATABASE_URL ? await createSchema(process.env.DATABASE_URL) : undefined
  // One bucket for every start (TEST_S3=1), as one directory: what a server stored there, a chunked
  // upload's parts included, is there after its restart.
  const store = (options.s3 ?? process.env.TEST_S3 === "1") ? await s3Store() : undefined
  let current: StartedServer | undefined
  const start = async (env: Record<string, string> = {}) => {
    current = await startServer({
      s3: false,
      env: { ...store?.env, DATA_DIR: dataDir, ...env },
      ...(schema ? { config: { databaseUrl: schema.url } } : {})
    })
    return current
  }
  return {
    dataDir,
    start,
    stop: async () => {
      await current?.stop()
      current = undefined
    },
    dispose: async () => {
      await current?.stop()
      await store?.release()
      await schema?.drop()
      rmSync(dataDir, { recursive: true, force: true })
    }
  }
}

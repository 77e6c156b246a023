// A ready slide without the upload path: a file lab row, a Deep Zoom pyramid built by the real
// builder from a small generated image into DATA_DIR/slides/<key>, and the row marked ready with
// that key, as the slide worker leaves it (with S3, in the bucket and no longer on disk). For the
// media route tests.
import { randomBytes, randomUUID } from "node:crypto"
import { type IncomingHttpHeaders, request } from "node:http"
import { join } from "node:path"
import sharp from "sharp"
import { buildPyramid } from "../../../server/images/pyramid.ts"
import { slidesDir } from "../../../server/http/slide-media.ts"
import type { StartedServer } from "../../support/start-server.ts"
import { insertFile } from "./labs-api.ts"

export interface ReadySlide {
  readonly labId: string
  readonly slideKey: string
  /** The pyramid's directory on disk. */
  readonly dir: string
  /** /v2/media/slides/<lab>/<key>: the descriptor, tiles and thumbnails are under it. */
  readonly base: string
}

/** 600x400 pixels: Deep Zoom levels 0 to 10, level 10 being 3x2 tiles of 256 px. */
export const SLIDE_WIDTH = 600
export const SLIDE_HEIGHT = 400

export const readySlide = async (
  server: StartedServer,
  { ownerId, parentId = null, name = "Slide.png" }: { ownerId: string; parentId?: string | null; name?: string }
): Promise<ReadySlide> => {
  const labId = randomUUID()
  const slideKey = randomBytes(16).toString("hex")
  await insertFile(server, { id: labId, ownerId, parentId, name, size: 1234 })
  const source = join(server.dataDir, `${slideKey}.png`)
  await sharp({ create: { width: SLIDE_WIDTH, height: SLIDE_HEIGHT, channels: 3, background: "#c08040" } })
    .png()
    .toFile(source)
  const dir = join(slidesDir(server.dataDir), slideKey)
  const pyramid = await buildPyramid(source, dir, "slide")
  if (server.s3) await server.s3.publish(slideKey, dir)
  await server.withDb((db) =>
    db
      .updateTable("labs")
      .set({ slide_key: slideKey, width: pyramid.width, height: pyramid.height, status: "ready" })
      .where("id", "=", labId)
      .execute()
  )
  return { labId, slideKey, dir, base: `/v2/media/slides/${labId}/${slideKey}` }
}

export interface RawReply {
  readonly status: number
  readonly headers: IncomingHttpHeaders
  readonly body: Buffer
}

/**
 * A request whose path goes over the wire exactly as written: fetch would resolve "." and ".."
 * segments first, and the traversal tests must send them.
 */
export const rawRequest = (
  server: Pick<StartedServer, "url">,
  path: string,
  { method = "GET", headers = {} }: { method?: "GET" | "HEAD"; headers?: Record<string, string> } = {}
): Promise<RawReply> =>
  new Promise((resolve, reject) => {
    const { hostname, port } = new URL(server.url)
    const req = request({ hostname, port, path, method, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on("data", (chunk: Buffer) => chunks.push(chunk))
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
      res.on("error", reject)
    })
    req.on("error", reject)
    req.end()
  })

/** Request headers that present an access token the way the browser does: as the media cookie. */
export const asCookie = (token: string) => ({ cookie: `preparat_media=${token}` })
/** ... and the way an API client does. */
export const asBearer = (token: string) => ({ authorization: `Bearer ${token}` })

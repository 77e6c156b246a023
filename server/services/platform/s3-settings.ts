// Where blobs go when they leave this machine: any S3-compatible store (AWS S3, MinIO, Ceph, R2,
// s3rver in the tests), configured by S3_* variables. S3_BUCKET alone switches it on; the rest
// default to what AWS itself would use, so a server on AWS with an instance role needs nothing else.
import { S3Client } from "@aws-sdk/client-s3"

export interface S3Config {
  readonly bucket: string
  /** Unset: AWS's own endpoint for the region. */
  readonly endpoint: string | undefined
  readonly region: string
  /** Both unset: the SDK's default chain (environment, instance role, ...). */
  readonly credentials: { readonly accessKeyId: string; readonly secretAccessKey: string } | undefined
  /** bucket in the path (http://host/bucket/key), which most self-hosted stores need, instead of in the host name. */
  readonly forcePathStyle: boolean
  /**
   * How slide tiles reach browsers once the permission check passed: streamed through this server
   * (the default), or by a redirect to a presigned URL of the object (server/http/slide-media-bucket.ts).
   */
  readonly tiles: "stream" | "redirect"
}

export const s3ConfigOf = (env: NodeJS.ProcessEnv): S3Config | undefined => {
  const bucket = env.S3_BUCKET?.trim()
  if (!bucket) return undefined
  const accessKeyId = env.S3_ACCESS_KEY_ID || undefined
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY || undefined
  if ((accessKeyId === undefined) !== (secretAccessKey === undefined)) {
    throw new Error("S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both or neither")
  }
  const endpoint = env.S3_ENDPOINT || undefined
  return {
    bucket,
    endpoint,
    region: env.S3_REGION || "us-east-1",
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    // A custom endpoint is nearly always a self-hosted store without per-bucket host names.
    forcePathStyle: env.S3_FORCE_PATH_STYLE ? ["1", "true"].includes(env.S3_FORCE_PATH_STYLE) : endpoint !== undefined,
    tiles: env.S3_TILES === "redirect" ? "redirect" : "stream"
  }
}

/** Connections to the store one process keeps at most. */
const SOCKETS = 256

export const makeS3Client = (config: S3Config) =>
  new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    ...(config.credentials ? { credentials: config.credentials } : {}),
    // Checksums only where S3 requires them: the SDK's default (CRC32 on every request, since
    // 3.729) is refused by several S3-compatible stores, and TLS already guards the bytes.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    // Each tile streamed from the bucket holds a socket until the browser has it: the SDK's 50
    // would queue a few viewers' screenfuls behind each other. A store that cannot connect in 5 s
    // is down; the request's answer is then an error, not a hung tile.
    requestHandler: {
      connectionTimeout: 5_000,
      httpAgent: { keepAlive: true, maxSockets: SOCKETS },
      httpsAgent: { keepAlive: true, maxSockets: SOCKETS }
    }
  })

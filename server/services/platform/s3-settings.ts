// Where blobs go when they leave this machine: any S3-compatible store (AWS S3, MinIO, Ceph, R2,
// s3rver in the tests), configured by S3_* variables. S3_BUCKET alone switches it on; the rest
// default to what AWS itself would use, so a server on AWS with an instance role needs nothing else.
// The SDK itself is loaded only when a bucket is configured (s3-client.ts), so a server without one
// does not pay its import at every start.
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

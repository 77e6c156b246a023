// The S3 client for the configured store (s3-settings.ts), with the options every S3-compatible
// store accepts. Imported only when S3_BUCKET is set: the SDK takes about 160 ms to load.
import { S3Client } from "@aws-sdk/client-s3"
import type { S3Config } from "./s3-settings.ts"

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

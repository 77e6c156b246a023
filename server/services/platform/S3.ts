// The one S3 client of a process, when S3_BUCKET is set; undefined otherwise, and then every store
// keeps its files under DATA_DIR. One client, so the blob store and the slide files share its
// connection pool; destroyed with the layer, so a stopped server leaves no sockets open.
import type { S3Client } from "@aws-sdk/client-s3"
import { Context, Effect, Layer } from "effect"
import { AppConfig } from "./AppConfig.ts"
import type { S3Config } from "./s3-settings.ts"

export interface Bucket {
  readonly client: S3Client
  readonly bucket: string
}

export interface ConfiguredBucket extends Bucket {
  readonly tiles: S3Config["tiles"]
}

export class S3 extends Context.Service<S3, ConfiguredBucket | undefined>()("preparat/S3") {
  static readonly layer = Layer.effect(
    S3,
    Effect.gen(function* () {
      const settings = (yield* AppConfig).s3
      if (!settings) return undefined
      const { makeS3Client } = yield* Effect.promise(() => import("./s3-client.ts"))
      const client = yield* Effect.acquireRelease(
        Effect.sync(() => makeS3Client(settings)),
        (client) => Effect.sync(() => client.destroy())
      )
      return { client, bucket: settings.bucket, tiles: settings.tiles }
    })
  )
}

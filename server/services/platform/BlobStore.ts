// Stored originals of uploaded files and payment receipts: under DATA_DIR/blobs by default, in an
// S3-compatible bucket (under "blobs/") when S3_BUCKET is set (s3-settings.ts). Keys are made by
// this service, so a key can never point outside its directory or prefix. The trash deletes what a
// purge frees, after its commit.
//
// No caller gets a path into the store: a second app server has no such path when the bytes are in
// a bucket. Downloads stream (`open`); the pyramid builder and the label redaction, which read a
// file by random access, get a path on this disk for as long as they run (`withLocalPath`).
import { Context, Effect, Layer } from "effect"
import { AppConfig } from "./AppConfig.ts"
import type { BlobBackend } from "./blob-backend.ts"
import { localBlobs } from "./blob-store-local.ts"
import { S3 } from "./S3.ts"

export class BlobStore extends Context.Service<BlobStore, BlobBackend>()("preparat/BlobStore") {
  static readonly layer = Layer.effect(
    BlobStore,
    Effect.gen(function* () {
      const config = yield* AppConfig
      const s3 = yield* S3
      if (!s3) return BlobStore.of(yield* localBlobs(config.dataDir))
      // Loaded only with a bucket: the SDK behind it is slow to import.
      const { s3Blobs } = yield* Effect.promise(() => import("./blob-store-s3.ts"))
      return BlobStore.of(yield* s3Blobs(s3, config.dataDir))
    })
  ).pipe(Layer.provide(S3.layer))
}

// The built slides: one Deep Zoom build per key (slide-urls.ts names what is inside), under
// DATA_DIR/slides by default, in the bucket under "slides/<key>/" when S3_BUCKET is set. A key is
// new for every build, so a rebuilt or re-imported slide never overwrites files that browsers may
// have cached; the old build is removed after the change commits.
import { Context, Effect, Layer } from "effect"
import { AppConfig } from "../platform/AppConfig.ts"
import { S3 } from "../platform/S3.ts"
import type { SlideFilesBackend } from "./slide-files-backend.ts"
import { localSlideFiles } from "./slide-files-local.ts"

export class SlideFiles extends Context.Service<SlideFiles, SlideFilesBackend>()("preparat/SlideFiles") {
  static readonly layer = Layer.effect(
    SlideFiles,
    Effect.gen(function* () {
      const { dataDir } = yield* AppConfig
      const s3 = yield* S3
      const local = yield* localSlideFiles(dataDir)
      if (!s3) return SlideFiles.of(local)
      // Loaded only with a bucket: the SDK behind it is slow to import.
      const { s3SlideFiles } = yield* Effect.promise(() => import("./slide-files-s3.ts"))
      return SlideFiles.of(yield* s3SlideFiles(s3, dataDir, local))
    })
  ).pipe(Layer.provide(S3.layer))
}

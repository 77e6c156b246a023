// Removes abandoned uploads (no bytes for a day) at start and then every hour: their partial
// files, their rows and their "uploading" labs, so neither disk nor lists keep what will never finish.
import { Effect, Layer, Schedule } from "effect"
import { SWEEP_EVERY_MS } from "../domain/upload-policy.ts"
import { Uploads } from "./Uploads.ts"

export const UploadSweep = Layer.effectDiscard(
  Effect.gen(function* () {
    const uploads = yield* Uploads
    const once = uploads.sweep().pipe(
      Effect.tap((removed) => (removed > 0 ? Effect.logInfo(`removed ${removed} abandoned upload(s)`) : Effect.void)),
      Effect.catchCause((cause) => Effect.logWarning("upload sweep failed; will retry", cause))
    )
    yield* Effect.forkScoped(Effect.repeat(once, Schedule.spaced(SWEEP_EVERY_MS)))
  })
)

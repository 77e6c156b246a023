// How an upload's request writes its bytes to this disk and says no: a refused part (wrong format,
// too long) becomes the caller's refusal, a disk that refuses the bytes (full, read-only) a 503
// that says so, anything else a defect; and a user who may see a folder but not upload into it
// gets the spec's text.
import type { Readable } from "node:stream"
import { Effect } from "effect"
import { type BadRequest, Forbidden, type NotFound, type PayloadTooLarge, ServiceUnavailable } from "../../../src/contract/errors.ts"
import { slideMessages } from "../../domain/slide-messages.ts"
import { storageFailureMessage } from "../../domain/storage-failure.ts"
import type { LabDenied } from "../labs/LabAccess.ts"
import { PartRefused, type PartTarget, writePart } from "./upload-stream.ts"

export type UploadError = BadRequest | Forbidden | NotFound | PayloadTooLarge | ServiceUnavailable

/** A reviewer (or a stranger on a public folder) sees the folder but may not upload: the spec's text. */
export const uploadRefusal = <A, R>(effect: Effect.Effect<A, LabDenied, R>) =>
  Effect.catchTag(effect, "Forbidden", () => Effect.fail(new Forbidden({ message: slideMessages.notAllowed })))

/** Writes a part; answers how many bytes it held. */
export const write = (file: Readable, target: PartTarget, refused: (reason: PartRefused["reason"]) => UploadError) =>
  Effect.tryPromise({ try: (signal) => writePart(file, target, signal), catch: (error) => error }).pipe(
    Effect.catch((error): Effect.Effect<never, UploadError> => {
      if (error instanceof PartRefused) return Effect.fail(refused(error.reason))
      const message = storageFailureMessage(error)
      return message === undefined ? Effect.die(error) : Effect.fail(new ServiceUnavailable({ message }))
    })
  )

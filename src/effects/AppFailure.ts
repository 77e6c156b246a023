// Every failure a machine can be handed by a program, for the catalogue and the guards that tell
// them apart. Types only: the first page's machines name it without loading Effect.
import type { AnnotationConflict } from "../contract/annotations.ts"
import type { ServiceUnavailable } from "../contract/errors.ts"
import type { UploadOffsetMismatch } from "../contract/slides.ts"
import type { DraftStoreError } from "./annotations/DraftStore.ts"
import type { ApiError, BadRequest } from "./ApiError.ts"
import type { Failure } from "./Defect.ts"
import type { OffsetMismatch } from "./uploads/errors.ts"

/** The contract's errors that no status alone tells (call.ts decodes them as declared). */
export type DeclaredError = AnnotationConflict | ServiceUnavailable | UploadOffsetMismatch

export type AppFailure = Failure<ApiError | DeclaredError | OffsetMismatch | DraftStoreError>

/** A 400's field lists (`email: [...]`), without its summary and its code. */
export const fieldListsOf = (refusal: BadRequest): Readonly<Record<string, ReadonlyArray<string>>> =>
  Object.fromEntries(
    Object.entries(refusal).filter(
      (entry): entry is [string, ReadonlyArray<string>] =>
        entry[0] !== "_tag" && entry[0] !== "message" && entry[0] !== "code" && Array.isArray(entry[1])
    )
  )

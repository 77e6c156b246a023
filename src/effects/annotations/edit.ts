// Editing and deleting one annotation through the contract. An edit names the version it started
// from; a stale one is answered 409 AnnotationConflict with the annotation as it is now, which the
// viewer puts in its store (so nothing is lost silently) and tells the user about.
import { Effect } from "effect"
import { ANNOTATION_LIMITS, type Annotation, type UpdateAnnotationPayload } from "../../contract/annotations.ts"
import { call, endpoints } from "../call.ts"

export type EditOutcome =
  | { readonly _tag: "Saved"; readonly annotation: Annotation }
  /** Someone changed it first: `current` is how it is now (absent when the server did not say). */
  | { readonly _tag: "Conflict"; readonly current: Annotation | null }

export interface EditInput {
  readonly labId: string
  readonly id: string
  readonly patch: Omit<UpdateAnnotationPayload, "version">
  /** The version the edit started from. */
  readonly version: number
}

/** PUT the edit; a 409 is an outcome, not a failure. Other refusals (403, 404, no network) fail. */
export const updateAnnotation = Effect.fn("Annotations.update")(function* (input: EditInput) {
  return yield* call(endpoints.annotations.update, {
    params: { labId: input.labId, id: input.id },
    payload: { ...input.patch, version: input.version }
  }).pipe(
    Effect.map((answer): EditOutcome => ({ _tag: "Saved", annotation: answer.data.annotations })),
    // The contract's 409 arrives decoded, with the annotation as it is now; a server that does not
    // send it (or a 409 read by status alone) is asked for the list instead.
    Effect.catch((error) =>
      error._tag === "AnnotationConflict" && error.current !== undefined
        ? Effect.succeed<EditOutcome>({ _tag: "Conflict", current: error.current })
        : isConflict(error)
          ? listAnnotations(input.labId).pipe(
              Effect.map((all): EditOutcome => ({ _tag: "Conflict", current: all.find((a) => a.id === input.id) ?? null }))
            )
          : Effect.fail(error)
    )
  )
})

/** A 409: as the endpoint declares it, or as call() reports a status the SPA's errors do not name. */
export const isConflict = (error: unknown): boolean => {
  if (typeof error !== "object" || error === null || !("_tag" in error)) return false
  const { _tag } = error as { readonly _tag: unknown }
  return _tag === "AnnotationConflict" || _tag === "Conflict" || (_tag === "ServerError" && (error as { status?: unknown }).status === 409)
}

/** DELETE; with `version`, only if the annotation is still at that version (else a 409 AnnotationConflict). */
export const removeAnnotation = Effect.fn("Annotations.remove")(function* (input: {
  readonly labId: string
  readonly id: string
  readonly version?: number
}) {
  yield* call(endpoints.annotations.remove, {
    params: { labId: input.labId, id: input.id },
    query: input.version === undefined ? {} : { version: input.version }
  })
})

/** The slide's annotations as they are now (a realtime change too big for its message). */
export const listAnnotations = Effect.fn("Annotations.list")(function* (labId: string) {
  const answer = yield* call(endpoints.annotationsView.list, {
    params: { labId },
    query: { page: 1, limit: ANNOTATION_LIMITS.pageLimit }
  })
  return answer.data.results
})

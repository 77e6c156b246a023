// Editing and deleting one annotation through the contract. An edit names the version it started
// from; a stale one is answered 409 AnnotationConflict with the annotation as it is now, which the
// viewer puts in its store (so nothing is lost silently) and tells the user about.
import { Effect } from "effect"
import { sameProps } from "../../annotation/props.ts"
import { type Shape, shapeOf, webAnnotationOf } from "../../annotation/store/shape.ts"
import { ANNOTATION_LIMITS, type Annotation, type UpdateAnnotationPayload, createAnnotationsBody } from "../../contract/annotations.ts"
import type { Api } from "../Api.ts"
import type { AppFailure } from "../AppFailure.ts"
import { call, endpoints } from "../call.ts"
import { rememberOwnBulk } from "./own-bulk.ts"

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
    // A locked annotation's refusal is no race: it fails as the refusal it is.
    Effect.catch((error) =>
      isLockedRefusal(error, input.version)
        ? Effect.fail(error)
        : error._tag === "AnnotationConflict" && error.current !== undefined
          ? Effect.succeed<EditOutcome>({ _tag: "Conflict", current: error.current })
          : isConflict(error)
            ? listAnnotations(input.labId).pipe(
                Effect.map((all): EditOutcome => ({ _tag: "Conflict", current: all.find((a) => a.id === input.id) ?? null }))
              )
            : Effect.fail(error)
    )
  )
})

/**
 * The server's 409 for a locked annotation (a move, reshape or delete of it) rather than a race: the
 * annotation it answers is locked and at the very version the change started from. It is a refusal,
 * said as such ("unlock it first"), not someone else's newer version.
 */
export const isLockedRefusal = (error: AppFailure, version?: number): boolean =>
  error._tag === "AnnotationConflict" && error.current?.data.locked === true && (version === undefined || error.current.version === version)

/** A 409: as the endpoint declares it, or as call() reports a status the SPA's errors do not name. */
export const isConflict = (error: AppFailure): boolean =>
  error._tag === "AnnotationConflict" || error._tag === "Conflict" || (error._tag === "ServerError" && error.status === 409)

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

/**
 * The slide's annotations as they are now (a realtime change too big for its message). A member
 * gets them in one answer; anyone else a bounded page at a time, followed by `next_page`.
 */
export const listAnnotations = Effect.fn("Annotations.list")(function* (labId: string) {
  const results: Array<Annotation> = []
  let page: number | null = 1
  while (page !== null) {
    const query: { page: number; limit: number } = { page, limit: ANNOTATION_LIMITS.pageLimit }
    const answer: { data: { results: ReadonlyArray<Annotation>; meta: { next_page: number | null } } } = yield* call(
      endpoints.annotationsView.list,
      { params: { labId }, query }
    )
    results.push(...answer.data.results)
    page = answer.data.meta.next_page
  }
  return results
})

export interface ChangeInput {
  readonly labId: string
  readonly id: string
  /** The annotation as the change expects to find it (null: not on the server), and as it should be (null: deleted). */
  readonly from: Shape | null
  readonly to: Shape | null
  /** The version the change starts from: PUT and DELETE name it, so nobody's newer edit is overwritten. */
  readonly version: number
}

export type ChangeOutcome =
  /** The server holds `shape` now (null: deleted). */
  | { readonly _tag: "Saved"; readonly shape: Shape | null }
  /** Someone changed it first: `current` is how it is now (null: deleted meanwhile). */
  | { readonly _tag: "Conflict"; readonly current: Shape | null }

const shapeOrNull = (annotation: Annotation | undefined | null): Shape | null => {
  if (annotation === undefined || annotation === null) return null
  const parsed = shapeOf(annotation)
  return parsed.ok ? parsed.shape : null
}

/**
 * One change of the user's own, in whichever call it takes: a re-creation (POST with the same id),
 * a deletion or an edit (each naming the version it starts from). A 409 is an outcome with the
 * annotation as it is now; an edit of one that is gone is a conflict too; a deletion of one that is
 * gone already is done. Other refusals (403, 400, no network) fail.
 */
export const applyChange = Effect.fn("Annotations.change")(function* (input: ChangeInput) {
  const { labId, id, to } = input
  if (to === null)
    return yield* removeAnnotation({ labId, id, version: input.version }).pipe(
      Effect.map((): ChangeOutcome => ({ _tag: "Saved", shape: null })),
      Effect.catch((error) =>
        error._tag === "NotFound"
          ? Effect.succeed<ChangeOutcome>({ _tag: "Saved", shape: null })
          : error._tag === "AnnotationConflict" && !isLockedRefusal(error, input.version)
            ? Effect.succeed<ChangeOutcome>({ _tag: "Conflict", current: shapeOrNull(error.current) })
            : Effect.fail(error)
      )
    )
  if (input.from === null)
    return yield* call(endpoints.annotations.create, {
      params: { labId },
      payload: createAnnotationsBody({ data: [{ id, data: webAnnotationOf(to, labId), visible: to.visible }] })
    }).pipe(
      Effect.map((answer): ChangeOutcome => ({ _tag: "Saved", shape: shapeOrNull(answer.data.results[0]) })),
      Effect.catch((error) =>
        error._tag === "AnnotationConflict"
          ? Effect.succeed<ChangeOutcome>({ _tag: "Conflict", current: shapeOrNull(error.current) })
          : Effect.fail(error)
      )
    )
  return yield* updateAnnotation({ labId, id, patch: { data: webAnnotationOf(to, labId) }, version: input.version }).pipe(
    Effect.map(
      (outcome): ChangeOutcome =>
        outcome._tag === "Saved"
          ? { _tag: "Saved", shape: shapeOrNull(outcome.annotation) }
          : { _tag: "Conflict", current: shapeOrNull(outcome.current) }
    ),
    Effect.catch((error) =>
      error._tag === "NotFound" ? Effect.succeed<ChangeOutcome>({ _tag: "Conflict", current: null }) : Effect.fail(error)
    )
  )
})

/** What the server made of one change of a step: its outcome, or why it did not go through. */
export type ChangeResult = ChangeOutcome | { readonly _tag: "Failed"; readonly error: AppFailure }

/** A step with at least this many deletions, re-creations or moves to one label sends them in one bulk call. */
export const BULK_FROM = 2

/** Only the label differs: the same vertices, visibility, comments, name, description and lock. */
const onlyRelabelled = (from: Shape, to: Shape): boolean =>
  from.labelId !== to.labelId &&
  sameProps(from.props, to.props) &&
  from.visible === to.visible &&
  from.kind === to.kind &&
  (from.coords === to.coords || (from.coords.length === to.coords.length && from.coords.every((v, i) => v === to.coords[i]))) &&
  from.comments.length === to.comments.length &&
  from.comments.every((c, i) => c === to.comments[i])

/**
 * One bulk call for `inputs`, answered for each: all saved, or all failed with the call's refusal
 * (a 403 names the shapes the user may not change; no network keeps an undo to try again). A 400
 * (a shape deleted meanwhile, a deletion too old or not bulk to restore) answers undefined: those
 * changes then go one by one, each with its own version check and answer.
 */
const bulkOf = <E extends AppFailure>(
  inputs: ReadonlyArray<ChangeInput>,
  program: Effect.Effect<unknown, E, Api>,
  saved: (input: ChangeInput) => Shape | null
) =>
  program.pipe(
    Effect.map(() => inputs.map((input): ChangeResult => ({ _tag: "Saved", shape: saved(input) }))),
    Effect.catch((error: AppFailure) =>
      Effect.succeed(error._tag === "BadRequest" ? undefined : inputs.map((): ChangeResult => ({ _tag: "Failed", error })))
    )
  )

const idsOf = (inputs: ReadonlyArray<ChangeInput>) => inputs.map((input) => input.id)

/**
 * The bulk calls a step's changes fit: its deletions (one bulk delete), its re-creations (the undo of
 * a deletion: one restore, which brings them back with their ids, authors and creation times, as
 * only the server's record of the deletion can), and its relabellings to one label (one bulk update).
 * A selection of 100,000 is then one call, not 100,000. Moves and reshapes keep one call each: each
 * names the version it started from, so a colleague's edit in between is a conflict, never lost.
 */
const bulkGroups = (inputs: ReadonlyArray<ChangeInput>) => {
  const deletes = inputs.filter((input) => input.to === null && input.from !== null)
  // Only shapes the server held before (an undone deletion) are restored; a new one (a region's
  // split part, never stored, no author yet) is created.
  const recreates = inputs.filter((input) => input.from === null && input.to !== null && input.to.author !== null)
  const relabels = new Map<string, Array<ChangeInput>>()
  for (const input of inputs)
    if (input.from !== null && input.to !== null && onlyRelabelled(input.from, input.to)) {
      const group = relabels.get(input.to.labelId) ?? []
      group.push(input)
      relabels.set(input.to.labelId, group)
    }
  const groups: Array<{ inputs: ReadonlyArray<ChangeInput>; run: () => ReturnType<typeof bulkOf> }> = []
  const labId = inputs[0]?.labId ?? ""
  if (deletes.length >= BULK_FROM)
    groups.push({
      inputs: deletes,
      run: () =>
        bulkOf(
          deletes,
          Effect.andThen(
            Effect.sync(() => rememberOwnBulk("deleted", idsOf(deletes))),
            call(endpoints.annotations.bulkDelete, { params: { labId }, payload: { ids: idsOf(deletes) } })
          ),
          () => null
        )
    })
  // Even one: only the server's record of the deletion brings the shape back with its author, its
  // creation time and a comment pin's replies (a create would credit whoever undid it, with no replies).
  if (recreates.length > 0)
    groups.push({
      inputs: recreates,
      run: () =>
        bulkOf(recreates, call(endpoints.annotations.restore, { params: { labId }, payload: { ids: idsOf(recreates) } }), (input) => ({
          ...input.to!,
          // The server raised each restored annotation's version by one from the one deleted.
          version: input.to!.version + 1
        }))
    })
  for (const [labelId, group] of relabels)
    if (group.length >= BULK_FROM)
      groups.push({
        inputs: group,
        run: () =>
          bulkOf(
            group,
            Effect.andThen(
              Effect.sync(() => rememberOwnBulk("updated", idsOf(group))),
              call(endpoints.annotations.bulkUpdate, { params: { labId }, payload: { ids: idsOf(group), label_id: labelId } })
            ),
            (input) => ({ ...input.to!, version: input.version + 1 })
          )
      })
  return groups
}

/**
 * The changes of one undo step (one shape's, or a selection's): what fits a bulk call goes in one
 * (bulkGroups), the rest `concurrency` calls at a time, one annotation per call. Each answers for
 * itself, by annotation id, so one refusal (a reviewer's 403 on someone else's shape) is said for
 * that shape and the rest stand; the program itself never fails for a refusal.
 */
export const applyChanges = Effect.fn("Annotations.changes")(function* (inputs: ReadonlyArray<ChangeInput>, concurrency: number) {
  const answered = new Map<string, ChangeResult>()
  for (const group of bulkGroups(inputs)) {
    const results = yield* group.run()
    if (results !== undefined) for (const [i, input] of group.inputs.entries()) answered.set(input.id, results[i]!)
  }
  const rest = inputs.filter((input) => !answered.has(input.id))
  const results = yield* Effect.forEach(
    rest,
    (input) =>
      applyChange(input).pipe(
        Effect.map((outcome): ChangeResult => outcome),
        Effect.catch((error) => Effect.succeed<ChangeResult>({ _tag: "Failed", error }))
      ),
    { concurrency }
  )
  for (const [i, input] of rest.entries()) answered.set(input.id, results[i]!)
  return Object.fromEntries(inputs.map((input) => [input.id, answered.get(input.id)!])) as Readonly<Record<string, ChangeResult>>
})

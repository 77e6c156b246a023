// The undo history of the user's own changes, pure (the edits machine holds it and runs the calls).
//
// A step is one action of the user: one annotation reshaped, moved, relabelled, deleted or drawn,
// or several at once (the selection deleted, relabelled or moved together). It holds only the
// annotations it touched, each as it was before (null: not on the server) and after (null:
// deleted), so undo and redo cost the same at 100 or 100,000 shapes on the slide. Undo sends every
// change of the step `after -> before`, redo `before -> after`; they are sent together (a few at a
// time) and answered one by one, so one annotation's answer never stands for another's:
//
//   saved       the server's version is shown and remembered (the next change of it names it)
//   conflict    someone else changed or deleted it first (409, or an edit of one gone): shown as it
//               is now; that annotation's part leaves every step (they all built on the version
//               someone else replaced), and its queued changes go too
//   refused     (403, 400) a new change's part is taken back and leaves its step; an undo's or
//               redo's is dropped (it would be refused again); its queued changes go
//   no network  as refused, except that an undo's or redo's part goes back where it was (undo:
//               to the past, redo: to the future), to be tried again, as a step of its own if the
//               rest of its step went through
//
// A step whose every part has gone leaves the history.
import type { Shape } from "../../annotation/store/shape.ts"
import type { AppFailure } from "../../effects/AppFailure.ts"
import { Defect } from "../../effects/Defect.ts"

/** Steps kept for undo: a long session's worth. */
export const HISTORY_LIMIT = 500

/** One annotation's part of a step: as it was before (null: not on the server) and after (null: deleted). */
export interface Change {
  readonly annotationId: string
  readonly before: Shape | null
  readonly after: Shape | null
}

/** One undo step: one action of the user, on one annotation or several (never one twice). */
export interface Step {
  readonly id: number
  readonly changes: ReadonlyArray<Change>
}

export type Direction = "do" | "undo" | "redo"

/** A step waiting to be sent, or being sent: done, undone or redone. */
export interface Op {
  readonly step: Step
  readonly direction: Direction
}

/** What the server made of one annotation's change. */
export type ChangeResult =
  /** It holds `shape` now (null: deleted). */
  | { readonly _tag: "Saved"; readonly shape: Shape | null }
  /** Someone changed it first: `current` is how it is now (null: deleted meanwhile). */
  | { readonly _tag: "Conflict"; readonly current: Shape | null }
  /** Refused (403, 400), or not sent for want of a network. */
  | { readonly _tag: "Failed"; readonly error: AppFailure }

/** The answers to one op, by annotation id. */
export type ChangeResults = Readonly<Record<string, ChangeResult>>

export interface History {
  /** Oldest first; the first is being sent. */
  readonly queue: ReadonlyArray<Op>
  /** Steps to undo, the latest last (a change on its way is there already). */
  readonly past: ReadonlyArray<Step>
  /** Steps undone, to redo, the latest undone last. */
  readonly future: ReadonlyArray<Step>
  /** The version each annotation is at after this user's last saved change of it. */
  readonly versions: Readonly<Record<string, number>>
  readonly nextId: number
}

/** What a change sends: from how the server should have it to how it is to be. */
export const endsOf = (change: Change, direction: Direction): readonly [from: Shape | null, to: Shape | null] =>
  direction === "undo" ? [change.after, change.before] : [change.before, change.after]

/** The version a change starts from: the shape's own, or the one this user's last saved change of it made. */
export const baseVersion = (history: Pick<History, "versions">, change: Change, direction: Direction): number => {
  const own = history.versions[change.annotationId]
  const base = endsOf(change, direction)[0]?.version ?? 0
  return own === undefined ? base : Math.max(base, own)
}

export const recorded = (past: ReadonlyArray<Step>, step: Step): ReadonlyArray<Step> => [...past, step].slice(-HISTORY_LIMIT)

/** The versions with the annotation's as the server now has it (gone: forgotten). */
export const withVersion = (versions: History["versions"], id: string, shape: Shape | null): History["versions"] => {
  const { [id]: _, ...rest } = versions
  return shape === null ? rest : { ...rest, [id]: shape.version }
}

export const isOffline = (error: AppFailure): boolean => error._tag === "NetworkError"

/** Steps without the parts `drops` names; a step left with none goes. Unchanged steps keep their identity. */
const pruned = (steps: ReadonlyArray<Step>, drops: (step: Step, change: Change) => boolean): ReadonlyArray<Step> =>
  steps.flatMap((step) => {
    const changes = step.changes.filter((change) => !drops(step, change))
    return changes.length === 0 ? [] : [changes.length === step.changes.length ? step : { ...step, changes }]
  })

const prunedOps = (ops: ReadonlyArray<Op>, drops: (step: Step, change: Change) => boolean): ReadonlyArray<Op> =>
  ops.flatMap((op) => {
    const [step] = pruned([op.step], drops)
    return step === undefined ? [] : [step === op.step ? op : { ...op, step }]
  })

/** The first op answered: what the history becomes and what the user is shown and told. */
export interface Settled {
  readonly history: History
  /** As the server has them now: put in the store... */
  readonly upsert: ReadonlyArray<Shape>
  /** ...and taken out. */
  readonly remove: ReadonlyArray<string>
  /** A new change's answers replace it only while the store still shows these (the change as it was shown). */
  readonly expected: ReadonlyArray<Shape>
  /** A new change that did not go through: these put back as they were. */
  readonly revert: ReadonlyArray<Shape>
  readonly conflicts: ReadonlyArray<{ readonly annotationId: string; readonly current: Shape | null }>
  readonly failures: ReadonlyArray<{ readonly change: Change; readonly error: AppFailure }>
  /** A deletion the user asked for: how many annotations the server deleted. */
  readonly deleted: number
}

/** Settles the first queued op with the server's answers (an annotation with no answer counts as failed). */
export const settle = (history: History, results: ChangeResults): Settled => {
  const op = history.queue[0]
  const none: Settled = { history, upsert: [], remove: [], expected: [], revert: [], conflicts: [], failures: [], deleted: 0 }
  if (op === undefined) return none
  const { step, direction } = op
  // One copy, changed in place: a copy per answer (withVersion) was quadratic, minutes at 100,000.
  const versions: Record<string, number> = { ...history.versions }
  const setVersion = (id: string, shape: Shape | null) => {
    if (shape === null) delete versions[id]
    else versions[id] = shape.version
  }
  const upsert: Array<Shape> = []
  const remove: Array<string> = []
  const expected: Array<Shape> = []
  const revert: Array<Shape> = []
  const conflicts: Array<{ annotationId: string; current: Shape | null }> = []
  const failures: Array<{ change: Change; error: AppFailure }> = []
  /** Annotations whose every step and queued change goes (a conflict). */
  const lost = new Set<string>()
  /** Annotations whose queued changes go, and whose part of this step goes (refused). */
  const dropped = new Set<string>()
  /** Parts of an undo or redo not sent for want of a network: back where they were. */
  const retry: Array<Change> = []
  let deleted = 0
  for (const change of step.changes) {
    const id = change.annotationId
    const result: ChangeResult = results[id] ?? { _tag: "Failed", error: new Defect(`no answer for ${id}`) }
    if (result._tag === "Saved") {
      setVersion(id, result.shape)
      if (result.shape === null) remove.push(id)
      else {
        upsert.push(result.shape)
        // A new change was shown before it was sent: its answer replaces it only while it is still shown.
        if (direction === "do" && change.after !== null) expected.push(change.after)
      }
      if (direction === "do" && change.after === null && result.shape === null) deleted++
    } else if (result._tag === "Conflict") {
      setVersion(id, result.current)
      conflicts.push({ annotationId: id, current: result.current })
      lost.add(id)
    } else {
      failures.push({ change, error: result.error })
      dropped.add(id)
      // Only a new change was shown before the server had it, so only that is taken back.
      if (direction === "do" && change.before !== null) revert.push(change.before)
      if (direction !== "do" && isOffline(result.error)) retry.push(change)
    }
  }
  const goes = (s: Step, change: Change) => lost.has(change.annotationId) || (s.id === step.id && dropped.has(change.annotationId))
  let past = pruned(history.past, goes)
  let future = pruned(history.future, goes)
  // What follows in the queue built on what did not go through.
  const queue = prunedOps(history.queue.slice(1), (_, change) => lost.has(change.annotationId) || dropped.has(change.annotationId))
  let nextId = history.nextId
  if (retry.length > 0) {
    // The rest of the step went through and stays where the undo or redo put it; these go back.
    const kept = [...past, ...future].some((s) => s.id === step.id)
    const back: Step = { id: kept ? nextId++ : step.id, changes: retry }
    if (direction === "undo") past = recorded(past, back)
    else future = [...future, back]
  }
  return {
    history: { queue, past, future, versions, nextId },
    upsert,
    remove,
    expected,
    revert,
    conflicts,
    failures,
    deleted
  }
}

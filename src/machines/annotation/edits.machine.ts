// The user's own changes of a slide's saved annotations, sent to the server a step at a time, and
// their history for undo and redo (history.ts: what a step is and what each answer does to it):
//
//   idle     --edit.update / edit.delete / edit.group--> working  (shown at once, recorded as one step)
//            --history.undo / history.redo--> working            (the step's changes back, or again)
//   working  --answered--> working (the next queued step) or idle
//              each annotation of the step answered on its own: saved (the server's version shown),
//              conflict (someone else's version shown, the user told, that annotation's part of
//              every step gone), refused (a new change taken back, the user told), no network (an
//              undo or redo kept to try again)
//
// Undo and redo move their step at once (so Ctrl+Z then Ctrl+Shift+Z works while the first is still
// on its way); their changes follow in the queue. A step's changes are sent together: its deletions,
// their undo (a restore) and its relabellings each in one bulk call, the rest a few calls at a time
// (APPLY_CONCURRENCY; src/effects/annotations/edit.ts applyChanges), and the next step waits for all.
//
// A step is one action: one annotation's change, or several made together (the selection deleted,
// relabelled or moved: one `edit.group`, one step, one Ctrl+Z). Undo sends `after -> before`, redo
// `before -> after`: a create is undone by a DELETE, a delete by a POST of the same id, an edit by a
// PUT of the shape as it was. Only this user's changes are steps: a create arrives as `edit.created`
// once the tools machine has saved it; changes heard from others never enter. Each change names the
// version it starts from: the shape's own, or the one this user's last saved change of it made, so a
// change someone else made in between is a conflict on the server (PUT and DELETE both check), never
// overwritten in silence. A step holds only the shapes it touched, so the history costs the same at
// 100 or 100,000 shapes; it keeps the last HISTORY_LIMIT steps.
//
// Actions only assign and emit: the view applies `edits.show` and `edits.revert` to the store
// (origin local, one batch each, so its listeners hear a step once), and says `edits.conflict` and
// `edits.failed` in one toast each.
import { assign, emit, enqueueActions, setup } from "xstate"
import type { Shape } from "../../annotation/store/shape.ts"
import { applyChanges, type ChangeInput } from "../../effects/annotations/edit.ts"
import type { AppFailure } from "../../effects/AppFailure.ts"
import { failureFrom, fromEffect } from "../support/fromEffect.ts"
import {
  baseVersion,
  type Change,
  type ChangeResults,
  type Direction,
  endsOf,
  type History,
  HISTORY_LIMIT,
  type Op,
  recorded,
  type Step,
  settle,
  withVersion
} from "./history.ts"

export { type Change, type ChangeResults, type Direction, HISTORY_LIMIT, type Op, type Step }

/** Calls of one step in flight at once: a browser's connections to one host, HTTP/1.1. */
export const APPLY_CONCURRENCY = 6

export interface EditsInput {
  readonly labId: string
}

export interface EditsContext extends History {
  readonly labId: string
}

/** One shape's part of a group: `from` null makes a new one (a region's split part), `to` null deletes. */
export interface GroupChange {
  readonly from: Shape | null
  readonly to: Shape | null
}

export type EditsEvent =
  /** The user reshaped, moved or relabelled a saved annotation: `to` is `from` changed. */
  | { readonly type: "edit.update"; readonly from: Shape; readonly to: Shape }
  | { readonly type: "edit.delete"; readonly shape: Shape }
  /** Several changed together (the selection relabelled, moved or deleted): one step. `to` null: deleted. */
  | { readonly type: "edit.group"; readonly changes: ReadonlyArray<GroupChange> }
  /** The tools machine saved a new annotation: a step, at the version it was created at. */
  | { readonly type: "edit.created"; readonly shape: Shape }
  /** Undo the latest step; with `step`, only if the latest is that one (a deletion notice's Undo). */
  | { readonly type: "history.undo"; readonly step?: number }
  | { readonly type: "history.redo" }

export type EditsEmitted =
  /**
   * Put these in the store (origin local) and take those out, in one batch. `expected`: an upsert of
   * one of these ids applies only while the store still shows that very shape (a server's answer must
   * not replace a newer change shown since, such as an arrow-key nudge right after a drag: that
   * change's own save brings the server's version).
   */
  | {
      readonly type: "edits.show"
      readonly upsert: ReadonlyArray<Shape>
      readonly remove: ReadonlyArray<string>
      readonly expected?: ReadonlyArray<Shape>
    }
  /** Changes that did not go through: put the shapes back as they were, unless someone else's version replaced one meanwhile. */
  | { readonly type: "edits.revert"; readonly shapes: ReadonlyArray<Shape> }
  /** Someone changed or deleted these first; `current` is how each is now (null: gone). */
  | {
      readonly type: "edits.conflict"
      readonly conflicts: ReadonlyArray<{ readonly annotationId: string; readonly current: Shape | null }>
      readonly direction: Direction
    }
  /** Changes the server refused or that found no network, with why. */
  | {
      readonly type: "edits.failed"
      readonly step: Step
      readonly direction: Direction
      readonly failures: ReadonlyArray<{ readonly change: Change; readonly error: AppFailure }>
    }
  /** A deletion the server made: `count` annotations (the view offers Undo of the step in its notice). */
  | { readonly type: "edits.deleted"; readonly step: Step; readonly count: number }

/** What an op sends, from the context as it is when it is sent: each change naming the version it starts from. */
const changesOf = (context: EditsContext, op: Op): ReadonlyArray<ChangeInput> =>
  op.step.changes.map((change) => {
    const [from, to] = endsOf(change, op.direction)
    return { labId: context.labId, id: change.annotationId, from, to, version: baseVersion(context, change, op.direction) }
  })

const changesOfEvent = (event: EditsEvent): ReadonlyArray<Change> =>
  event.type === "edit.update"
    ? [{ annotationId: event.from.id, before: event.from, after: event.to }]
    : event.type === "edit.delete"
      ? [{ annotationId: event.shape.id, before: event.shape, after: null }]
      : event.type === "edit.group"
        ? event.changes.flatMap(({ from, to }) => {
            const id = from?.id ?? to?.id
            return id === undefined ? [] : [{ annotationId: id, before: from, after: to }]
          })
        : event.type === "edit.created"
          ? [{ annotationId: event.shape.id, before: null, after: event.shape }]
          : []

const stepOf = (context: EditsContext, event: EditsEvent): Step | null => {
  const changes = changesOfEvent(event)
  return changes.length === 0 ? null : { id: context.nextId, changes }
}

/** Every change of the op failed together (the program itself failed). */
const allFailed = (op: Op | undefined, error: AppFailure): ChangeResults =>
  Object.fromEntries((op?.step.changes ?? []).map((change) => [change.annotationId, { _tag: "Failed", error } as const]))

const actors = {
  apply: fromEffect((input: ReadonlyArray<ChangeInput>) => applyChanges(input, APPLY_CONCURRENCY))
}

export const editsMachine = setup({
  types: {
    context: {} as EditsContext,
    events: {} as EditsEvent,
    input: {} as EditsInput,
    emitted: {} as EditsEmitted
  },
  actors,
  guards: {
    queued: ({ context }) => context.queue.length > 0,
    canUndo: ({ context, event }) => {
      const latest = context.past.at(-1)
      return latest !== undefined && (event.type !== "history.undo" || event.step === undefined || event.step === latest.id)
    },
    canRedo: ({ context }) => context.future.length > 0,
    /** A change worth a step: something changed. */
    changes: ({ event }) => changesOfEvent(event).length > 0
  },
  actions: {
    /** A change joins the queue and the history, and is shown at once; nothing is left to redo. */
    enqueue: assign(({ context, event }) => {
      const step = stepOf(context, event)
      if (step === null) return {}
      return {
        queue: [...context.queue, { step, direction: "do" as const }],
        past: recorded(context.past, step),
        future: [],
        nextId: step.id + 1
      }
    }),
    showQueued: emit(({ event }) => {
      const changes = changesOfEvent(event)
      return {
        type: "edits.show" as const,
        upsert: changes.flatMap((change) => (change.after === null ? [] : [change.after])),
        remove: changes.flatMap((change) => (change.after === null ? [change.annotationId] : []))
      }
    }),
    /** A shape this user drew: a step (nothing to send), at the version it was created at. */
    created: assign(({ context, event }) => {
      const step = stepOf(context, event)
      if (step === null || event.type !== "edit.created") return {}
      return {
        past: recorded(context.past, step),
        future: [],
        nextId: step.id + 1,
        versions: withVersion(context.versions, event.shape.id, event.shape)
      }
    }),
    /** The latest step goes back at once (to redo, even before the server has the undo); its changes are queued. */
    undo: assign(({ context }) => {
      const step = context.past.at(-1)
      if (step === undefined) return {}
      return {
        queue: [...context.queue, { step, direction: "undo" as const }],
        past: context.past.slice(0, -1),
        future: [...context.future, step]
      }
    }),
    redo: assign(({ context }) => {
      const step = context.future.at(-1)
      if (step === undefined) return {}
      return {
        queue: [...context.queue, { step, direction: "redo" as const }],
        future: context.future.slice(0, -1),
        past: recorded(context.past, step)
      }
    }),
    /** The first queued step answered, annotation by annotation: the history follows, the user is shown and told. */
    settled: enqueueActions(({ context, enqueue }, results: ChangeResults) => {
      const op = context.queue[0]
      if (op === undefined) return
      const outcome = settle(context, results)
      enqueue.assign(outcome.history)
      const { upsert, remove, expected } = outcome
      if (upsert.length > 0 || remove.length > 0)
        enqueue.emit({ type: "edits.show", upsert, remove, ...(expected.length > 0 ? { expected } : {}) })
      if (outcome.deleted > 0) enqueue.emit({ type: "edits.deleted", step: op.step, count: outcome.deleted })
      if (outcome.conflicts.length > 0) enqueue.emit({ type: "edits.conflict", conflicts: outcome.conflicts, direction: op.direction })
      if (outcome.revert.length > 0) enqueue.emit({ type: "edits.revert", shapes: outcome.revert })
      if (outcome.failures.length > 0)
        enqueue.emit({ type: "edits.failed", step: op.step, direction: op.direction, failures: outcome.failures })
    })
  }
}).createMachine({
  id: "edits",
  context: ({ input }) => ({ labId: input.labId, queue: [], past: [], future: [], versions: {}, nextId: 1 }),
  initial: "idle",
  on: {
    "edit.created": { actions: "created" }
  },
  states: {
    idle: {
      on: {
        "edit.update": { target: "working", actions: ["enqueue", "showQueued"] },
        "edit.delete": { target: "working", actions: ["enqueue", "showQueued"] },
        "edit.group": { guard: "changes", target: "working", actions: ["enqueue", "showQueued"] },
        "history.undo": { guard: "canUndo", target: "working", actions: "undo" },
        "history.redo": { guard: "canRedo", target: "working", actions: "redo" }
      }
    },
    working: {
      tags: ["busy"],
      on: {
        "edit.update": { actions: ["enqueue", "showQueued"] },
        "edit.delete": { actions: ["enqueue", "showQueued"] },
        "edit.group": { guard: "changes", actions: ["enqueue", "showQueued"] },
        "history.undo": { guard: "canUndo", actions: "undo" },
        "history.redo": { guard: "canRedo", actions: "redo" }
      },
      invoke: {
        id: "apply",
        src: "apply",
        input: ({ context }) => changesOf(context, context.queue[0]!),
        onDone: { actions: { type: "settled", params: ({ event }) => event.output }, target: "next" },
        onError: {
          actions: { type: "settled", params: ({ context, event }) => allFailed(context.queue[0], failureFrom(actors.apply)({ event })) },
          target: "next"
        }
      }
    },
    /** The next queued step, if there is one. */
    next: {
      always: [{ guard: "queued", target: "working" }, { target: "idle" }]
    }
  }
})

/** Whether there is something to undo or redo now (the rail's buttons). */
export const canUndo = (context: EditsContext): boolean => context.past.length > 0
export const canRedo = (context: EditsContext): boolean => context.future.length > 0

// The user's own changes of a slide's saved annotations, sent to the server one at a time, and their
// history for undo and redo:
//
//   idle     --edit.update / edit.delete--> working   (the change shown at once, recorded as a step)
//            --history.undo / history.redo--> working (the step's change back, or again)
//   working  --saved--> working (the next queued one) or idle      (the server's answer shown)
//            --conflict (409, or an edit of one deleted meanwhile)--> the annotation as it is now
//              shown, the user told; every step of that annotation leaves the history (they all
//              built on the version someone else replaced), and so do its queued changes
//            --refused (403, 400)--> the change taken back, the step dropped, the user told
//            --no network--> the same, except that an undo or redo goes back where it was, to try again
//
// Undo and redo move their step at once (so Ctrl+Z then Ctrl+Shift+Z works while the first is still
// on its way); their changes follow in the queue.
//
// A step is one change of one annotation: as it was before (null: not on the server) and after (null:
// deleted). Undo sends `after -> before`, redo `before -> after`: a create is undone by a DELETE, a
// delete by a POST of the same id, an edit by a PUT of the shape as it was. Only this user's changes
// are steps: a create arrives as `edit.created` once the tools machine has saved it; changes heard
// from others never enter. Each change names the version it starts from: the shape's own, or the one
// this user's last saved change of it made, so a change someone else made in between is a conflict
// on the server (PUT and DELETE both check), never overwritten in silence. A step holds only the
// shapes it touched, so the history costs the same at 100 or 100,000 shapes; it keeps the last
// HISTORY_LIMIT steps.
//
// Actions only assign and emit: the view applies `edits.show` and `edits.revert` to the store
// (origin local), and says `edits.conflict` and `edits.failed` in a toast.
import { assign, emit, enqueueActions, setup } from "xstate"
import type { Shape } from "../../annotation/store/shape.ts"
import { applyChange, type ChangeInput, type ChangeOutcome } from "../../effects/annotations/edit.ts"
import { errorOf } from "../support/eventData.ts"
import { fromEffect } from "../support/fromEffect.ts"

/** Steps kept for undo: a long session's worth. */
export const HISTORY_LIMIT = 500

/** One change: the annotation before (null: not on the server) and after (null: deleted). */
export interface Step {
  readonly id: number
  readonly annotationId: string
  readonly before: Shape | null
  readonly after: Shape | null
}

export type Direction = "do" | "undo" | "redo"

/** A change waiting to be sent, or being sent: a step done, undone or redone. */
export interface Op {
  readonly step: Step
  readonly direction: Direction
}

export interface EditsInput {
  readonly labId: string
}

export interface EditsContext {
  readonly labId: string
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

export type EditsEvent =
  /** The user reshaped, moved or relabelled a saved annotation: `to` is `from` changed. */
  | { readonly type: "edit.update"; readonly from: Shape; readonly to: Shape }
  | { readonly type: "edit.delete"; readonly shape: Shape }
  /** The tools machine saved a new annotation: a step, at the version it was created at. */
  | { readonly type: "edit.created"; readonly shape: Shape }
  /** Undo the latest step; with `step`, only if the latest is that one (a deletion notice's Undo). */
  | { readonly type: "history.undo"; readonly step?: number }
  | { readonly type: "history.redo" }

export type EditsEmitted =
  /**
   * Put these in the store (origin local) and take those out; with `expected`, only while the store
   * still shows that shape (a server's answer must not replace a newer change shown since, such as an
   * arrow-key nudge right after a drag: that change's own save brings the server's version).
   */
  | {
      readonly type: "edits.show"
      readonly upsert: ReadonlyArray<Shape>
      readonly remove: ReadonlyArray<string>
      readonly expected?: Shape
    }
  /** A change did not go through: put the shape back as it was, unless someone else's version replaced it meanwhile. */
  | { readonly type: "edits.revert"; readonly shape: Shape }
  /** Someone changed or deleted it first; `current` is how it is now (null: gone). */
  | {
      readonly type: "edits.conflict"
      readonly annotationId: string
      readonly current: Shape | null
      readonly direction: Direction
    }
  | { readonly type: "edits.failed"; readonly step: Step; readonly direction: Direction; readonly error: unknown }
  /** A deletion the server made (the view offers Undo in its notice). */
  | { readonly type: "edits.deleted"; readonly step: Step }

/** What an op sends, from the context as it is when it is sent. */
const changeOf = (context: EditsContext, op: Op): ChangeInput => {
  const { step, direction } = op
  const [from, to] = direction === "undo" ? [step.after, step.before] : [step.before, step.after]
  const own = context.versions[step.annotationId]
  const base = from?.version ?? 0
  return { labId: context.labId, id: step.annotationId, from, to, version: own === undefined ? base : Math.max(base, own) }
}

const stepOf = (context: EditsContext, event: EditsEvent): Step | null =>
  event.type === "edit.update"
    ? { id: context.nextId, annotationId: event.from.id, before: event.from, after: event.to }
    : event.type === "edit.delete"
      ? { id: context.nextId, annotationId: event.shape.id, before: event.shape, after: null }
      : event.type === "edit.created"
        ? { id: context.nextId, annotationId: event.shape.id, before: null, after: event.shape }
        : null

/** The versions with the annotation's as the server now has it (gone: forgotten). */
const withVersion = (versions: EditsContext["versions"], id: string, shape: Shape | null): EditsContext["versions"] => {
  const { [id]: _, ...rest } = versions
  return shape === null ? rest : { ...rest, [id]: shape.version }
}

const recorded = (past: ReadonlyArray<Step>, step: Step) => [...past, step].slice(-HISTORY_LIMIT)

const isOffline = (error: unknown): boolean =>
  typeof error === "object" && error !== null && "_tag" in error && (error as { _tag: unknown })._tag === "NetworkError"

export const editsMachine = setup({
  types: {
    context: {} as EditsContext,
    events: {} as EditsEvent,
    input: {} as EditsInput,
    emitted: {} as EditsEmitted
  },
  actors: {
    apply: fromEffect((input: ChangeInput) => applyChange(input))
  },
  guards: {
    saved: (_, outcome: ChangeOutcome) => outcome._tag === "Saved",
    queued: ({ context }) => context.queue.length > 0,
    canUndo: ({ context, event }) => {
      const latest = context.past.at(-1)
      return latest !== undefined && (event.type !== "history.undo" || event.step === undefined || event.step === latest.id)
    },
    canRedo: ({ context }) => context.future.length > 0
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
    showQueued: emit(({ event }) =>
      event.type === "edit.update"
        ? { type: "edits.show" as const, upsert: [event.to], remove: [] }
        : event.type === "edit.delete"
          ? { type: "edits.show" as const, upsert: [], remove: [event.shape.id] }
          : { type: "edits.show" as const, upsert: [], remove: [] }
    ),
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
    /** The latest step goes back at once (to redo, even before the server has the undo); its change is queued. */
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
    /** The first change is saved: its version remembered. */
    saved: assign(({ context }, outcome: ChangeOutcome) => {
      const op = context.queue[0]
      if (op === undefined || outcome._tag !== "Saved") return {}
      return { queue: context.queue.slice(1), versions: withVersion(context.versions, op.step.annotationId, outcome.shape) }
    }),
    showSaved: emit(({ context }, outcome: ChangeOutcome) => {
      const op = context.queue[0]
      const shape = outcome._tag === "Saved" ? outcome.shape : null
      // A new change was shown before it was sent: its answer replaces it only while it is still shown.
      const shown = op?.direction === "do" ? op.step.after : null
      return {
        type: "edits.show" as const,
        upsert: shape === null ? [] : [shape],
        remove: shape === null && op ? [op.step.annotationId] : [],
        ...(shown !== null && shape !== null ? { expected: shown } : {})
      }
    }),
    /** A deletion the user made is done: the view offers Undo in its notice. */
    announceDeleted: enqueueActions(({ context, enqueue }) => {
      const op = context.queue[0]
      if (op !== undefined && op.direction === "do" && op.step.after === null) enqueue.emit({ type: "edits.deleted", step: op.step })
    }),
    /** The first change lost to someone else's: every step and queued change of that annotation goes. */
    conflicted: assign(({ context }, outcome: ChangeOutcome) => {
      const op = context.queue[0]
      if (op === undefined) return {}
      const id = op.step.annotationId
      const current = outcome._tag === "Conflict" ? outcome.current : null
      const other = (step: Step) => step.annotationId !== id
      return {
        queue: context.queue.slice(1).filter((o) => other(o.step)),
        past: context.past.filter(other),
        future: context.future.filter(other),
        versions: withVersion(context.versions, id, current)
      }
    }),
    announceConflict: emit(({ context }, outcome: ChangeOutcome) => ({
      type: "edits.conflict" as const,
      annotationId: context.queue[0]?.step.annotationId ?? "",
      current: outcome._tag === "Conflict" ? outcome.current : null,
      direction: context.queue[0]?.direction ?? "do"
    })),
    /**
     * The first change did not go through. Its queued followers of that annotation go with it. A new
     * change leaves the history; an undo or redo that found no network stays where it was, to be tried
     * again; one the server refused is dropped (it would be refused again).
     */
    refused: assign(({ context }, error: unknown) => {
      const op = context.queue[0]
      if (op === undefined) return {}
      const id = op.step.annotationId
      const queue = context.queue.slice(1).filter((o) => o.step.annotationId !== id)
      const past = context.past.filter((s) => s.id !== op.step.id)
      const future = context.future.filter((s) => s.id !== op.step.id)
      if (op.direction === "do" || !isOffline(error)) return { queue, past, future }
      // Not sent for want of a network: the step is back where it was before the undo or redo.
      return op.direction === "undo" ? { queue, past: recorded(past, op.step), future } : { queue, past, future: [...future, op.step] }
    }),
    /** Puts back what the store showed before the change (only a new change is shown before it is saved). */
    revert: enqueueActions(({ context, enqueue }) => {
      const op = context.queue[0]
      if (op === undefined || op.direction !== "do") return
      if (op.step.before !== null) enqueue.emit({ type: "edits.revert", shape: op.step.before })
    }),
    announceFailure: emit(({ context }, error: unknown) => ({
      type: "edits.failed" as const,
      step: context.queue[0]!.step,
      direction: context.queue[0]!.direction,
      error
    }))
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
        "history.undo": { guard: "canUndo", target: "working", actions: "undo" },
        "history.redo": { guard: "canRedo", target: "working", actions: "redo" }
      }
    },
    working: {
      tags: ["busy"],
      on: {
        "edit.update": { actions: ["enqueue", "showQueued"] },
        "edit.delete": { actions: ["enqueue", "showQueued"] },
        "history.undo": { guard: "canUndo", actions: "undo" },
        "history.redo": { guard: "canRedo", actions: "redo" }
      },
      invoke: {
        id: "apply",
        src: "apply",
        input: ({ context }) => changeOf(context, context.queue[0]!),
        onDone: [
          {
            guard: { type: "saved", params: ({ event }) => event.output },
            actions: [
              { type: "showSaved", params: ({ event }) => event.output },
              "announceDeleted",
              { type: "saved", params: ({ event }) => event.output }
            ],
            target: "next"
          },
          {
            actions: [
              { type: "announceConflict", params: ({ event }) => event.output },
              { type: "conflicted", params: ({ event }) => event.output }
            ],
            target: "next"
          }
        ],
        onError: {
          actions: ["revert", { type: "announceFailure", params: errorOf }, { type: "refused", params: errorOf }],
          target: "next"
        }
      }
    },
    /** The next queued change, if there is one. */
    next: {
      always: [{ guard: "queued", target: "working" }, { target: "idle" }]
    }
  }
})

/** Whether there is something to undo or redo now (the rail's buttons). */
export const canUndo = (context: EditsContext): boolean => context.past.length > 0
export const canRedo = (context: EditsContext): boolean => context.future.length > 0

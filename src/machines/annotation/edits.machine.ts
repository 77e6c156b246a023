// The user's own changes of a slide's saved annotations, sent to the server one at a time:
//
//   idle     --edit.update / edit.delete--> working   (the change shown at once)
//   working  --saved--> working (the next queued one) or idle      (the server's answer shown)
//            --conflict (409, or an edit of one deleted meanwhile)--> the annotation as it is now
//              shown, the user told; later queued changes of it dropped (they built on the lost one)
//            --refused (403, 400) or no network--> the change taken back, the user told
//
// Each change names the version it starts from: the shape's own, or the newer one this user's last
// saved change of it made (a second drag while the first is on its way). A change heard from someone
// else raises the shape's version in the store, so a change built on the older one is a conflict on
// the server, never a silent overwrite.
//
// Actions only assign and emit: the view applies `edits.show` and `edits.revert` to the store
// (origin local), and says `edits.conflict` and `edits.failed` in a toast.
import { assign, emit, enqueueActions, setup } from "xstate"
import type { Shape } from "../../annotation/store/shape.ts"
import { applyChange, type ChangeInput, type ChangeOutcome } from "../../effects/annotations/edit.ts"
import { errorOf } from "../support/eventData.ts"
import { fromEffect } from "../support/fromEffect.ts"

/** One change: the annotation before (null: not on the server) and after (null: deleted). */
export interface Step {
  readonly id: number
  readonly annotationId: string
  readonly before: Shape | null
  readonly after: Shape | null
}

/** A change waiting to be sent, or being sent. */
export interface Op {
  readonly step: Step
}

export interface EditsInput {
  readonly labId: string
}

export interface EditsContext {
  readonly labId: string
  /** Oldest first; the first is being sent. */
  readonly queue: ReadonlyArray<Op>
  /** The version each annotation is at after this user's last saved change of it. */
  readonly versions: Readonly<Record<string, number>>
  readonly nextId: number
}

export type EditsEvent =
  /** The user reshaped, moved or relabelled a saved annotation: `to` is `from` changed. */
  | { readonly type: "edit.update"; readonly from: Shape; readonly to: Shape }
  | { readonly type: "edit.delete"; readonly shape: Shape }
  /** The tools machine saved a new annotation: the version it was created at. */
  | { readonly type: "edit.created"; readonly shape: Shape }

export type EditsEmitted =
  /** Put these in the store (origin local) and take those out. */
  | { readonly type: "edits.show"; readonly upsert: ReadonlyArray<Shape>; readonly remove: ReadonlyArray<string> }
  /** A change did not go through: put the shape back as it was, unless someone else's version replaced it meanwhile. */
  | { readonly type: "edits.revert"; readonly shape: Shape }
  /** Someone changed or deleted it first; `current` is how it is now (null: gone). */
  | { readonly type: "edits.conflict"; readonly annotationId: string; readonly current: Shape | null }
  | { readonly type: "edits.failed"; readonly step: Step; readonly error: unknown }
  /** A deletion the server made (the view offers Undo in its notice). */
  | { readonly type: "edits.deleted"; readonly step: Step }

/** What a step's change sends, from the context as it is when it is sent. */
const changeOf = (context: EditsContext, op: Op): ChangeInput => {
  const { step } = op
  const own = context.versions[step.annotationId]
  const base = step.before?.version ?? 0
  return {
    labId: context.labId,
    id: step.annotationId,
    from: step.before,
    to: step.after,
    version: own === undefined ? base : Math.max(base, own)
  }
}

const stepOf = (context: EditsContext, event: EditsEvent): Step | null =>
  event.type === "edit.update"
    ? { id: context.nextId, annotationId: event.from.id, before: event.from, after: event.to }
    : event.type === "edit.delete"
      ? { id: context.nextId, annotationId: event.shape.id, before: event.shape, after: null }
      : null

/** The versions with the annotation's as the server now has it (gone: forgotten). */
const withVersion = (versions: EditsContext["versions"], id: string, shape: Shape | null): EditsContext["versions"] => {
  const { [id]: _, ...rest } = versions
  return shape === null ? rest : { ...rest, [id]: shape.version }
}

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
    queued: ({ context }) => context.queue.length > 0
  },
  actions: {
    /** A change joins the queue and is shown at once. */
    enqueue: assign(({ context, event }) => {
      const step = stepOf(context, event)
      return step === null ? {} : { queue: [...context.queue, { step }], nextId: context.nextId + 1 }
    }),
    showQueued: emit(({ event }) =>
      event.type === "edit.update"
        ? { type: "edits.show" as const, upsert: [event.to], remove: [] }
        : event.type === "edit.delete"
          ? { type: "edits.show" as const, upsert: [], remove: [event.shape.id] }
          : { type: "edits.show" as const, upsert: [], remove: [] }
    ),
    created: assign(({ context, event }) =>
      event.type === "edit.created" ? { versions: withVersion(context.versions, event.shape.id, event.shape) } : {}
    ),
    /** The first change is saved: its version is remembered, the server's answer shown. */
    saved: assign(({ context }, outcome: ChangeOutcome) => {
      const op = context.queue[0]
      if (op === undefined || outcome._tag !== "Saved") return {}
      return { queue: context.queue.slice(1), versions: withVersion(context.versions, op.step.annotationId, outcome.shape) }
    }),
    showSaved: emit(({ context }, outcome: ChangeOutcome) => {
      const op = context.queue[0]
      const shape = outcome._tag === "Saved" ? outcome.shape : null
      return { type: "edits.show" as const, upsert: shape === null ? [] : [shape], remove: shape === null && op ? [op.step.annotationId] : [] }
    }),
    /** A deletion the user made is done: the view offers Undo in its notice. */
    announceDeleted: enqueueActions(({ context, enqueue }) => {
      const op = context.queue[0]
      if (op !== undefined && op.step.after === null) enqueue.emit({ type: "edits.deleted", step: op.step })
    }),
    /** The first change lost to someone else's: it and the queued changes of that annotation go. */
    conflicted: assign(({ context }, outcome: ChangeOutcome) => {
      const op = context.queue[0]
      if (op === undefined) return {}
      const id = op.step.annotationId
      const current = outcome._tag === "Conflict" ? outcome.current : null
      return { queue: context.queue.slice(1).filter((o) => o.step.annotationId !== id), versions: withVersion(context.versions, id, current) }
    }),
    announceConflict: emit(({ context }, outcome: ChangeOutcome) => ({
      type: "edits.conflict" as const,
      annotationId: context.queue[0]?.step.annotationId ?? "",
      current: outcome._tag === "Conflict" ? outcome.current : null
    })),
    /** The first change was refused or found no network: taken back, with the queued changes of that annotation. */
    refused: assign(({ context }) => {
      const id = context.queue[0]?.step.annotationId
      return { queue: context.queue.slice(1).filter((o) => o.step.annotationId !== id) }
    }),
    revert: emit(({ context }) => {
      const before = context.queue[0]?.step.before
      return before ? { type: "edits.revert" as const, shape: before } : { type: "edits.show" as const, upsert: [], remove: [] }
    }),
    announceFailure: emit(({ context }, error: unknown) => ({ type: "edits.failed" as const, step: context.queue[0]!.step, error }))
  }
}).createMachine({
  id: "edits",
  context: ({ input }) => ({ labId: input.labId, queue: [], versions: {}, nextId: 1 }),
  initial: "idle",
  on: {
    "edit.created": { actions: "created" }
  },
  states: {
    idle: {
      on: {
        "edit.update": { target: "working", actions: ["enqueue", "showQueued"] },
        "edit.delete": { target: "working", actions: ["enqueue", "showQueued"] }
      }
    },
    working: {
      tags: ["busy"],
      on: {
        "edit.update": { actions: ["enqueue", "showQueued"] },
        "edit.delete": { actions: ["enqueue", "showQueued"] }
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
          actions: ["revert", { type: "announceFailure", params: errorOf }, "refused"],
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

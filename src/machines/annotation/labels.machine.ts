// A slide's labels in the viewer's side panel: the list, the active label new shapes take, which labels
// are hidden, and the calls that change them: create (name, colour: yellow by default, empty is white),
// rename and recolour, delete after a confirmation (the server deletes the label's annotations with it;
// the active label is cleared if it was that one; the server keeps what it deleted for a day, and
// `label.undo` brings back the label this user deleted last with its shapes). Importing a file is a
// flow of its own (import.machine.ts), which tells the view the labels it made.
//
// The view applies what the machine emits to the annotation store (a deleted label's shapes go, a
// renamed label's shapes take the new name and colour) and shows the
// success and failure toasts. Labels created, renamed, recoloured or deleted by someone else arrive
// as `label.remote` (the lab channel's label_{id}) in any state: the list follows at once, a deleted
// active label is no longer active, and a deletion being confirmed of a label already gone is dropped.
import { Effect } from "effect"
import { assign, type ErrorActorEvent, emit, setup } from "xstate"
import { type Label, LABEL_DEFAULT_COLOR } from "../../contract/annotations.ts"
import type { CompactAnnotations } from "../../annotation/compact.ts"
import { readCompact } from "../../effects/annotations/loadSave.ts"
import type { AppFailure } from "../../effects/AppFailure.ts"
import { call, endpoints } from "../../effects/call.ts"
import { failureFrom, fromEffect } from "../support/fromEffect.ts"

export type LabelAction = "create" | "update" | "delete" | "undo"

export interface LabelDraft {
  readonly name: string
  /** "#RRGGBB"; empty: white (the server stores "#FFFFFF"). */
  readonly color: string
}

export interface LabelsInput {
  readonly labId: string
  /** The name of the comments' label, never made active by itself (a comment is not a cell). */
  readonly commentLabel?: string
}

export interface LabelsContext {
  readonly labId: string
  readonly commentLabel: string
  readonly labels: ReadonlyArray<Label>
  /** The label new shapes take; null: none chosen (or the chosen one was deleted). */
  readonly activeId: string | null
  /** Whether a label was ever made active: only the first load picks one by itself. */
  readonly chose: boolean
  readonly hidden: ReadonlyArray<string>
  /** The label asked to be deleted, and how many annotations go with it. */
  readonly deleting: { readonly id: string; readonly name: string; readonly count: number } | null
  readonly failed: { readonly action: LabelAction; readonly error: LabelFailure } | null
  /** The label this user deleted last, which they may bring back with its shapes (the server keeps it a day). */
  readonly undoable: { readonly deletionId: string; readonly name: string } | null
}

export type LabelsEvent =
  | { readonly type: "labels.loaded"; readonly labels: ReadonlyArray<Label> }
  | ({ readonly type: "label.create" } & LabelDraft)
  | { readonly type: "label.update"; readonly id: string; readonly name?: string; readonly color?: string }
  | { readonly type: "label.delete"; readonly id: string; readonly count: number }
  | { readonly type: "label.confirm" }
  | { readonly type: "label.cancel" }
  | { readonly type: "label.activate"; readonly id: string }
  | { readonly type: "label.visibility"; readonly id: string; readonly visible: boolean }
  /** Bring back the label this user deleted last, with its annotations. */
  | { readonly type: "label.undo" }
  /** Someone else changed the slide's labels (the realtime label_{id} message). */
  | { readonly type: "label.remote"; readonly action: "created" | "updated" | "deleted"; readonly label: Label }

export type LabelsEmitted =
  | { readonly type: "label.created"; readonly label: Label }
  | { readonly type: "label.updated"; readonly label: Label }
  | { readonly type: "label.deleted"; readonly id: string; readonly annotationsDeleted: number; readonly undoable: boolean }
  /** The deleted label is back: the view puts back its shapes from the slide's compact read. */
  | ({ readonly type: "label.restored" } & RestoreResult)
  | { readonly type: "label.failed"; readonly action: LabelAction; readonly error: LabelFailure }

// ---- the calls ----

export const createLabel = Effect.fn("Labels.create")(function* (input: { readonly labId: string } & LabelDraft) {
  const answer = yield* call(endpoints.labels.create, {
    payload: { lab_id: input.labId, name: input.name.trim(), color: input.color.trim() }
  })
  return answer.data
})

export const updateLabel = Effect.fn("Labels.update")(function* (input: {
  readonly id: string
  readonly name?: string
  readonly color?: string
}) {
  const answer = yield* call(endpoints.labels.update, {
    params: { id: input.id },
    payload: {
      ...(input.name === undefined ? {} : { name: input.name.trim() }),
      ...(input.color === undefined ? {} : { color: input.color.trim() })
    }
  })
  return answer.data
})

export const deleteLabel = Effect.fn("Labels.delete")(function* (id: string) {
  return (yield* call(endpoints.labels.remove, { params: { id } })).data
})

export interface RestoreResult {
  readonly label: Label
  readonly restored: number
  /** The slide's annotations as they are after the undo (the label's shapes among them). */
  readonly annotations: CompactAnnotations
}

/** Undoes this user's deletion on the server, then reads the slide's shapes back (the compact read). */
export const restoreLabel = Effect.fn("Labels.restore")(function* (input: { readonly labId: string; readonly deletionId: string }) {
  const answer = (yield* call(endpoints.labels.restore, { payload: { deletion_id: input.deletionId } })).data
  const annotations = yield* readCompact(input.labId)
  return { label: answer.label, restored: answer.annotations_restored, annotations } satisfies RestoreResult
})

/** Why a label action failed: what any program can fail with. */
export type LabelFailure = AppFailure

// ---- the flow ----

const failure =
  (action: LabelAction, logic: (typeof actors)[keyof typeof actors]) =>
  ({ event }: { readonly event: ErrorActorEvent }) => ({ action, error: failureFrom(logic)({ event }) })

const has = (labels: ReadonlyArray<Label>, id: string | null) => id !== null && labels.some((l) => l.id === id)

/** The label drawing starts with when none was chosen: the first that is not the comments' label. */
export const firstDrawable = (labels: ReadonlyArray<Label>, commentLabel: string): string | null =>
  labels.find((l) => l.name.toLowerCase() !== commentLabel.toLowerCase())?.id ?? null

/**
 * Each label once, where it first appears, as its last mention has it. A label made with the slide's
 * first shape reaches the list twice (the save's answer and the channel's label_{id}), in either order.
 */
export const uniqueLabels = (labels: ReadonlyArray<Label>): Array<Label> => {
  const byId = new Map<string, Label>()
  for (const label of labels) {
    byId.delete(label.id)
    byId.set(label.id, label)
  }
  const order = [...new Set(labels.map((l) => l.id))]
  return order.map((id) => byId.get(id)!)
}

const actors = {
  create: fromEffect((input: { readonly labId: string } & LabelDraft) => createLabel(input)),
  update: fromEffect((input: { readonly id: string; readonly name?: string; readonly color?: string }) => updateLabel(input)),
  remove: fromEffect((id: string) => deleteLabel(id)),
  restore: fromEffect((input: { readonly labId: string; readonly deletionId: string }) => restoreLabel(input))
}

export const labelsMachine = setup({
  types: {
    context: {} as LabelsContext,
    events: {} as LabelsEvent,
    input: {} as LabelsInput,
    emitted: {} as LabelsEmitted
  },
  actors,
  guards: {
    named: ({ event }) => event.type === "label.create" && event.name.trim().length > 0,
    changes: ({ context, event }) =>
      event.type === "label.update" &&
      has(context.labels, event.id) &&
      (event.name === undefined || event.name.trim().length > 0) &&
      (event.name ?? event.color) !== undefined,
    known: ({ context, event }) => "id" in event && has(context.labels, event.id),
    undoable: ({ context }) => context.undoable !== null,
    /** The label being asked about was deleted elsewhere. */
    goneElsewhere: ({ context, event }) =>
      event.type === "label.remote" && event.action === "deleted" && context.deleting?.id === event.label.id
  },
  actions: {
    sync: assign(({ context, event }) => {
      if (event.type !== "labels.loaded") return {}
      const labels = uniqueLabels(event.labels)
      // The first load makes the first label active, as drawing always did; later ones keep the choice.
      const activeId = has(labels, context.activeId) ? context.activeId : context.chose ? null : firstDrawable(labels, context.commentLabel)
      return { labels, activeId }
    }),
    activate: assign(({ event }) => (event.type === "label.activate" ? { activeId: event.id, chose: true } : {})),
    setVisibility: assign(({ context, event }) => {
      if (event.type !== "label.visibility") return {}
      const others = context.hidden.filter((id) => id !== event.id)
      return { hidden: event.visible ? others : [...others, event.id] }
    }),
    ask: assign(({ context, event }) => {
      if (event.type !== "label.delete") return {}
      const label = context.labels.find((l) => l.id === event.id)
      return { deleting: { id: event.id, name: label?.name ?? "", count: event.count } }
    }),
    forgetDeleting: assign({ deleting: null }),
    forgetUndo: assign({ undoable: null }),
    clearFailure: assign({ failed: null }),
    added: assign(({ context }, label: Label) => ({
      labels: [...context.labels.filter((l) => l.id !== label.id), label],
      // A new label is the one the user means to draw with next.
      activeId: label.id,
      chose: true
    })),
    replaced: assign(({ context }, label: Label) => ({ labels: context.labels.map((l) => (l.id === label.id ? label : l)) })),
    removed: assign(({ context }, output: { readonly id: string; readonly deletion_id?: string }) => ({
      labels: context.labels.filter((l) => l.id !== output.id),
      hidden: context.hidden.filter((id) => id !== output.id),
      activeId: context.activeId === output.id ? null : context.activeId,
      deleting: null,
      undoable:
        output.deletion_id === undefined
          ? null
          : { deletionId: output.deletion_id, name: context.deleting?.name ?? context.labels.find((l) => l.id === output.id)?.name ?? "" }
    })),
    /** The label is back (not made active: the user goes on with what they had chosen). */
    restored: assign(({ context }, result: RestoreResult) => ({
      labels: uniqueLabels([...context.labels, result.label]),
      undoable: null
    })),
    emitRestored: emit((_, result: RestoreResult) => ({ type: "label.restored" as const, ...result })),
    /** Someone else's change of a label: the list follows; a deleted one is neither active nor hidden any more. */
    heard: assign(({ context, event }) => {
      if (event.type !== "label.remote") return {}
      const { label, action } = event
      if (action === "deleted")
        return {
          labels: context.labels.filter((l) => l.id !== label.id),
          hidden: context.hidden.filter((id) => id !== label.id),
          activeId: context.activeId === label.id ? null : context.activeId
        }
      const known = has(context.labels, label.id)
      const labels = known ? context.labels.map((l) => (l.id === label.id ? label : l)) : [...context.labels, label]
      // The slide's first label, if nothing was active and nothing chosen: as a first load would.
      return { labels, activeId: context.activeId ?? (context.chose ? null : firstDrawable(labels, context.commentLabel)) }
    }),
    emitCreated: emit((_, label: Label) => ({ type: "label.created" as const, label })),
    emitUpdated: emit((_, label: Label) => ({ type: "label.updated" as const, label })),
    emitDeleted: emit((_, output: { readonly id: string; readonly annotations_deleted: number; readonly deletion_id?: string }) => ({
      type: "label.deleted" as const,
      id: output.id,
      annotationsDeleted: output.annotations_deleted,
      undoable: output.deletion_id !== undefined
    })),
    fail: assign((_, failed: { readonly action: LabelAction; readonly error: LabelFailure }) => ({ failed, deleting: null })),
    emitFailed: emit((_, failed: { readonly action: LabelAction; readonly error: LabelFailure }) => ({
      type: "label.failed" as const,
      ...failed
    }))
  }
}).createMachine({
  id: "labels",
  context: ({ input }) => ({
    labId: input.labId,
    commentLabel: input.commentLabel ?? "Comment",
    labels: [],
    activeId: null,
    chose: false,
    hidden: [],
    deleting: null,
    failed: null,
    undoable: null
  }),
  initial: "ready",
  on: {
    "labels.loaded": { actions: "sync" },
    "label.activate": { guard: "known", actions: "activate" },
    "label.visibility": { actions: "setVisibility" },
    "label.remote": { actions: "heard" }
  },
  states: {
    ready: {
      on: {
        "label.create": { guard: "named", target: "creating", actions: "clearFailure" },
        "label.update": { guard: "changes", target: "updating", actions: "clearFailure" },
        "label.delete": { guard: "known", target: "confirming", actions: ["clearFailure", "ask"] },
        "label.undo": { guard: "undoable", target: "restoring", actions: "clearFailure" }
      }
    },
    /** Bringing back the label this user deleted, with its shapes. */
    restoring: {
      tags: ["busy"],
      invoke: {
        id: "restore",
        src: "restore",
        input: ({ context }) => ({ labId: context.labId, deletionId: context.undoable?.deletionId ?? "" }),
        onDone: {
          target: "ready",
          actions: [
            { type: "restored", params: ({ event }) => event.output },
            { type: "emitRestored", params: ({ event }) => event.output }
          ]
        },
        onError: {
          target: "ready",
          // Whatever the answer (gone, too old, a name taken meanwhile), the same undo is not offered again.
          actions: [
            { type: "fail", params: failure("undo", actors.restore) },
            { type: "emitFailed", params: failure("undo", actors.restore) },
            "forgetUndo"
          ]
        }
      }
    },
    creating: {
      tags: ["busy"],
      invoke: {
        id: "create",
        src: "create",
        input: ({ context, event }) => ({
          labId: context.labId,
          name: event.type === "label.create" ? event.name : "",
          color: event.type === "label.create" ? event.color : LABEL_DEFAULT_COLOR
        }),
        onDone: {
          target: "ready",
          actions: [
            { type: "added", params: ({ event }) => event.output },
            { type: "emitCreated", params: ({ event }) => event.output }
          ]
        },
        onError: {
          target: "ready",
          actions: [
            { type: "fail", params: failure("create", actors.create) },
            { type: "emitFailed", params: failure("create", actors.create) }
          ]
        }
      }
    },
    updating: {
      tags: ["busy"],
      invoke: {
        id: "update",
        src: "update",
        input: ({ event }) =>
          event.type === "label.update"
            ? {
                id: event.id,
                ...(event.name === undefined ? {} : { name: event.name }),
                ...(event.color === undefined ? {} : { color: event.color })
              }
            : { id: "" },
        onDone: {
          target: "ready",
          actions: [
            { type: "replaced", params: ({ event }) => event.output },
            { type: "emitUpdated", params: ({ event }) => event.output }
          ]
        },
        onError: {
          target: "ready",
          actions: [
            { type: "fail", params: failure("update", actors.update) },
            { type: "emitFailed", params: failure("update", actors.update) }
          ]
        }
      }
    },
    /** The dialog says how many annotations go with the label. */
    confirming: {
      on: {
        "label.remote": [{ guard: "goneElsewhere", target: "ready", actions: ["heard", "forgetDeleting"] }, { actions: "heard" }],
        "label.confirm": "deleting",
        "label.cancel": { target: "ready", actions: "forgetDeleting" }
      }
    },
    deleting: {
      tags: ["busy"],
      invoke: {
        id: "remove",
        src: "remove",
        input: ({ context }) => context.deleting?.id ?? "",
        onDone: {
          target: "ready",
          actions: [
            { type: "removed", params: ({ event }) => event.output },
            { type: "emitDeleted", params: ({ event }) => event.output }
          ]
        },
        onError: {
          target: "ready",
          actions: [
            { type: "fail", params: failure("delete", actors.remove) },
            { type: "emitFailed", params: failure("delete", actors.remove) }
          ]
        }
      }
    }
  }
})

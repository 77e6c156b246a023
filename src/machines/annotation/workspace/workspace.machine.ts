// The annotation workspace of a slide: the parent of the flows that make it, and the one writer of the
// view's store. It spawns its children at the start and wires them together:
//
//   loader  (annotations.machine.ts)  the slide's annotations and labels: loaded into the store
//   tools   (tools.machine.ts)        drawing and the selection's gestures: new shapes saved, edits committed
//   edits   (edits.machine.ts)        the user's changes of saved shapes, with undo and redo
//   drafts  (drafts.machine.ts)       shapes drawn without a connection, uploaded when it returns
//   labels  (labels.machine.ts)       the slide's labels panel
//
// and invokes what it hears from outside (actors.ts): the relay of its children's events, the
// connection, and, while the user may annotate, the slide's lab channel (the live feed) and presence
// channel; the compact re-read when a live change did not fit in its message. Three regions:
//
//   feed    off <-> on          on while the user may annotate (a member): the live feed and presence
//   reread  idle -> reading     the slide read again; asked again meanwhile: read once more
//   nudge   idle -> nudging     arrow-key nudges of one shape shown at once, saved as one edit
//                               NUDGE_SETTLE_MS after the last (or when another shape is nudged, or undo)
//
// Who may change which shape, what a Delete of the selection keeps, and how many a drag moves are the
// rules of src/annotation/edit-rules.ts, here as named guards (guards.ts). Store writes are custom
// actions (store-actions.ts, edit-actions.ts). The view (useAnnotations and its hooks) turns DOM
// events into this machine's events and draws from the snapshots; it says the `notice.*` it emits.
import { combineReads, READ_ALL } from "../../../effects/annotations/read-mode.ts"
import { assign, emit, enqueueActions, setup } from "xstate"
import { shapesWithin, shownIds } from "../../../annotation/selection.ts"
import { NO_PIXELS } from "../../../annotation/wand/source.ts"
import { labChannel, presenceChannel } from "../../../contract/realtime.ts"
import { viewersOf } from "../../../effects/annotations/presence.ts"
import { annotationsMachine } from "../annotations.machine.ts"
import { draftsMachine } from "../drafts.machine.ts"
import { editsMachine } from "../edits.machine.ts"
import { labelsMachine } from "../labels.machine.ts"
import { toolsMachine } from "../tools.machine.ts"
import { channel, connection, type Reread, relay, reread } from "./actors.ts"
import { editActions } from "./edit-actions.ts"
import { LIVE_KINDS, liveChange } from "./live.ts"
import { deletionOf, workspaceGuards } from "./guards.ts"
import { storeActions } from "./store-actions.ts"
import type { WorkspaceContext, WorkspaceEmitted, WorkspaceEvent, WorkspaceInput } from "./types.ts"

export type * from "./types.ts"

/** Arrow-key nudges of one shape closer together than this are one edit. */
export const NUDGE_SETTLE_MS = 450

export const workspaceMachine = setup({
  types: {
    context: {} as WorkspaceContext,
    events: {} as WorkspaceEvent,
    input: {} as WorkspaceInput,
    emitted: {} as WorkspaceEmitted
  },
  actors: {
    tools: toolsMachine,
    edits: editsMachine,
    drafts: draftsMachine,
    labels: labelsMachine,
    loader: annotationsMachine,
    relay,
    connection,
    channel,
    reread
  },
  guards: workspaceGuards,
  actions: {
    ...storeActions,
    ...editActions,
    applyLive: enqueueActions(({ context, event, enqueue }) => {
      const live = liveChange(context, event)
      if (live === null) return
      enqueue(live.write)
      if (live.reread !== null) enqueue.raise({ type: "reread.needed", mode: live.reread })
    }),
    setEditor: assign(({ event }) => (event.type === "who.change" ? { editor: event.editor } : {})),
    setOnline: assign(({ event }) => (event.type === "connection.online" ? { online: event.online } : {})),
    setLive: assign(({ event }) => (event.type === "connection.live" ? { live: event.live } : {})),
    keepViewers: assign(({ context, event }) => {
      if (event.type !== "presence.message") return {}
      const viewers = viewersOf(event.heard, context.editor.me)
      return viewers === null ? {} : { viewers }
    }),
    saved: assign({ saveFailed: false }),
    failed: assign({ saveFailed: true, undoAfterSave: false }),
    saving: assign({ saving: true }),
    settled: assign({ saving: false }),
    undoLater: assign({ undoAfterSave: true }),
    undoDone: assign({ undoAfterSave: false }),
    keepNudge: assign(({ context, event }) => {
      if (event.type !== "shape.nudge") return {}
      const pending = context.nudging
      const from = pending?.from ?? event.shape
      return { nudging: { from, dx: (pending?.dx ?? 0) + event.dx, dy: (pending?.dy ?? 0) + event.dy } }
    }),
    forgetNudge: assign({ nudging: null }),
    sayLocked: emit({ type: "notice.locked" as const, count: 1 }),
    sayLockedInSelection: emit(({ context }) => ({ type: "notice.locked" as const, count: deletionOf(context).locked })),
    readFirst: assign(({ event }) => ({ reread: { mode: event.type === "reread.needed" ? event.mode : READ_ALL, next: null } })),
    // The read under way keeps its own way: it may have started before the shapes it would miss.
    askAgain: assign(({ context, event }) => {
      const asked = event.type === "reread.needed" ? event.mode : READ_ALL
      const { next } = context.reread
      return { reread: { ...context.reread, next: next === null ? asked : combineReads(next, asked) } }
    }),
    readAgain: assign(({ context }) => ({ reread: { mode: context.reread.next ?? READ_ALL, next: null } }))
  }
}).createMachine({
  id: "annotationWorkspace",
  context: ({ input, spawn }) => {
    const { labId, store, defaultLabel, commentLabel } = input
    return {
      labId,
      store,
      editor: input.editor,
      commentLabel,
      realtime: input.realtime,
      loader: spawn("loader", { id: "loader", input: { labId } }),
      // A selection box and Ctrl+A find the shown shapes in the store (its spatial index, then the box rule).
      tools: spawn("tools", {
        id: "tools",
        input: {
          labId,
          label: null,
          defaultLabel,
          commentLabelName: commentLabel,
          shapes: { within: (box) => shapesWithin(store, box), all: () => shownIds(store) },
          wand: input.wand ?? NO_PIXELS
        }
      }),
      edits: spawn("edits", { id: "edits", input: { labId } }),
      drafts: spawn("drafts", { id: "drafts", input: { labId, defaultLabel, online: input.online ?? true, connected: false } }),
      labels: spawn("labels", { id: "labels", input: { labId, commentLabel } }),
      viewers: [],
      online: input.online ?? true,
      live: false,
      nudging: null,
      saving: false,
      undoAfterSave: false,
      saveFailed: false,
      reread: { mode: READ_ALL, next: null }
    }
  },
  invoke: [
    { id: "relay", src: "relay", input: ({ context }) => context },
    { id: "connection", src: "connection", input: ({ context }) => context.realtime }
  ],
  type: "parallel",
  on: {
    "who.change": { actions: ["setEditor", "tellDrafts"] },
    "connection.online": { actions: ["setOnline", "tellDrafts"] },
    "connection.live": { actions: ["setLive", "tellDrafts"] },
    // The children's reports.
    "loader.loaded": { actions: "showLoaded" },
    "labels.changed": { actions: "chooseLabels" },
    "drafts.changed": { actions: "showDrafts" },
    "drafts.synced": { actions: "showSynced" },
    "annotation.saved": { actions: ["showSaved", "saved"] },
    "annotation.failed": { actions: "failed" },
    "annotation.drafted": { actions: ["keepDraft", "undoDone"] },
    "edit.commit": { actions: "commitGesture" },
    "edit.brush": { actions: "commitBrush" },
    "edit.translate": { actions: "commitTranslate" },
    "selection.deleted": { actions: "deleteChosen" },
    "edits.show": { actions: "showEdits" },
    "edits.revert": { actions: "revertEdits" },
    "edits.conflict": { actions: "showConflicts" },
    "edits.failed": { actions: "showLockedRefusals" },
    "label.updated": { actions: "restyleLabel" },
    "label.deleted": { actions: "dropLabelShapes" },
    "label.restored": { actions: "restoreLabelShapes" },
    "import.done": { actions: "showImported" },
    // The user's hand.
    "shape.update": { actions: "update" },
    // A locked one is not deleted, and the user is told why (the server would answer 409).
    "shape.remove": [{ guard: "shapeLocked", actions: "sayLocked" }, { actions: "remove" }],
    "shape.relabel": { actions: "relabel" },
    "shape.props": { actions: "setProps" },
    "shapes.group": { actions: "group" },
    "shapes.remove": { actions: "removeMany" },
    "shapes.relabel": { actions: "relabelMany" },
    "draft.remove": { actions: "removeDraft" },
    "shape.toggleShown": { actions: "toggleShown" },
    // Locked ones of the selection stay (the user is told); the rest goes, or the tools say why not.
    "selection.delete": {
      actions: enqueueActions(({ enqueue, check }) => {
        if (check("selectionHasLocked")) enqueue("sayLockedInSelection")
        if (check("selectionHasDeletion")) enqueue("deleteSelection")
      })
    },
    // A shape still on its way to the server is the latest change: it is undone once it is there.
    "history.undo": [
      { guard: "savingShape", actions: ["settleNudge", "forgetNudge", "undoLater"] },
      { actions: ["settleNudge", "forgetNudge", "undo"] }
    ],
    "history.redo": { actions: "redo" },
    "tools.saving": { actions: "saving" },
    "tools.settled": [{ guard: "undoWaiting", actions: ["settled", "undoDone", "undo"] }, { actions: "settled" }]
  },
  states: {
    feed: {
      initial: "off",
      states: {
        off: { always: { guard: "mayAnnotate", target: "on" } },
        on: {
          always: { guard: "mayNotAnnotate", target: "off" },
          invoke: [
            {
              id: "live",
              src: "channel",
              input: ({ context }) => ({
                realtime: context.realtime,
                channel: labChannel(context.labId),
                kinds: LIVE_KINDS,
                as: "live.message" as const
              })
            },
            // Each subscription starts with the whole list, so nothing from another slide lingers.
            {
              id: "presence",
              src: "channel",
              input: ({ context }) => ({
                realtime: context.realtime,
                channel: presenceChannel(context.labId),
                kinds: ["presenceMembers"] as const,
                as: "presence.message" as const
              })
            }
          ],
          on: { "live.message": { actions: "applyLive" }, "presence.message": { actions: "keepViewers" } }
        }
      }
    },
    reread: {
      initial: "idle",
      states: {
        idle: { on: { "reread.needed": { target: "reading", actions: "readFirst" } } },
        reading: {
          on: { "reread.needed": { actions: "askAgain" } },
          invoke: {
            id: "reread",
            src: "reread",
            input: ({ context }) => ({
              labId: context.labId,
              mode: context.reread.mode,
              held: (id: string) => context.store.get(id)
            }),
            onDone: [
              {
                guard: "rereadAgain",
                target: "reading",
                reenter: true,
                actions: [{ type: "applyReread", params: ({ event }) => event.output as Reread }, "readAgain"]
              },
              { target: "idle", actions: { type: "applyReread", params: ({ event }) => event.output as Reread } }
            ],
            // The read failed: what it would have shown comes with the next change that asks for it.
            onError: [{ guard: "rereadAgain", target: "reading", reenter: true, actions: "readAgain" }, { target: "idle" }]
          }
        }
      }
    },
    nudge: {
      initial: "idle",
      states: {
        idle: { on: { "shape.nudge": { target: "nudging", actions: ["keepNudge", "showNudge"] } } },
        nudging: {
          always: { guard: "nudgeSettled", target: "idle" },
          after: { [NUDGE_SETTLE_MS]: { target: "idle", actions: ["settleNudge", "forgetNudge"] } },
          on: {
            "shape.nudge": [
              {
                guard: "nudgingOther",
                target: "nudging",
                reenter: true,
                actions: ["settleNudge", "forgetNudge", "keepNudge", "showNudge"]
              },
              { target: "nudging", reenter: true, actions: ["keepNudge", "showNudge"] }
            ]
          }
        }
      }
    }
  }
})

// The select tool's states (tldraw's select tool: one child state per gesture; the guards and actions
// are select-gestures.ts).
//   click: select what was under the pointer alone (the view hit-tests at the edge), or nothing on
//   empty space; a drag pans. The selection is a set of ids.
//   Shift+click adds the shape under the pointer to the selection or takes it out; Shift+drag
//   (extending, then boxing) draws a selection box, and on release the shown shapes wholly inside it
//   (QuPath's rule, annotation/selection.ts) join the selection. Escape, or a click on empty space,
//   clears it; Ctrl+A selects every shown shape.
//   With exactly one shape selected, on it, when the user may change it (the view says so with the
//   press): drag a vertex (reshaping; a rectangle's corner keeps it a rectangle), drag an edge's
//   midpoint (a vertex inserted there, then dragged), click a midpoint (a vertex inserted), Alt+click
//   a vertex (removed, never below the shape's least), drag the body (moving). Each ends in one
//   `edit.commit` with the new vertices. With several selected, dragging one of them moves them all
//   (movingSelection), one `edit.translate`. Escape mid-drag puts it back.
//   Deleting the selection (Delete, or the panels' button) asks first when more than one shape would
//   go or some are left out (confirming); one goes at once, as before.
import { and } from "xstate"

export const select = {
  initial: "idle",
  states: {
    idle: {
      on: {
        "pointer.down": [
          { guard: "removesVertex", actions: "removeVertex" },
          { guard: "shift", target: "extending", actions: "press" },
          { target: "pointing", actions: ["press", "pressEdit", "pressGroup"] }
        ],
        "key.escape": { actions: "deselect" },
        "selection.set": { actions: "selectOne" },
        "selection.all": { actions: "selectAll" },
        "selection.delete": [
          { guard: "nothingToDelete", actions: "refuseDelete" },
          { guard: "deletesAtOnce", actions: "deleteAtOnce" },
          { target: "confirming", actions: "askDelete" }
        ]
      }
    },
    pointing: {
      on: {
        "pointer.move": [
          { guard: and(["dragged", { type: "onHandle", params: "vertex" as const }]), target: "reshaping", actions: "drag" },
          {
            guard: and(["dragged", { type: "onHandle", params: "midpoint" as const }]),
            target: "reshaping",
            actions: ["beginInsert", "drag"]
          },
          { guard: and(["dragged", { type: "onHandle", params: "body" as const }]), target: "moving", actions: "drag" },
          { guard: and(["dragged", "onGroup"]), target: "movingSelection", actions: "dragGroup" },
          { guard: "dragged", target: "dragging", actions: "clearEdit" }
        ],
        "pointer.up": [
          { guard: "insertsVertex", target: "idle", actions: ["select", "beginInsert", "commit", "clearEdit"] },
          { target: "idle", actions: ["select", "clearEdit", "clearGroup"] }
        ],
        "key.escape": { target: "idle", actions: ["clear", "clearEdit"] }
      }
    },
    /** A Shift+press: a click adds the shape under it to the selection (or takes it out), a drag draws a box. */
    extending: {
      on: {
        "pointer.move": { guard: "dragged", target: "boxing", actions: "spanBox" },
        "pointer.up": { target: "idle", actions: "toggle" },
        "key.escape": { target: "idle", actions: "clear" }
      }
    },
    /** The selection box follows the pointer; on release what lies wholly inside it is selected too. */
    boxing: {
      on: {
        "pointer.move": { actions: "spanBox" },
        "pointer.up": { target: "idle", actions: ["spanBox", "takeBox", "clear"] },
        "key.escape": { target: "idle", actions: "clear" }
      }
    },
    /** Several selected shapes follow the pointer together. */
    movingSelection: {
      on: {
        "pointer.move": { actions: "dragGroup" },
        "pointer.up": { target: "idle", actions: ["dragGroup", "commitGroup", "clear"] },
        "key.escape": { target: "idle", actions: "clear" },
        "selection.clear": { target: "idle", actions: ["deselect", "clear"] }
      }
    },
    /** Deleting several (or some left out): the view asks, and waits for the user's answer. */
    confirming: {
      on: {
        "delete.confirm": { target: "idle", actions: "confirmDelete" },
        "delete.cancel": { target: "idle", actions: "cancelDelete" },
        "key.escape": { target: "idle", actions: "cancelDelete" }
      }
    },
    /** The viewer pans; the selection stays. */
    dragging: { on: { "pointer.up": { target: "idle", actions: "clear" }, "key.escape": { target: "idle", actions: "clear" } } },
    /** A vertex follows the pointer (a rectangle's corner keeps it a rectangle). */
    reshaping: {
      on: {
        "pointer.move": { actions: "drag" },
        "pointer.up": { target: "idle", actions: ["drag", "commit", "clearEdit"] },
        "key.escape": { target: "idle", actions: "clearEdit" },
        "selection.clear": { target: "idle", actions: ["deselect", "clearEdit"] },
        "selection.drop": { guard: "dropsEdited", target: "idle", actions: ["drop", "clearEdit"] }
      }
    },
    /** The whole shape follows the pointer. */
    moving: {
      on: {
        "pointer.move": { actions: "drag" },
        "pointer.up": { target: "idle", actions: ["drag", "commit", "clearEdit"] },
        "key.escape": { target: "idle", actions: "clearEdit" },
        "selection.clear": { target: "idle", actions: ["deselect", "clearEdit"] },
        "selection.drop": { guard: "dropsEdited", target: "idle", actions: ["drop", "clearEdit"] }
      }
    }
  }
} as const

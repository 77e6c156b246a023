// The press-then-drag shapes of state every drawing tool is made of, written once. A press waits in
// `pointing` until the pointer goes DRAG_PX (the `dragged` guard): then it is a drag, and letting go
// before is a click. Escape anywhere drops the draft (`clear`), so the preview goes with it.

/** The drop of a press: back to idle with nothing drawn. */
export const dropped = { target: "idle", actions: "clear" } as const
/** A press that became a drag where only a click means something: dropped. */
export const draggedAway = { guard: "dragged", target: "idle", actions: "clear" } as const

/** Idle, and the press that waits to be told a click (`up`) from a drag (`move`). */
export const pressing = <Move, Up>(move: Move, up: Up) =>
  ({
    idle: { on: { "pointer.down": { target: "pointing", actions: "press" } } },
    pointing: { on: { "pointer.move": move, "pointer.up": up, "key.escape": dropped } }
  }) as const

/** Press, drag, release: the box from the press to the pointer, as a rectangle or the ellipse in it. */
export const spanning = (span: "spanRectangle" | "spanEllipse") =>
  ({
    initial: "idle",
    states: {
      ...pressing({ guard: "dragged", target: "dragging", actions: span } as const, dropped),
      dragging: {
        on: {
          "pointer.move": { actions: span },
          "pointer.up": [{ guard: "dragged", target: "idle", actions: [span, "enqueue"] }, dropped],
          "key.escape": dropped
        }
      }
    }
  }) as const

/** Press and drag a stroke, thinned as it goes; `release` says what letting go makes of it. */
export const stroking = <Release>(release: Release) =>
  ({
    initial: "idle",
    states: {
      ...pressing({ guard: "dragged", target: "drawing", actions: "startStroke" } as const, dropped),
      drawing: { on: { "pointer.move": { actions: "extendStroke" }, "pointer.up": release, "key.escape": dropped } }
    }
  }) as const

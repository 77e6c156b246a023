// The overlay in the viewer, and the one place its DOM events become the tools machine's typed
// events: positions into image pixels, pointer moves coalesced to one per animation frame (with the
// samples in between as a trail, for the pencil). The tools' snapshots are drawn back onto it.
// In the pan/select tool the pointer events also reach OpenSeadragon (which pans), except a press on
// a handle or the body of the selected shape the user may change (an edit), a press on one of
// several selected shapes the user may all change (they move together: edit-rules.ts
// `groupToMove`), and a Shift+press (a click adds to the selection, a drag draws a selection box);
// in a drawing tool the press is kept from it, while the wheel still zooms.
import type OpenSeadragon from "openseadragon"
import { type RefObject, useEffect, useRef } from "react"
import type { ActorRefFrom } from "xstate"
import { handleAt } from "../../../annotation/edit.ts"
import { groupToMove, mayEditShape, mayReshapeShape } from "../../../annotation/edit-rules.ts"
import { AnnotationOverlay } from "../../../annotation/render/overlay.ts"
import { EMPTY, sole } from "../../../annotation/selection.ts"
import { type Shape, withCoords } from "../../../annotation/store/shape.ts"
import type { workspaceMachine } from "../../../machines/annotation/workspace/workspace.machine.ts"
import { pendingOf, previewOf } from "./preview.ts"
import { brushTargetOf } from "./useBrush.ts"

/** Hit-testing tolerance around an outline, in screen px. */
const HIT_PX = 6
/** How near a handle a press must be to take it, in screen px (handles are 8 px across). */
const HANDLE_HIT_PX = 7
/** The cursor over each handle of a shape that may be changed. */
const CURSORS = { vertex: "pointer", midpoint: "copy", body: "move" } as const

/** The overlay while there is one, and whether closed shapes are filled (kept across viewers). */
export interface OverlayHandle {
  readonly overlay: RefObject<AnnotationOverlay | null>
  readonly setFill: (on: boolean) => void
}

export const useOverlay = (
  workspace: ActorRefFrom<typeof workspaceMachine>,
  viewer: OpenSeadragon.Viewer | null,
  mpp: number | null
): OverlayHandle => {
  const { store, tools } = workspace.getSnapshot().context
  const overlayRef = useRef<AnnotationOverlay | null>(null)
  // Whether closed shapes are filled, and the overlay's own fill when they are.
  const fillRef = useRef(true)
  const fillAlphaRef = useRef(0)

  // The overlay lives as long as the viewer; the store outlives both.
  useEffect(() => {
    if (viewer === null) return
    const host = viewer.element
    let drawnOnce = false
    const overlay = new AnnotationOverlay(viewer, store, {
      onDraw: (stats, ms, current) => {
        host.dataset.annotationsVisible = String(stats.queried)
        // The annotations bench sets this array (addInitScript) to read each scene draw's time.
        ;(window as { __annotationDrawTimes?: Array<number> }).__annotationDrawTimes?.push(ms)
        if (!drawnOnce && current && store.size > 0) {
          drawnOnce = true
          host.dataset.annotationsDrawn = String(store.size)
          performance.mark("annotations-drawn", { detail: { shapes: store.size } })
        }
      }
    })
    overlayRef.current = overlay
    fillAlphaRef.current = overlay.fillAlpha
    if (!fillRef.current) overlay.fillAlpha = 0
    const element = overlay.element
    const scale = () => overlay.scale
    const editor = () => workspace.getSnapshot().context.editor
    const image = (event: PointerEvent | MouseEvent) => {
      const [x, y] = overlay.eventToImage(event)
      return { x, y, scale: scale(), screenX: event.clientX }
    }
    const drawing = () => editor().canEdit && tools.getSnapshot().context.tool !== "select"
    const mayReshape = (shape: Shape) => mayReshapeShape(editor(), shape)
    let pendingMove: PointerEvent | null = null
    let trail: Array<number> = []
    let frame = 0
    const flush = () => {
      frame = 0
      if (pendingMove === null) return
      const event = pendingMove
      pendingMove = null
      const samples = trail
      trail = []
      tools.send({ type: "pointer.move", ...image(event), ...(samples.length > 0 ? { trail: samples } : {}) })
    }
    /** The selected shape, when the user may change it. */
    const editable = (): Shape | null => {
      const snapshot = tools.getSnapshot()
      const id = sole(snapshot.context.selection)
      const shape = id === null || snapshot.context.tool !== "select" ? undefined : store.get(id)
      return shape !== undefined && mayReshape(shape) ? shape : null
    }
    /** A press on one of several selected shapes that the user may all change: the ones a drag moves. */
    const groupAt = (hit: string | null): ReadonlyArray<string> | null => {
      const { selection, tool } = tools.getSnapshot().context
      return tool === "select" ? groupToMove(selection, hit, (id) => store.get(id), mayReshape) : null
    }
    const hitAt = (event: PointerEvent) => {
      const { x, y } = image(event)
      return store.hitTest(x, y, HIT_PX / scale())?.id ?? null
    }
    const onDown = (event: PointerEvent) => {
      if (event.button !== 0) return
      const draws = drawing()
      const at = image(event)
      // Shift: a click adds to the selection, a drag boxes; no handle is pressed then.
      const shift = !draws && event.shiftKey && tools.getSnapshot().context.tool === "select"
      const target = draws || shift ? null : editable()
      const handle = target === null ? null : handleAt(target.kind, target.coords, at.x, at.y, HANDLE_HIT_PX / scale())
      const hit = draws ? null : handle !== null && target !== null ? target.id : hitAt(event)
      const group = draws || shift || handle !== null ? null : groupAt(hit)
      if (draws || shift || handle !== null || group !== null) {
        event.stopPropagation()
        element.setPointerCapture(event.pointerId)
      }
      tools.send({
        type: "pointer.down",
        ...at,
        hit,
        alt: event.altKey,
        shift,
        edit:
          handle !== null && target !== null
            ? { id: target.id, kind: target.kind, coords: [...target.coords], version: target.version, handle }
            : null,
        group,
        brush: draws && tools.getSnapshot().context.tool === "brush" ? brushTargetOf(tools, store, mayReshape) : null
      })
    }
    const onMove = (event: PointerEvent) => {
      if (drawing()) event.stopPropagation()
      // Over the selected shape's handles the cursor says what a press there does; with Shift, a
      // crosshair (a box); over one of several selected shapes that a drag moves, a move cursor.
      if (!drawing() && event.buttons === 0 && element.contains(event.target as Node | null)) {
        const target = editable()
        const at = image(event)
        const handle = target === null ? null : handleAt(target.kind, target.coords, at.x, at.y, HANDLE_HIT_PX / scale())
        const { selection } = tools.getSnapshot().context
        element.style.cursor = event.shiftKey
          ? "crosshair"
          : handle !== null
            ? event.altKey && handle.kind === "vertex"
              ? "not-allowed"
              : CURSORS[handle.kind]
            : selection.size > 1 && groupAt(hitAt(event)) !== null
              ? "move"
              : ""
      }
      for (const sample of event.getCoalescedEvents?.() ?? []) {
        const { x, y } = image(sample)
        trail.push(x, y)
      }
      pendingMove = event
      if (frame === 0) frame = requestAnimationFrame(flush)
    }
    const onUp = (event: PointerEvent) => {
      if (event.button !== 0) return
      if (drawing()) event.stopPropagation()
      if (frame !== 0) {
        cancelAnimationFrame(frame)
        flush()
      }
      tools.send({ type: "pointer.up", ...image(event) })
    }
    const onDouble = (event: MouseEvent) => {
      if (!drawing()) return
      event.stopPropagation()
      tools.send({ type: "pointer.double", ...image(event) })
    }
    element.addEventListener("pointerdown", onDown)
    // Moves and releases are heard on the window: in the pan tool OpenSeadragon captures the pointer
    // at the press, so they never reach the overlay, and a click would never select.
    window.addEventListener("pointermove", onMove)
    window.addEventListener("pointerup", onUp)
    element.addEventListener("dblclick", onDouble)
    const preview = tools.subscribe((snapshot) => {
      overlay.setPreview(previewOf(snapshot, mpp))
      overlay.setPending(pendingOf(snapshot))
      const id = sole(snapshot.context.selection)
      const shape = id === null ? null : (store.get(id) ?? null)
      // While a handle is dragged, the shape as the drag has it.
      const edit = snapshot.context.edit
      const shown = shape !== null && edit !== null && edit.id === shape.id ? withCoords(shape, edit.coords) : shape
      overlay.select(shown, shown !== null && snapshot.context.tool === "select" && mayEditShape(editor(), shown))
      // Several selected: highlighted in the scene; the box and a group drag on the tools layer.
      overlay.setSelection(snapshot.context.selection.size > 1 ? snapshot.context.selection : EMPTY)
      overlay.setBox(snapshot.context.box)
      overlay.setMoving(snapshot.matches({ tools: { select: "movingSelection" } }) ? snapshot.context.group : null)
      if (snapshot.context.tool !== "select") element.style.cursor = "crosshair"
      else if (element.style.cursor === "crosshair" && snapshot.context.box === null) element.style.cursor = ""
    })
    return () => {
      preview.unsubscribe()
      if (frame !== 0) cancelAnimationFrame(frame)
      element.removeEventListener("pointerdown", onDown)
      window.removeEventListener("pointermove", onMove)
      window.removeEventListener("pointerup", onUp)
      element.removeEventListener("dblclick", onDouble)
      overlay.destroy()
      overlayRef.current = null
    }
  }, [viewer, store, tools, workspace, mpp])

  return {
    overlay: overlayRef,
    setFill: (on) => {
      fillRef.current = on
      const overlay = overlayRef.current
      if (overlay === null) return
      overlay.fillAlpha = on ? fillAlphaRef.current : 0
      overlay.requestDraw()
    }
  }
}

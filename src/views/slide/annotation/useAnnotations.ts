// The slide's annotations in the viewer: loads them (annotations machine) into one store, mounts the
// overlay in the viewer, runs the tools machine and converts the overlay's DOM events into its typed
// events, once, here: positions into image pixels, pointer moves coalesced to one per animation
// frame (with the samples in between as a trail, for the pencil), keys into key.* events.
// In the pan/select tool the pointer events also reach OpenSeadragon (which pans), except a press on
// a handle or the body of the selected shape the user may change (an edit), a press on one of
// several selected shapes the user may all change (they move together), and a Shift+press (a click
// adds to the selection, a drag draws a selection box); in a drawing tool the press is kept from it,
// while the wheel still zooms. With a selection, Delete (or Backspace) deletes it (the tools machine
// asks first when it is several) and Ctrl+A selects every shown shape; with one shape selected the
// arrow keys nudge it (Shift: ten times as far), before OpenSeadragon pans.
import { useSelector } from "@xstate/react"
import { useActorRef } from "../../useActorRef.ts"
import type { ActorRefFrom } from "xstate"
import type OpenSeadragon from "openseadragon"
import { useCallback, useEffect, useMemo, useRef, useState } from "react"
import { handleAt } from "../../../annotation/edit.ts"
import { EMPTY, type Selection, shapesWithin, shownIds, sole } from "../../../annotation/selection.ts"
import { AnnotationOverlay } from "../../../annotation/render/overlay.ts"
import { type Shape, shapeOf, withCoords } from "../../../annotation/store/shape.ts"
import type { Role } from "../../../contract/labs.ts"
import { AnnotationStore } from "../../../annotation/store/store.ts"
import { annotationsMachine } from "../../../machines/annotation/annotations.machine.ts"
import { firstDrawable, labelsMachine } from "../../../machines/annotation/labels.machine.ts"
import type { SlideAnnotations } from "../../../effects/annotations/loadSave.ts"
import { type PendingDelete, type Tool, toolsMachine } from "../../../machines/annotation/tools.machine.ts"
import { useSession } from "../../session.tsx"
import { isTyping } from "../shortcuts.ts"
import { type CollabView, useCollab } from "./collab/useCollab.ts"
import { readShown, writeShown } from "./edit/shownOnThisScreen.ts"
import { selectionDeletion } from "./edit/deletion.ts"
import { type EditsView, useEdits } from "./edit/useEdits.ts"
import { pendingOf, previewOf, rulerPixels, rulerReading } from "./preview.ts"
import { type BrushView, brushTargetOf, useBrush } from "./useBrush.ts"
import { readShownPixels } from "./wandPixels.ts"

/** Hit-testing tolerance around an outline, in screen px. */
const HIT_PX = 6
/** How near a handle a press must be to take it, in screen px (handles are 8 px across). */
const HANDLE_HIT_PX = 7
/** An arrow key nudges the selected shape this far on screen; with Shift, ten times as far. */
const NUDGE_PX = 1
const NUDGES: Readonly<Record<string, readonly [number, number]>> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1]
}
/** The cursor over each handle of a shape that may be changed. */
const CURSORS = { vertex: "pointer", midpoint: "copy", body: "move" } as const
/**
 * A selection of more than this many is not moved by a drag (the drag pans, as ever): every shape
 * moved is a call to the server, and a slip of the hand after Ctrl+A must not move a slide's cells.
 */
export const GROUP_MOVE_LIMIT = 1000

export interface AnnotationsView {
  readonly tool: Tool
  /** The brush's size and subtract toggle (the brush tool's options). */
  readonly brush: BrushView
  readonly choose: (tool: Tool) => void
  readonly phase: "loading" | "ready" | "failed"
  readonly count: number
  readonly retry: () => void
  readonly saving: boolean
  readonly saveFailed: boolean
  readonly composing: boolean
  readonly comment: string
  /** The ruler's length while a line is measured, for the screen reader (the canvas shows it). */
  readonly measured: string | null
  /** The finished ruler line's length in image pixels, which a slide's resolution can be measured from. */
  readonly rulerPx: number | null
  readonly setComment: (text: string) => void
  /** The wand's tolerance, and setting it (its slider). */
  readonly tolerance: number
  readonly setTolerance: (tolerance: number) => void
  readonly submitComment: () => void
  readonly cancel: () => void
  /** Working together: live changes, presence, offline drafts (collab/useCollab.ts). */
  readonly collab: CollabView
  /** The user's own changes (edit/useEdits.ts). */
  readonly edits: EditsView
  /** The selected shape as the store has it now, when exactly one is selected. */
  readonly selected: Shape | null
  /** The selected annotations' ids (one or several). */
  readonly selection: Selection
  /** The selected shapes as the store has them now. */
  readonly selectedShapes: () => ReadonlyArray<Shape>
  /** Deleting the selection, asked and waiting for the user's answer (the dialog shows it). */
  readonly deleting: PendingDelete | null
  /** Delete the selection: at once for one, after asking for several; what the user may not delete stays. */
  readonly deleteSelection: () => void
  readonly confirmDelete: () => void
  readonly cancelDelete: () => void
  readonly clearSelection: () => void
  readonly selectAll: () => void
  /** For the side panels: the store, the labels flow, the fill and the highlighted shape. */
  readonly store: AnnotationStore
  /** The slide's annotations as the server answered them (the list's times come from it). */
  readonly loaded: SlideAnnotations | null
  readonly labels: ActorRefFrom<typeof labelsMachine>
  readonly setFill: (on: boolean) => void
  readonly highlight: (id: string | null) => void
  /** Hides or shows the shape on this screen only, kept in this browser (a view setting, never sent). */
  readonly toggleVisible: (shape: Shape) => void
}

export const useAnnotations = (options: {
  readonly labId: string
  readonly viewer: OpenSeadragon.Viewer | null
  readonly mpp: number | null
  readonly canEdit: boolean
  /** The user's standing on the slide (who may change whose shapes); null for a visitor. */
  readonly role: Role | null
  readonly defaultLabel: string
  /** The name of the label comments take (made with the first comment), in the user's language. */
  readonly commentLabel: string
}): AnnotationsView => {
  const { labId, viewer, mpp, canEdit, role, defaultLabel, commentLabel: commentLabelName } = options
  const { user } = useSession()
  const userId = user?.id ?? null
  const store = useMemo(() => new AnnotationStore(), [])
  const loader = useActorRef(annotationsMachine, { input: { labId } })
  // The wand reads the viewer the page has at the press (the machine outlives a viewer's rebuild).
  const viewerRef = useRef(viewer)
  viewerRef.current = viewer
  // A selection box and Ctrl+A find the shown shapes in the store (its spatial index, then the box rule).
  const tools = useActorRef(toolsMachine, {
    input: {
      labId,
      label: null,
      defaultLabel,
      commentLabelName,
      shapes: { within: (box) => shapesWithin(store, box), all: () => shownIds(store) },
      wand: { read: () => (viewerRef.current === null ? null : readShownPixels(viewerRef.current)) }
    }
  })
  const tolerance = useSelector(tools, (s) => s.context.tolerance)
  const phase = useSelector(loader, (s) => s.value as AnnotationsView["phase"])
  const loaded = useSelector(loader, (s) => s.context.loaded)
  const labelsFlow = useActorRef(labelsMachine, { input: { labId, commentLabel: commentLabelName } })
  const labels = useSelector(labelsFlow, (s) => s.context.labels)
  const activeId = useSelector(labelsFlow, (s) => s.context.activeId)
  // Whether closed shapes are filled, and the overlay's own fill when they are.
  const fillRef = useRef(true)
  const fillAlphaRef = useRef(0)
  const tool = useSelector(tools, (s) => s.context.tool)
  const collab = useCollab({ labId, store, tools, labels, labelsFlow, canEdit, defaultLabel })
  const edits = useEdits({ labId, store, tools, collab, canEdit, role, me: userId })
  // Read by the overlay's handlers, which live as long as the viewer (a new role must not rebuild it).
  const editsRef = useRef(edits)
  editsRef.current = edits
  const selection = useSelector(tools, (s) => s.context.selection)
  const selectedId = sole(selection)
  const deleting = useSelector(tools, (s) => s.context.deleting)
  // Moves with every change of the store, so the selected shape shown beside the slide is current.
  const [, setStoreVersion] = useState(0)
  const saving = useSelector(tools, (s) => s.hasTag("busy"))
  const composing = useSelector(tools, (s) => s.matches({ tools: { comment: "composing" } }))
  const comment = useSelector(tools, (s) => s.context.comment)
  const measured = useSelector(tools, (s) => rulerReading(s, mpp))
  const rulerPx = useSelector(tools, rulerPixels)
  const [count, setCount] = useState(0)
  const [saveFailed, setSaveFailed] = useState(false)
  const overlayRef = useRef<AnnotationOverlay | null>(null)

  // The label new shapes are tagged with: the active one of the labels panel, else the slide's first.
  useEffect(() => {
    const chosen = labels.find((l) => l.id === activeId) ?? labels.find((l) => l.id === firstDrawable(labels, commentLabelName))
    tools.send({ type: "label.choose", label: chosen ? { id: chosen.id, name: chosen.name, color: chosen.color } : null })
    // Comments take the slide's comment label, never the active one (a comment is not a counted cell).
    const comments = labels.find((l) => l.name.toLowerCase() === commentLabelName.toLowerCase())
    tools.send({ type: "commentLabel.choose", label: comments ? { id: comments.id, name: comments.name, color: comments.color } : null })
  }, [labels, activeId, tools, commentLabelName])
  useEffect(() => {
    if (loaded !== null) labelsFlow.send({ type: "labels.loaded", labels: loaded.labels })
  }, [loaded, labelsFlow])
  useEffect(
    () =>
      store.subscribe(() => {
        setCount(store.size)
        setStoreVersion((v) => v + 1)
      }),
    [store]
  )

  useEffect(() => {
    if (loaded === null) return
    // Marks for the annotations bench: when the decoded answer arrived, and what the store's load took.
    const started = performance.mark("annotations-loaded")
    store.loadCompact(loaded.annotations)
    performance.measure("annotations-store-load", { start: started.startTime })
    // What this viewer hid or showed here on an earlier visit.
    if (userId !== null) store.restoreShown(readShown(userId, labId).filter(([id]) => store.get(id) !== undefined))
    setCount(store.size)
  }, [loaded, store, userId, labId])

  useEffect(() => {
    const subscription = tools.on("annotation.saved", ({ annotation, label }) => {
      if (label !== null) {
        loader.send({ type: "label.created", label })
        labelsFlow.send({ type: "labels.loaded", labels: [...labelsFlow.getSnapshot().context.labels, label] })
      }
      const parsed = shapeOf(annotation)
      if (parsed.ok) store.apply("local", { upsert: [parsed.shape] })
      setCount(store.size)
      setSaveFailed(false)
    })
    const failed = tools.on("annotation.failed", () => setSaveFailed(true))
    return () => {
      subscription.unsubscribe()
      failed.unsubscribe()
    }
  }, [tools, loader, store, labelsFlow])

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
    const image = (event: PointerEvent | MouseEvent) => {
      const [x, y] = overlay.eventToImage(event)
      return { x, y, scale: scale(), screenX: event.clientX }
    }
    const drawing = () => canEdit && tools.getSnapshot().context.tool !== "select"
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
      return shape !== undefined && editsRef.current.mayReshape(shape) ? shape : null
    }
    /** A press on one of several selected shapes that the user may all change: the ones a drag moves. */
    const groupAt = (hit: string | null): ReadonlyArray<string> | null => {
      const snapshot = tools.getSnapshot()
      const { selection, tool } = snapshot.context
      if (hit === null || tool !== "select" || selection.size < 2 || selection.size > GROUP_MOVE_LIMIT || !selection.has(hit)) return null
      const ids = [...selection]
      return ids.every((id) => {
        const shape = store.get(id)
        return shape !== undefined && editsRef.current.mayReshape(shape)
      })
        ? ids
        : null
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
        brush: draws && tools.getSnapshot().context.tool === "brush" ? brushTargetOf(tools, store, editsRef.current.mayReshape) : null
      })
    }
    const hitAt = (event: PointerEvent) => {
      const { x, y } = image(event)
      return store.hitTest(x, y, HIT_PX / scale())?.id ?? null
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
      overlay.select(shown, shown !== null && snapshot.context.tool === "select" && editsRef.current.mayEdit(shown))
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
  }, [viewer, store, tools, mpp, canEdit])

  // Keys at the edge: Escape, Backspace, Enter while a tool is in use (never while typing elsewhere).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null
      const typing = target !== null && (target.tagName === "INPUT" || target.tagName === "TEXTAREA" || target.isContentEditable)
      if (typing && event.key !== "Escape" && event.key !== "Enter") return
      if (typing && !target?.dataset.annotationComment) return
      const type =
        event.key === "Escape" ? "key.escape" : event.key === "Backspace" ? "key.backspace" : event.key === "Enter" ? "key.enter" : null
      if (type === null) return
      const before = tools.getSnapshot()
      tools.send({ type })
      if (tools.getSnapshot() !== before) event.preventDefault()
    }
    window.addEventListener("keydown", onKey)
    return () => window.removeEventListener("keydown", onKey)
  }, [tools])

  // Deleting the selection: what this user may delete goes (the tools machine asks first when it is
  // several, or some are left out), what they may not is counted and stays selected; locked ones
  // stay too, and the user is told so (deletion.ts).
  const deleteSelection = useCallback(() => {
    const { ids, kept, locked } = selectionDeletion(tools.getSnapshot().context.selection, (id) => store.get(id), editsRef.current.mayEdit)
    if (locked > 0) editsRef.current.refuseLocked(locked)
    if (ids.length > 0 || kept > 0) tools.send({ type: "selection.delete", ids, kept })
  }, [tools, store])

  // Keys for the selection, heard before OpenSeadragon's (which pans with the arrows): Delete or
  // Backspace deletes it, the arrows nudge the one selected shape, Ctrl+A (Cmd+A) selects every shown
  // shape. Never while typing or in a dialog, never with Alt; only Ctrl+A with Ctrl or Meta.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || isTyping(event.target)) return
      if (event.target instanceof Element && event.target.closest("dialog") !== null) return
      const snapshot = tools.getSnapshot()
      if ((event.ctrlKey || event.metaKey) && !event.shiftKey && event.key.toLowerCase() === "a") {
        if (snapshot.hasTag("busy")) return
        if (snapshot.context.tool !== "select") tools.send({ type: "tool.choose", tool: "select" })
        tools.send({ type: "selection.all" })
        event.preventDefault()
        event.stopPropagation()
        return
      }
      if (event.ctrlKey || event.metaKey) return
      if (snapshot.context.tool !== "select" || !snapshot.matches({ tools: { select: "idle" } })) return
      if (event.key === "Delete" || event.key === "Backspace") {
        // A visitor deletes nothing, and is not told why at every key.
        if (snapshot.context.selection.size === 0 || !canEdit) return
        deleteSelection()
        event.preventDefault()
        event.stopPropagation()
        return
      }
      const nudge = NUDGES[event.key]
      const id = sole(snapshot.context.selection)
      const shape = id === null ? undefined : store.get(id)
      if (nudge === undefined || shape === undefined || !edits.mayReshape(shape)) return
      const step = ((event.shiftKey ? 10 : 1) * NUDGE_PX) / (overlayRef.current?.scale ?? 1)
      edits.nudge(shape, nudge[0] * step, nudge[1] * step)
      event.preventDefault()
      event.stopPropagation()
    }
    window.addEventListener("keydown", onKey, true)
    return () => window.removeEventListener("keydown", onKey, true)
  }, [tools, store, edits, deleteSelection, canEdit])

  const brush = useBrush(tools)
  const selectedShape = selectedId === null ? null : (store.get(selectedId) ?? null)
  return {
    collab,
    edits,
    selected: selectedShape,
    selection,
    selectedShapes: () => {
      const out: Array<Shape> = []
      for (const id of selection) {
        const shape = store.get(id)
        if (shape !== undefined) out.push(shape)
      }
      return out
    },
    deleting,
    deleteSelection,
    confirmDelete: () => tools.send({ type: "delete.confirm" }),
    cancelDelete: () => tools.send({ type: "delete.cancel" }),
    clearSelection: () => tools.send({ type: "selection.clear" }),
    selectAll: () => {
      if (tools.getSnapshot().context.tool !== "select") tools.send({ type: "tool.choose", tool: "select" })
      tools.send({ type: "selection.all" })
    },
    tool,
    brush,
    choose: (next) => tools.send({ type: "tool.choose", tool: next }),
    phase,
    count,
    retry: () => loader.send({ type: "annotations.retry" }),
    saving,
    measured,
    rulerPx,
    saveFailed,
    composing,
    comment,
    setComment: (text) => tools.send({ type: "comment.text", text }),
    tolerance,
    setTolerance: (value) => tools.send({ type: "wand.tolerance", tolerance: value }),
    submitComment: () => tools.send({ type: "key.enter" }),
    cancel: () => tools.send({ type: "key.escape" }),
    store,
    loaded,
    labels: labelsFlow,
    setFill: (on) => {
      fillRef.current = on
      const overlay = overlayRef.current
      if (overlay === null) return
      overlay.fillAlpha = on ? fillAlphaRef.current : 0
      overlay.requestDraw()
    },
    toggleVisible: (shape) => {
      store.setShown(shape.id, !store.isVisible(shape))
      if (userId !== null) writeShown(userId, labId, store.shownOverridesOf())
    },
    highlight: (id) => {
      // In the select tool a shape chosen in the list is selected (and may be edited); while drawing it is only shown.
      if (id !== null && tools.getSnapshot().context.tool === "select") tools.send({ type: "selection.set", id })
      else overlayRef.current?.select(id === null ? null : (store.get(id) ?? null))
    }
  }
}

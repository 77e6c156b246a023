// The slide's annotations in the viewer: the workspace machine (machines/annotation/workspace) owns
// the flows (loading, tools, edits, drafts, labels), the live feed and presence, and every write to
// the store; this hook starts it for the slide, tells it who the user is, mounts the overlay
// (useOverlay.ts: DOM events into the tools' events, snapshots drawn) and the keys
// (useAnnotationKeys.ts), and reads the snapshots the panels show.
import { useSelector } from "@xstate/react"
import type OpenSeadragon from "openseadragon"
import { useEffect, useMemo, useRef, useState } from "react"
import type { ActorRefFrom } from "xstate"
import type { Selection } from "../../../annotation/selection.ts"
import { sole } from "../../../annotation/selection.ts"
import type { Shape } from "../../../annotation/store/shape.ts"
import { AnnotationStore } from "../../../annotation/store/store.ts"
import type { Role } from "../../../contract/labs.ts"
import type { SlideAnnotations } from "../../../effects/annotations/loadSave.ts"
import type { labelsMachine } from "../../../machines/annotation/labels.machine.ts"
import type { PendingDelete, Tool } from "../../../machines/annotation/tools.machine.ts"
import { workspaceMachine } from "../../../machines/annotation/workspace/workspace.machine.ts"
import { useRealtimeActor } from "../../realtime/RealtimeProvider.tsx"
import { useSession } from "../../session.tsx"
import { useActorRef } from "../../useActorRef.ts"
import { type CollabView, useCollab } from "./collab/useCollab.ts"
import { type EditsView, useEdits } from "./edit/useEdits.ts"
import { rulerPixels, rulerReading } from "./preview.ts"
import { useAnnotationKeys } from "./useAnnotationKeys.ts"
import { type BrushView, useBrush } from "./useBrush.ts"
import { useOverlay } from "./useOverlay.ts"
import { readShownPixels } from "./wandPixels.ts"

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
  /** The workspace machine (the import flow hands it what it stored). */
  readonly workspace: ActorRefFrom<typeof workspaceMachine>
  /** For the side panels: the store, the labels flow, the fill and the highlighted shape. */
  readonly store: AnnotationStore
  /** The slide's id (a detection's measurements are read by it). */
  readonly labId: string
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
  const { labId, viewer, mpp, canEdit, role, defaultLabel, commentLabel } = options
  const { user } = useSession()
  const me = user?.id ?? null
  const realtime = useRealtimeActor()
  const store = useMemo(() => new AnnotationStore(), [])
  // The wand reads the viewer the page has at the press (the machine outlives a viewer's rebuild).
  const viewerRef = useRef(viewer)
  viewerRef.current = viewer
  const workspace = useActorRef(workspaceMachine, {
    input: {
      labId,
      store,
      editor: { canEdit, role, me },
      defaultLabel,
      commentLabel,
      realtime,
      online: navigator.onLine,
      wand: { read: () => (viewerRef.current === null ? null : readShownPixels(viewerRef.current)) }
    }
  })
  useEffect(() => workspace.send({ type: "who.change", editor: { canEdit, role, me } }), [workspace, canEdit, role, me])
  const { tools, loader, labels } = workspace.getSnapshot().context
  const collab = useCollab(workspace)
  const edits = useEdits(workspace)
  const { overlay, setFill } = useOverlay(workspace, viewer, mpp)
  useAnnotationKeys(workspace, overlay)
  const brush = useBrush(tools)

  const phase = useSelector(loader, (s) => s.value as AnnotationsView["phase"])
  const loaded = useSelector(loader, (s) => s.context.loaded)
  const saveFailed = useSelector(workspace, (s) => s.context.saveFailed)
  const tool = useSelector(tools, (s) => s.context.tool)
  const tolerance = useSelector(tools, (s) => s.context.tolerance)
  const selection = useSelector(tools, (s) => s.context.selection)
  const deleting = useSelector(tools, (s) => s.context.deleting)
  const saving = useSelector(tools, (s) => s.hasTag("busy"))
  const composing = useSelector(tools, (s) => s.matches({ tools: { comment: "composing" } }))
  const comment = useSelector(tools, (s) => s.context.comment)
  const measured = useSelector(tools, (s) => rulerReading(s, mpp))
  const rulerPx = useSelector(tools, rulerPixels)
  // Moves with every change of the store, so the count and the selected shape shown beside the slide are current.
  const [count, setCount] = useState(0)
  const [, setStoreVersion] = useState(0)
  useEffect(
    () =>
      store.subscribe(() => {
        setCount(store.size)
        setStoreVersion((v) => v + 1)
      }),
    [store]
  )

  const selectedId = sole(selection)
  const selectAll = () => {
    if (tools.getSnapshot().context.tool !== "select") tools.send({ type: "tool.choose", tool: "select" })
    tools.send({ type: "selection.all" })
  }
  return {
    workspace,
    collab,
    edits,
    selected: selectedId === null ? null : (store.get(selectedId) ?? null),
    selection,
    selectedShapes: () => [...selection].flatMap((id) => store.get(id) ?? []),
    deleting,
    deleteSelection: () => workspace.send({ type: "selection.delete" }),
    confirmDelete: () => tools.send({ type: "delete.confirm" }),
    cancelDelete: () => tools.send({ type: "delete.cancel" }),
    clearSelection: () => tools.send({ type: "selection.clear" }),
    selectAll,
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
    labId,
    loaded,
    labels,
    setFill,
    toggleVisible: (shape) => workspace.send({ type: "shape.toggleShown", shape }),
    highlight: (id) => {
      // In the select tool a shape chosen in the list is selected (and may be edited); while drawing it is only shown.
      if (id !== null && tools.getSnapshot().context.tool === "select") tools.send({ type: "selection.set", id })
      else overlay.current?.select(id === null ? null : (store.get(id) ?? null))
    }
  }
}

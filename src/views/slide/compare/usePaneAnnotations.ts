// A compare pane's annotations over its viewer, read-only: the slide page's renderer (one
// AnnotationOverlay on the viewer, drawing the store's shapes from a cached bitmap, so four panes of
// 100,000 shapes cost four renders, not nodes), fed by the pane's machine (the compact read, read
// again when the slide's channel says a colleague changed something) and hidden by its eye button.
import { useSelector } from "@xstate/react"
import type OpenSeadragon from "openseadragon"
import { useEffect, useMemo, useState } from "react"
import { AnnotationOverlay } from "../../../annotation/render/overlay.ts"
import { AnnotationStore } from "../../../annotation/store/store.ts"
import { labChannel } from "../../../contract/realtime.ts"
import { paneAnnotationsMachine } from "../../../machines/slide/paneAnnotations.machine.ts"
import { useChannel } from "../../realtime/useChannel.ts"
import { useActorRef } from "../../useActorRef.ts"

/** The messages that change what a slide's annotations look like. */
const CHANGES = ["annotationsCreated", "annotationUpdated", "annotationDeleted", "annotationsBulkChanged", "labelChanged"] as const

export const usePaneAnnotations = (labId: string, viewer: OpenSeadragon.Viewer | null) => {
  const actor = useActorRef(paneAnnotationsMachine, { input: { labId } })
  const compact = useSelector(actor, (s) => s.context.compact)
  const visible = useSelector(actor, (s) => s.context.visible)
  const failed = useSelector(actor, (s) => s.matches("failed"))
  const store = useMemo(() => new AnnotationStore(), [])
  const [count, setCount] = useState<number | null>(null)
  const [overlay, setOverlay] = useState<AnnotationOverlay | null>(null)

  useChannel(labChannel(labId), CHANGES, (message) => {
    if (message.id === labId) actor.send({ type: "layer.changed" })
  })

  useEffect(() => {
    if (compact === null) return
    store.loadCompact(compact)
    setCount(store.size)
  }, [compact, store])

  useEffect(() => {
    if (viewer === null) return
    const made = new AnnotationOverlay(viewer, store)
    setOverlay(made)
    return () => {
      made.destroy()
      setOverlay(null)
    }
  }, [viewer, store])

  useEffect(() => {
    if (overlay === null) return
    overlay.element.style.visibility = visible ? "visible" : "hidden"
    overlay.element.dataset.shown = String(visible)
  }, [overlay, visible])

  return {
    count,
    visible,
    failed,
    toggle: () => actor.send({ type: "layer.toggle" }),
    retry: () => actor.send({ type: "layer.retry" })
  }
}

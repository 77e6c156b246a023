// Synchronised navigation between the compare viewer's OpenSeadragon viewers. The pane the user is
// moving (the last one pressed, scrolled or typed in; the first until then) leads; on each frame it animates,
// every other pane is put, at once, where the leader's view and the kept offsets say (compare-sync.ts).
// Only the leader's frames are followed: a follower's own viewport-change, which our moves cause,
// would otherwise echo back and stop the leader's glide halfway.
import type OpenSeadragon from "openseadragon"
import { useCallback, useEffect, useRef } from "react"
import {
  centredOffsets,
  follow,
  type ImageView,
  NO_OFFSET,
  offsetsOf,
  type PaneSlide,
  type PaneScale,
  type SyncOffset,
  scalesOf,
  toImage,
  toPhysical
} from "./compare-sync.ts"

export interface SyncPane {
  readonly id: string
  readonly viewer: OpenSeadragon.Viewer
  readonly slide: PaneSlide
}

const imageOf = (viewer: OpenSeadragon.Viewer) => viewer.world.getItemAt(0) ?? null

/** Where a viewer is now, mid-animation included, in its image's pixels. */
const viewOf = (viewer: OpenSeadragon.Viewer): ImageView | null => {
  const image = imageOf(viewer)
  if (image === null) return null
  const centre = image.viewportToImageCoordinates(viewer.viewport.getCenter(true), true)
  return {
    x: centre.x,
    y: centre.y,
    zoom: image.viewportToImageZoom(viewer.viewport.getZoom(true)),
    rotation: viewer.viewport.getRotation(true)
  }
}

const show = (viewer: OpenSeadragon.Viewer, view: ImageView) => {
  const image = imageOf(viewer)
  if (image === null) return
  if (viewer.viewport.getRotation(true) !== view.rotation) viewer.viewport.setRotation(view.rotation, true)
  viewer.viewport.zoomTo(image.imageToViewportZoom(view.zoom), undefined, true)
  viewer.viewport.panTo(image.imageToViewportCoordinates(view.x, view.y), true)
}

/**
 * Keeps `panes` in step while `synced`, each at its offset (`offsets`, or centred on the first slide
 * when it has none). `lead` names the pane being moved; `measure` reads the offsets the panes have
 * now, to keep when sync is turned back on.
 */
export const useCompareSync = (panes: ReadonlyArray<SyncPane>, synced: boolean, offsets: Readonly<Record<string, SyncOffset>>) => {
  const leader = useRef<string | null>(null)
  const state = useRef({ panes, synced, offsets })
  state.current = { panes, synced, offsets }

  const frame = useCallback(() => {
    const { panes, offsets } = state.current
    const scales = scalesOf(panes.map((p) => p.slide))
    const centred = centredOffsets(panes.map((p) => p.slide))
    const offsetOf = (i: number): SyncOffset => offsets[panes[i]?.id ?? ""] ?? centred[i] ?? NO_OFFSET
    return { scales, offsetOf }
  }, [])

  /** Puts every pane but the one at `from` where that one's view says. */
  const align = useCallback(
    (from: number, only?: number) => {
      const { panes } = state.current
      const source = panes[from]
      const view = source && viewOf(source.viewer)
      if (!source || !view) return
      const { scales, offsetOf } = frame()
      const physical = toPhysical(view, scales[from] as PaneScale)
      panes.forEach((pane, i) => {
        if (i === from || (only !== undefined && i !== only)) return
        show(pane.viewer, toImage(follow(physical, offsetOf(from), offsetOf(i)), scales[i] as PaneScale))
      })
    },
    [frame]
  )

  /** What the pane shows in the shared frame, on its viewer's element: for tests, and anyone inspecting. */
  const mark = useCallback(
    (id: string) => {
      const { panes } = state.current
      const at = panes.findIndex((p) => p.id === id)
      const pane = panes[at]
      const view = pane && viewOf(pane.viewer)
      if (!pane || !view) return
      const shown = toPhysical(view, frame().scales[at] as PaneScale)
      pane.viewer.element.dataset.view = [shown.x, shown.y, shown.zoom, shown.rotation].map((n) => n.toFixed(4)).join(",")
    },
    [frame]
  )

  useEffect(() => {
    const detach = panes.map((pane) => {
      const onChange = () => {
        mark(pane.id)
        const { panes, synced } = state.current
        // Until the user takes a pane in hand (or once theirs is removed) the first one leads: its
        // opening glide and resizes as the grid settles must reach the others too.
        const lead = panes.some((p) => p.id === leader.current) ? leader.current : panes[0]?.id
        if (!synced || lead !== pane.id) return
        align(panes.findIndex((p) => p.id === pane.id))
      }
      // A pane that opens (added, or reloaded) joins the others where they are.
      const onOpen = () => {
        const { panes, synced } = state.current
        const at = panes.findIndex((p) => p.id === pane.id)
        const from = panes.findIndex((p, i) => i !== at && imageOf(p.viewer) !== null)
        if (synced && at >= 0 && from >= 0) align(from, at)
        mark(pane.id)
      }
      pane.viewer.addHandler("viewport-change", onChange)
      pane.viewer.addHandler("open", onOpen)
      if (imageOf(pane.viewer) !== null) onOpen()
      return () => {
        pane.viewer.removeHandler("viewport-change", onChange)
        pane.viewer.removeHandler("open", onOpen)
      }
    })
    return () => {
      for (const off of detach) off()
    }
  }, [panes, align, mark])

  const lead = useCallback((id: string) => {
    leader.current = id
  }, [])

  const measure = useCallback((): Record<string, SyncOffset> => {
    const { panes } = state.current
    const scales = scalesOf(panes.map((p) => p.slide))
    const open = panes.flatMap((pane, i) => {
      const view = viewOf(pane.viewer)
      return view === null ? [] : [{ id: pane.id, view: toPhysical(view, scales[i] as PaneScale) }]
    })
    const measured = offsetsOf(open.map((o) => o.view))
    return Object.fromEntries(open.map((o, i) => [o.id, measured[i] ?? NO_OFFSET]))
  }, [])

  return { lead, measure }
}

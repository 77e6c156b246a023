// Carries out a viewer command, from the toolbar or the keyboard: zoom and home act on the
// OpenSeadragon viewport directly (continuous state it owns); rotation and full screen go to the
// page's machine, which the viewer and the layout then follow.
import type OpenSeadragon from "openseadragon"
import { useCallback } from "react"
import type { SlideViewerActor } from "../../machines/slide/slideViewer.machine.ts"
import type { ViewerCommand } from "./shortcuts.ts"

/** One zoom step of the buttons and keys: the viewer animates it. */
export const ZOOM_STEP = 1.6

export const useViewerCommands = (viewer: OpenSeadragon.Viewer | null, actor: SlideViewerActor) =>
  useCallback(
    (command: ViewerCommand) => {
      switch (command) {
        case "zoomIn":
        case "zoomOut":
          viewer?.viewport.zoomBy(command === "zoomIn" ? ZOOM_STEP : 1 / ZOOM_STEP)
          viewer?.viewport.applyConstraints()
          return
        case "home":
          viewer?.viewport.goHome()
          return
        case "rotateLeft":
        case "rotateRight":
          actor.send({ type: "viewer.rotate", direction: command === "rotateLeft" ? "left" : "right" })
          return
        case "fullScreen":
          actor.send({ type: "viewer.fullScreen.toggle" })
          return
      }
    },
    [viewer, actor]
  )

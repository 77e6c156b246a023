// Opening a comment thread from elsewhere (the Comments tab, a notification's link): the viewer
// flies to the pin and the pin is selected in the select tool, which opens its thread beside it.
import type OpenSeadragon from "openseadragon"
import { useCallback } from "react"
import type { AnnotationsView } from "../annotation/useAnnotations.ts"
import { focusBox } from "../annotation/panels/records.ts"

export const useOpenThread = (view: AnnotationsView, viewer: OpenSeadragon.Viewer | null) =>
  useCallback(
    (annotationId: string): boolean => {
      const shape = view.store.get(annotationId)
      if (shape === undefined) return false
      if (view.tool !== "select") view.choose("select")
      view.highlight(annotationId)
      if (viewer !== null) {
        const { x: width, y: height } = viewer.viewport.getContainerSize()
        const box = focusBox(shape.bbox, { width, height })
        viewer.viewport.fitBounds(viewer.viewport.imageToViewportRectangle(box.x, box.y, box.width, box.height))
      }
      return true
    },
    [view, viewer]
  )

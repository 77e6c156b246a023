// The viewer's current zoom as screen pixels per full-resolution image pixel, updated on every frame
// OpenSeadragon animates (and when it opens or resizes), for the scale bar and the zoom indicator.
// null until the slide is open.
import type OpenSeadragon from "openseadragon"
import { useEffect, useState } from "react"

export const useImageZoom = (viewer: OpenSeadragon.Viewer): number | null => {
  const [zoom, setZoom] = useState<number | null>(null)
  useEffect(() => {
    const update = () => {
      // One image per viewer; the tiled image converts without the "multiple images" warning.
      const image = viewer.world.getItemAt(0)
      if (image === undefined || image === null) return
      setZoom(image.viewportToImageZoom(viewer.viewport.getZoom(true)))
    }
    const events = ["open", "animation", "animation-finish", "resize", "rotate"] as const
    for (const name of events) viewer.addHandler(name, update)
    update()
    return () => {
      for (const name of events) viewer.removeHandler(name, update)
    }
  }, [viewer])
  return zoom
}

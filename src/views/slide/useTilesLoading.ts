// Whether the viewer is still fetching the tiles of what it shows: from creation until the slide is
// open and every image in the world is fully loaded (OpenSeadragon's `fully-loaded-change`), and again
// whenever a pan or zoom brings tiles that are not there yet. The stage shows progress meanwhile
// instead of an empty grey ground (issue 16).
import type OpenSeadragon from "openseadragon"
import { useEffect, useState } from "react"

export const useTilesLoading = (viewer: OpenSeadragon.Viewer | null): boolean => {
  const [loading, setLoading] = useState(true)
  useEffect(() => {
    if (viewer === null) return
    const items = new Set<OpenSeadragon.TiledImage>()
    const update = () => setLoading(items.size === 0 || [...items].some((item) => !item.getFullyLoaded()))
    const watch = (item: OpenSeadragon.TiledImage) => {
      items.add(item)
      item.addHandler("fully-loaded-change", update)
      update()
    }
    const onAdd = (event: OpenSeadragon.AddItemWorldEvent) => watch(event.item)
    const onRemove = (event: OpenSeadragon.RemoveItemWorldEvent) => {
      event.item.removeHandler("fully-loaded-change", update)
      items.delete(event.item)
      update()
    }
    for (let index = 0; index < viewer.world.getItemCount(); index++) watch(viewer.world.getItemAt(index))
    viewer.world.addHandler("add-item", onAdd)
    viewer.world.addHandler("remove-item", onRemove)
    update()
    return () => {
      viewer.world.removeHandler("add-item", onAdd)
      viewer.world.removeHandler("remove-item", onRemove)
      for (const item of items) item.removeHandler("fully-loaded-change", update)
    }
  }, [viewer])
  return loading
}

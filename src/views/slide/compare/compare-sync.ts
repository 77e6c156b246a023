// The arithmetic of synchronised navigation in the compare viewer, kept apart from OpenSeadragon so
// that it can be tested. Every pane's view is turned into one shared "physical" frame: its centre in
// micrometres from the slide's top-left corner, its zoom in screen pixels per micrometre, its rotation
// in degrees. Two slides scanned at different resolutions then show the same length of tissue per
// screen pixel, which is what a pathologist comparing an H&E with its IHC needs.
//
// A slide that recorded no microns per pixel has no physical size: it is measured "image-relative",
// as if its whole width were as wide as the set's reference slide (the first one with a resolution),
// so that both show the same share of their image. With no resolution anywhere, every slide's width
// counts as one unit.
//
// Offsets are each pane's view minus the reference frame's, taken when sync is turned on: moving one
// pane moves every other by the same amount, and each keeps the shift it had (an IHC cut a little
// beside its H&E stays a little beside).

/** A pane's view in its own image: centre in image pixels, zoom in screen pixels per image pixel. */
export interface ImageView {
  readonly x: number
  readonly y: number
  readonly zoom: number
  readonly rotation: number
}

/** A view in the shared frame: centre in µm, zoom in screen pixels per µm. */
export interface PhysicalView {
  readonly x: number
  readonly y: number
  readonly zoom: number
  readonly rotation: number
}

/** How far a pane sits from the shared frame: µm across, a zoom factor, degrees. */
export interface SyncOffset {
  readonly dx: number
  readonly dy: number
  readonly zoomRatio: number
  readonly rotation: number
}

/** What the sync needs of a slide: its size in pixels and its resolution, if it recorded one. */
export interface PaneSlide {
  readonly width: number
  readonly height: number
  readonly mpp: number | null
}

/** How a pane's pixels are turned into micrometres, and whether that is a real, recorded size. */
export interface PaneScale {
  readonly micronsPerPixel: number
  readonly relative: boolean
}

const usable = (mpp: number | null): mpp is number => mpp !== null && mpp > 0 && Number.isFinite(mpp)

/** Each slide's scale: its own resolution, or a stand-in that makes its width the reference width. */
export const scalesOf = (slides: ReadonlyArray<PaneSlide>): ReadonlyArray<PaneScale> => {
  const reference = slides.find((s) => usable(s.mpp))
  const referenceWidth = reference === undefined ? 1 : reference.width * (reference.mpp as number)
  return slides.map((s) =>
    usable(s.mpp) ? { micronsPerPixel: s.mpp, relative: false } : { micronsPerPixel: referenceWidth / s.width, relative: true }
  )
}

export const toPhysical = (view: ImageView, scale: PaneScale): PhysicalView => ({
  x: view.x * scale.micronsPerPixel,
  y: view.y * scale.micronsPerPixel,
  zoom: view.zoom / scale.micronsPerPixel,
  rotation: view.rotation
})

export const toImage = (view: PhysicalView, scale: PaneScale): ImageView => ({
  x: view.x / scale.micronsPerPixel,
  y: view.y / scale.micronsPerPixel,
  zoom: view.zoom * scale.micronsPerPixel,
  rotation: view.rotation
})

export const NO_OFFSET: SyncOffset = { dx: 0, dy: 0, zoomRatio: 1, rotation: 0 }

/** The offset of `view` from `reference`, both in the shared frame. */
export const offsetBetween = (reference: PhysicalView, view: PhysicalView): SyncOffset => ({
  dx: view.x - reference.x,
  dy: view.y - reference.y,
  zoomRatio: view.zoom / reference.zoom,
  rotation: view.rotation - reference.rotation
})

/**
 * Offsets when the panes are first put side by side: slides centred on each other (a smaller one
 * sits in the middle of a larger one rather than in its corner), same scale, same rotation.
 */
export const centredOffsets = (slides: ReadonlyArray<PaneSlide>): ReadonlyArray<SyncOffset> => {
  const scales = scalesOf(slides)
  const centre = (i: number) => ({
    x: ((slides[i]?.width ?? 0) / 2) * (scales[i]?.micronsPerPixel ?? 1),
    y: ((slides[i]?.height ?? 0) / 2) * (scales[i]?.micronsPerPixel ?? 1)
  })
  const first = centre(0)
  return slides.map((_, i) => ({ ...NO_OFFSET, dx: centre(i).x - first.x, dy: centre(i).y - first.y }))
}

/** Where a follower goes when the leader, with offset `from`, shows `leader`: the follower keeps offset `to`. */
export const follow = (leader: PhysicalView, from: SyncOffset, to: SyncOffset): PhysicalView => ({
  x: leader.x - from.dx + to.dx,
  y: leader.y - from.dy + to.dy,
  zoom: (leader.zoom / from.zoomRatio) * to.zoomRatio,
  rotation: leader.rotation - from.rotation + to.rotation
})

/** Offsets of every view from the first one, as kept when sync is turned (back) on. */
export const offsetsOf = (views: ReadonlyArray<PhysicalView>): ReadonlyArray<SyncOffset> => {
  const [first] = views
  return first === undefined ? [] : views.map((view) => offsetBetween(first, view))
}

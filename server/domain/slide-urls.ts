// Where a ready slide's files are served. Every URL carries the slide's build key, so a rebuilt
// slide gets new URLs and whatever sits under one URL never changes: browsers may cache it a year.
// The media routes (server/http/slide-media.ts) check who may see the lab on every request.

export const SLIDE_MEDIA_ROUTE = "/v2/media/slides"
/** Name of the pyramid inside its directory: slide.dzi, slide_files/, slide_thumb_*.jpg. */
export const PYRAMID_NAME = "slide"
export const THUMBNAIL_SMALL_FILE = `${PYRAMID_NAME}_thumb_77x77.jpg`
export const THUMBNAIL_LARGE_FILE = `${PYRAMID_NAME}_thumb_312x281.jpg`

export interface SlideUrls {
  /** The Deep Zoom descriptor; OpenSeadragon finds the tiles beside it in slide_files/. */
  readonly tileSource: string
  /** 77x77, for list rows. */
  readonly thumbnail: string
  /** 312x281, for grid cards and the info panel. */
  readonly thumbnailUrl: string
}

export const slideUrls = (labId: string, slideKey: string): SlideUrls => {
  const base = `${SLIDE_MEDIA_ROUTE}/${encodeURIComponent(labId)}/${slideKey}`
  return {
    tileSource: `${base}/${PYRAMID_NAME}.dzi`,
    thumbnail: `${base}/${THUMBNAIL_SMALL_FILE}`,
    thumbnailUrl: `${base}/${THUMBNAIL_LARGE_FILE}`
  }
}

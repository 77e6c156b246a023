// Reads a slide media URL (server/domain/slide-urls.ts) into the lab, the build key and the one file
// it names. The raw path is matched whole against a strict pattern and never percent-decoded, so
// nothing but the descriptor, a tile of the form <level>/<col>_<row>.<ext> or a thumbnail can be
// named: no "..", no "%2f", no second slash, no other file of the slide directory.
import { PYRAMID_NAME, SLIDE_MEDIA_ROUTE, THUMBNAIL_LARGE_FILE, THUMBNAIL_SMALL_FILE } from "./slide-urls.ts"

export interface SlideMediaPath {
  readonly labId: string
  /** 32 lowercase hex characters, as labs.slide_key. */
  readonly slideKey: string
  /** Path of the file inside DATA_DIR/slides/<slideKey>, with "/" separators. */
  readonly file: string
  readonly contentType: string
}

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

// A number without leading zeros (they would name the same tile twice), short enough for any real
// pyramid: 2^34 pixels give at most ~35 levels and a few hundred thousand columns.
const count = (digits: number) => `(?:0|[1-9]\\d{0,${digits - 1}})`

const PATTERN = new RegExp(
  `^${literal(SLIDE_MEDIA_ROUTE)}/([0-9A-Za-z-]{1,64})/([0-9a-f]{32})/` +
    `(${literal(`${PYRAMID_NAME}.dzi`)}|${literal(THUMBNAIL_SMALL_FILE)}|${literal(THUMBNAIL_LARGE_FILE)}` +
    `|${literal(PYRAMID_NAME)}_files/${count(2)}/${count(7)}_${count(7)}\\.(?:jpeg|jpg|png))$`
)

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  dzi: "application/xml",
  jpeg: "image/jpeg",
  jpg: "image/jpeg",
  png: "image/png"
}

/** The parts of a slide media path (no query string), or undefined when it names nothing servable. */
export const parseSlideMediaPath = (pathname: string): SlideMediaPath | undefined => {
  const match = PATTERN.exec(pathname)
  if (!match) return undefined
  const [, labId, slideKey, file] = match
  if (labId === undefined || slideKey === undefined || file === undefined) return undefined
  const contentType = CONTENT_TYPES[file.slice(file.lastIndexOf(".") + 1)]
  return contentType === undefined ? undefined : { labId, slideKey, file, contentType }
}

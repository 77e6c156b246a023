// The limits of the annotation endpoints and the defaults of a new label, on their own so that the
// SPA's checks and the server's rules read them without the endpoint declarations around them.
/** Every limit of the annotation endpoints, shared so the SPA can check before it sends. */
export const ANNOTATION_LIMITS = {
  /** Annotations in one bulk POST. */
  perPost: 5000,
  /** Ids one bulk edit, bulk delete or restore names (a whole slide's worth; about 4 MB of JSON). */
  perBulkEdit: 100_000,
  /** Vertices of one polygon or polyline, points of one multi-point. */
  vertices: 10_000,
  /** |x| and |y| at most this many pixels (2^24; the largest slide accepted is 2^34 pixels). */
  coordinate: 16_777_216,
  /** Characters of one selector value (10,000 vertices of long decimals fit). */
  selectorChars: 500_000,
  /** Body entries of one annotation (the tag first, then comments). */
  bodies: 20,
  /** Characters of a comment. */
  comment: 5000,
  /** Characters of an annotation's name (QuPath's `name`) and of its description. */
  annotationName: 200,
  annotationDescription: 5000,
  /** Annotations one page of GET answers (the spec asks for 999999: all of them). */
  pageLimit: 999_999,
  /** Annotations one page of GET answers to anyone not a member of the slide (guests, strangers): `next_page` leads on. */
  guestPageLimit: 1000,
  /** Bytes of the bulk POST body; every other annotation and label body: 1 MB. */
  bulkBodyBytes: 8 * 1024 * 1024,
  singleBodyBytes: 1024 * 1024,
  /** Labels per slide, and characters of a label's name and type. */
  labelsPerSlide: 1000,
  labelName: 100,
  labelType: 50,
  /** Inline shapes of a realtime message stop at this many bytes of JSON (Pusher allows 10 KB). */
  messageBytes: 8000,
  /** A viewer who has not called in for this long is gone (call in every 30 s). */
  viewerSeconds: 60
} as const

export const LABEL_DEFAULT_COLOR = "#FFFF00"
export const LABEL_DEFAULT_TYPE = "annotation"

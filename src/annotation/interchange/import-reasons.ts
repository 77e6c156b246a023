// Why an imported item was skipped or changed, as a code the preview dialog translates. The readers
// (qupath.ts, w3c.ts, geometry.ts) say why in English sentences that the toasts, the server's 400s
// and their tests share; rather than change all of them, the preview reads those sentences here into
// codes with their numbers. A sentence no pattern knows still reaches the user, as `other` with its
// English text, so a new reader message is never silently lost (import-preview.test.ts lists them).

export type ImportReason =
  | { readonly code: "notAnnotationType"; readonly type: string }
  | { readonly code: "noGeometry" }
  | { readonly code: "geometryType"; readonly type: string }
  | { readonly code: "fewVertices" }
  | { readonly code: "tooManyVertices"; readonly max: number }
  | { readonly code: "coordinateBeyond"; readonly max: number }
  | { readonly code: "malformed" }
  | { readonly code: "notW3C" }
  | { readonly code: "unreadableSelector" }
  | { readonly code: "notCollection" }
  | { readonly code: "other"; readonly detail: string }
  // Changes the preview itself notes (the shape is imported, differently from the file).
  | { readonly code: "unclassified"; readonly label: string }
  | { readonly code: "objectType"; readonly type: string }
  | { readonly code: "multiPolygon"; readonly parts: number }

const PATTERNS: ReadonlyArray<readonly [RegExp, (m: RegExpExecArray) => ImportReason]> = [
  [/^its objectType (.+) is not an annotation$/, (m) => ({ code: "notAnnotationType", type: m[1]! })],
  [/^it has no geometry$/, () => ({ code: "noGeometry" })],
  [/^its geometry type (.+) is not one we keep$/, (m) => ({ code: "geometryType", type: m[1]! })],
  [/fewer than 3 vertices|needs at least \d+ vertices/, () => ({ code: "fewVertices" })],
  [
    /vertices; at most (\d+) are allowed|has more than (\d+) (?:vertices|points)/,
    (m) => ({ code: "tooManyVertices", max: Number(m[1] ?? m[2]) })
  ],
  [/has a coordinate beyond (\d+) pixels/, (m) => ({ code: "coordinateBeyond", max: Number(m[1]) })],
  [
    /^(it is not a feature|a polygon without rings|a polygon ring that is not a list of points|a multi-polygon without polygons|a line that is not a list of points|a point without two numbers|a multi-point that is not a list of points)$/,
    () => ({ code: "malformed" })
  ],
  [/^(it is not an annotation|it is not an annotation with a tag and a selector)$/, () => ({ code: "notW3C" })],
  [/^(its selector is not one of our shapes|the shape .+)$/, () => ({ code: "unreadableSelector" })],
  [
    /^(not a W3C annotation collection|the collection's first page is not in the file|the page has no items)$/,
    () => ({ code: "notCollection" })
  ]
]

/** A reader's sentence as a reason code (`other` keeps a sentence no pattern knows). */
export const reasonOf = (sentence: string): ImportReason => {
  for (const [pattern, make] of PATTERNS) {
    const m = pattern.exec(sentence)
    if (m) return make(m)
  }
  return { code: "other", detail: sentence }
}

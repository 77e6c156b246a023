// How a screen reads the slide again after a change too large for its message: everything (a
// deletion's read replaces what the screen holds), the compact header alone (a relabel or hide
// changed no geometry), or only the shapes created since a time (an upload's or an analysis
// batch's new shapes). Asks that arrive while a read runs are combined into the next read.

export type ReadMode =
  | { readonly kind: "all"; readonly prune: boolean }
  | { readonly kind: "header" }
  | { readonly kind: "since"; readonly at: string }

export const READ_ALL: ReadMode = { kind: "all", prune: false }

/** Two asks as one read: asks of the same partial kind stay partial (the earlier time); anything else reads everything, pruning if either would. */
export const combineReads = (a: ReadMode, b: ReadMode): ReadMode => {
  if (a.kind === "header" && b.kind === "header") return a
  if (a.kind === "since" && b.kind === "since") return a.at <= b.at ? a : b
  return { kind: "all", prune: (a.kind === "all" && a.prune) || (b.kind === "all" && b.prune) }
}

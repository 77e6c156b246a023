// The colours new labels take, so that each class on a slide is told apart at a glance: the spec's
// default yellow first, then colours far apart in hue that stay readable on both H&E pink and the
// brown of DAB (after the Tableau 10 and QuPath's default class colours).
import { LABEL_DEFAULT_COLOR } from "../contract/annotations.ts"

export const LABEL_PALETTE: ReadonlyArray<string> = [
  LABEL_DEFAULT_COLOR,
  "#E6194B",
  "#3CB44B",
  "#4363D8",
  "#F58231",
  "#911EB4",
  "#42D4F4",
  "#F032E6",
  "#9A6324",
  "#000075",
  "#AAFFC3",
  "#808000"
]

/** The first palette colour no label has yet; once all are taken, round again from the label count. */
export const nextLabelColor = (taken: Iterable<string>): string => {
  const used = new Set<string>()
  let count = 0
  for (const color of taken) {
    used.add(color.toUpperCase())
    count++
  }
  return LABEL_PALETTE.find((c) => !used.has(c)) ?? LABEL_PALETTE[count % LABEL_PALETTE.length]!
}

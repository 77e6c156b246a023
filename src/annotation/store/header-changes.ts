// A bulk relabel or hide too large for its message (100,000 shapes) changes no geometry: the other
// screens read the compact answer's header alone (ids, versions, labels, visibility; no vertices)
// and change the shapes they hold in place, instead of reading and rebuilding every shape.
import type { CompactHeader } from "../compact.ts"
import { DEFAULT_COLOR, type Shape } from "./shape.ts"

export interface HeaderChanges {
  /** Held shapes whose version moved on: their label, visibility and version as the header has them. */
  readonly upsert: ReadonlyArray<Shape>
  /** Shapes the header lists that this screen does not hold, or holds more than one version behind: only a whole read brings them. */
  readonly missing: number
}

export const changesOfHeader = (header: CompactHeader, held: (id: string) => Shape | undefined): HeaderChanges => {
  const upsert: Shape[] = []
  let missing = 0
  for (let i = 0; i < header.count; i++) {
    const shape = held(header.ids[i]!)
    const version = header.versions[i]!
    if (shape !== undefined && shape.version >= version) continue
    // One version on is the relabel itself; more, and something this screen did not hear changed
    // the shape too (its geometry, maybe): only a whole read shows it.
    if (shape === undefined || version > shape.version + 1) {
      missing++
      continue
    }
    const label = header.labels[header.label[i]!]!
    upsert.push({
      ...shape,
      labelId: label.id,
      labelName: label.name,
      color: label.color || DEFAULT_COLOR,
      visible: header.visible[i] === 1,
      version
    })
  }
  return { upsert, missing }
}

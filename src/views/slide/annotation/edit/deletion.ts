// Which of the selected shapes a Delete takes: those this user may change and that are not locked.
// The locked ones stay (the user is told they are locked, as QuPath keeps a locked object), and so
// do the ones drawn by others that this user may not change (counted, for the tools machine's notice).
import { isLocked } from "../../../../annotation/props.ts"
import type { Shape } from "../../../../annotation/store/shape.ts"

export interface Deletion {
  readonly ids: ReadonlyArray<string>
  /** Selected shapes this user may not change. */
  readonly kept: number
  /** Selected shapes this user may change but that are locked. */
  readonly locked: number
}

export const selectionDeletion = (
  selection: Iterable<string>,
  get: (id: string) => Shape | undefined,
  mayEdit: (shape: Shape) => boolean
): Deletion => {
  const ids: Array<string> = []
  let kept = 0
  let locked = 0
  for (const id of selection) {
    const shape = get(id)
    if (shape === undefined) continue
    if (!mayEdit(shape)) kept++
    else if (isLocked(shape)) locked++
    else ids.push(id)
  }
  return { ids, kept, locked }
}

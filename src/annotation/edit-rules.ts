// Who may change which of a slide's shapes, how many a drag may move, and what a Delete of the
// selection takes. The server decides (src/contract/permissions.ts `mayAnnotate`, the same matrix it
// asks on every endpoint, and its 409 for a locked shape); these rules only hide on this screen what
// it would refuse. The workspace machine's guards are named after them (machines/annotation/workspace).
import type { Role } from "../contract/labs.ts"
import { mayAnnotate } from "../contract/permissions.ts"
import { isLocked } from "./props.ts"
import { isDraft } from "./store/draft-shape.ts"
import type { Shape } from "./store/shape.ts"

/** Who is working on the slide: whether they may annotate at all, their role, their user id. */
export interface Editor {
  readonly canEdit: boolean
  /** The user's standing on the slide (who may change whose shapes); null for a visitor. */
  readonly role: Role | null
  readonly me: string | null
}

/**
 * A selection of more than this many is not moved by a drag (the drag pans, as ever): every shape
 * moved is a call to the server, and a slip of the hand after Ctrl+A must not move a slide's cells.
 */
export const GROUP_MOVE_LIMIT = 1000

/**
 * Whether the editor may change the shape: an unsaved draft of theirs, or what the matrix allows. An
 * analysis' detection changes only with its job's results (the server refuses any edit of one).
 */
export const mayEditShape = (editor: Editor, shape: Shape): boolean =>
  editor.canEdit &&
  shape.detection !== true &&
  (isDraft(shape) || mayAnnotate(editor.role, "annotation.edit", shape.author?.id === editor.me))

/** Whether they may also move, reshape or delete it: they may edit it, and it is not locked. */
export const mayReshapeShape = (editor: Editor, shape: Shape): boolean => mayEditShape(editor, shape) && !isLocked(shape)

/**
 * The shapes a drag from a press on `hit` moves together: the whole selection, when it is several,
 * no more than GROUP_MOVE_LIMIT, holds the pressed shape, and the editor may reshape every one of them.
 */
export const groupToMove = (
  selection: ReadonlySet<string>,
  hit: string | null,
  get: (id: string) => Shape | undefined,
  mayReshape: (shape: Shape) => boolean
): ReadonlyArray<string> | null => {
  if (hit === null || selection.size < 2 || selection.size > GROUP_MOVE_LIMIT || !selection.has(hit)) return null
  const ids = [...selection]
  return ids.every((id) => {
    const shape = get(id)
    return shape !== undefined && mayReshape(shape)
  })
    ? ids
    : null
}

// What a Delete of the selection takes: those this user may change and that are not locked. The
// locked ones stay (the user is told they are locked, as QuPath keeps a locked object), and so do the
// ones drawn by others that this user may not change (counted, for the tools machine's notice).

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

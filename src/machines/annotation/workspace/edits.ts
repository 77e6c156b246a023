// The user's own changes as the workspace makes them: an unsaved draft is changed where it is kept
// (the drafts actor, and the store at once: no undo step, as for one draft); a saved shape goes to
// the edits actor, whose `edits.show` puts it in the store (store-actions.ts). Several changed
// together are one `edit.group`: one undo step, shown in one store batch.
import { translate } from "../../../annotation/edit.ts"
import { type AnnotationProps, hasProps, sameProps, withPatch } from "../../../annotation/props.ts"
import { isDraft } from "../../../annotation/store/draft-shape.ts"
import { type Shape, withCoords } from "../../../annotation/store/shape.ts"
import type { GroupChange } from "../edits.machine.ts"
import type { LabelRef, WorkspaceContext } from "./types.ts"

type Ctx = Pick<WorkspaceContext, "store" | "edits" | "drafts" | "tools">

const labelOf = (shape: Shape): LabelRef => ({ id: shape.labelId, name: shape.labelName, color: shape.color })

/** A draft changed as `to` has it: relabelled, or its coordinates. */
const changeDraft = (context: Ctx, from: Shape, to: Shape) => {
  if (to.labelId !== from.labelId) context.drafts.send({ type: "draft.relabel", id: to.id, label: labelOf(to) })
  else context.drafts.send({ type: "draft.update", id: to.id, coords: [...to.coords] })
}

export const updateShape = (context: Ctx, from: Shape, to: Shape): void => {
  if (isDraft(from)) {
    context.store.apply("local", { upsert: [to] })
    changeDraft(context, from, to)
    return
  }
  context.edits.send({ type: "edit.update", from, to })
}

export const removeDraft = (context: Ctx, id: string): void => {
  context.drafts.send({ type: "draft.remove", id })
  context.tools.send({ type: "selection.drop", ids: [id] })
}

/** One shape deleted (the caller has made sure it is not locked); it leaves the selection. */
export const removeShape = (context: Ctx, shape: Shape): void => {
  if (isDraft(shape)) removeDraft(context, shape.id)
  else context.edits.send({ type: "edit.delete", shape })
  context.tools.send({ type: "selection.drop", ids: [shape.id] })
}

export const groupChanges = (context: Ctx, changes: ReadonlyArray<GroupChange>): void => {
  const saved: Array<GroupChange> = []
  const drafts: Array<Shape> = []
  for (const change of changes) {
    if (change.from === null || !isDraft(change.from)) saved.push(change)
    else if (change.to === null) removeDraft(context, change.from.id)
    else {
      drafts.push(change.to)
      changeDraft(context, change.from, change.to)
    }
  }
  if (drafts.length > 0) context.store.apply("local", { upsert: drafts })
  if (saved.length > 0) context.edits.send({ type: "edit.group", changes: saved })
}

/** Deletes these together (one undo step); they leave the selection. */
export const removeShapes = (context: Ctx, shapes: ReadonlyArray<Shape>): void => {
  if (shapes.length === 0) return
  groupChanges(
    context,
    shapes.map((from) => ({ from, to: null }))
  )
  context.tools.send({ type: "selection.drop", ids: shapes.map((shape) => shape.id) })
}

export const relabelled = (shape: Shape, label: LabelRef): Shape => ({
  ...shape,
  labelId: label.id,
  labelName: label.name,
  color: label.color
})

/** The shape with its name, description or lock changed, or null when nothing would change (or it is a draft, which has none). */
export const withProps = (shape: Shape, patch: AnnotationProps): Shape | null => {
  const props = withPatch(shape.props, patch)
  if (isDraft(shape) || sameProps(shape.props, props)) return null
  const { props: _, ...rest } = shape
  return hasProps(props) ? { ...rest, props } : rest
}

/** Each shape moved by as much, as the store has it now (a version heard meanwhile is the one moved from). */
export const translated = (context: Ctx, ids: ReadonlyArray<string>, dx: number, dy: number): Array<GroupChange> =>
  ids.flatMap((id) => {
    const from = context.store.get(id)
    return from === undefined ? [] : [{ from, to: withCoords(from, translate(from.coords, dx, dy)) }]
  })

// The workspace's actions for what the user does: their changes of the slide's shapes (edits.ts),
// the gestures the tools finished, arrow-key nudges, undo and redo, and handing the children what
// they draw and upload with. Custom actions run when the actor executes them and read the store then.
import { translate } from "../../../annotation/edit.ts"
import { firstDrawable } from "../labels.machine.ts"
import { withCoords } from "../../../annotation/store/shape.ts"
import { writeShown } from "../../../annotation/store/shownOnThisScreen.ts"
import { deletionOf } from "./guards.ts"
import { groupChanges, relabelled, removeDraft, removeShape, removeShapes, translated, updateShape, withProps } from "./edits.ts"
import type { WorkspaceContext, WorkspaceEvent } from "./types.ts"

interface Args {
  readonly context: WorkspaceContext
  readonly event: WorkspaceEvent
}

export const editActions = {
  update: ({ context, event }: Args) => {
    if (event.type === "shape.update") updateShape(context, event.from, event.to)
  },
  remove: ({ context, event }: Args) => {
    if (event.type === "shape.remove") removeShape(context, event.shape)
  },
  relabel: ({ context, event }: Args) => {
    if (event.type !== "shape.relabel" || event.label.id === event.shape.labelId) return
    updateShape(context, event.shape, relabelled(event.shape, event.label))
  },
  setProps: ({ context, event }: Args) => {
    if (event.type !== "shape.props") return
    const to = withProps(event.shape, event.patch)
    if (to !== null) updateShape(context, event.shape, to)
  },
  group: ({ context, event }: Args) => {
    if (event.type === "shapes.group") groupChanges(context, event.changes)
  },
  removeMany: ({ context, event }: Args) => {
    if (event.type === "shapes.remove") removeShapes(context, event.shapes)
  },
  /** Gives these the label (one undo step); those with it already are left as they are. */
  relabelMany: ({ context, event }: Args) => {
    if (event.type !== "shapes.relabel") return
    const { label } = event
    groupChanges(
      context,
      event.shapes.filter((shape) => shape.labelId !== label.id).map((from) => ({ from, to: relabelled(from, label) }))
    )
  },
  removeDraft: ({ context, event }: Args) => {
    if (event.type === "draft.remove") removeDraft(context, event.id)
  },
  /**
   * Delete the selection: what this user may delete goes (the tools ask first when it is several, or
   * some are left out), what they may not is counted and stays selected (edit-rules.ts).
   */
  deleteSelection: ({ context }: Args) => {
    const { ids, kept } = deletionOf(context)
    context.tools.send({ type: "selection.delete", ids, kept })
  },
  /** The selection deleted (after the user said yes when it was several): one step. */
  deleteChosen: ({ context, event }: Args) => {
    if (event.type !== "selection.deleted") return
    removeShapes(
      context,
      event.ids.flatMap((id) => context.store.get(id) ?? [])
    )
  },
  /**
   * A gesture's end: the shape as it was at the press, changed as the drag left it. A change heard
   * during the drag raised the version: the save names the one the drag began from, so the server
   * answers it as a conflict rather than overwrite the newer shape.
   */
  commitGesture: ({ context, event }: Args) => {
    if (event.type !== "edit.commit") return
    const now = context.store.get(event.id)
    if (now === undefined) return
    const from = withCoords({ ...now, version: event.version }, event.from)
    updateShape(context, from, withCoords(from, event.coords))
  },
  /** A brush stroke: the shape as it was at the press, as the stroke left it (its kind too), one step. */
  commitBrush: ({ context, event }: Args) => {
    if (event.type !== "edit.brush") return
    const now = context.store.get(event.id)
    if (now === undefined) return
    const from = withCoords({ ...now, kind: event.fromKind, version: event.version }, event.from)
    updateShape(context, from, withCoords({ ...from, kind: event.kind }, event.coords))
  },
  /** Several selected shapes dragged together: each moved by as much, one step. */
  commitTranslate: ({ context, event }: Args) => {
    if (event.type === "edit.translate") groupChanges(context, translated(context, event.ids, event.dx, event.dy))
  },
  /** The nudge shown at once: the shape moved as far as the burst has gone from where it started. */
  showNudge: ({ context, event }: Args) => {
    if (event.type !== "shape.nudge" || context.nudging === null) return
    const { from, dx, dy } = context.nudging
    context.store.apply("local", { upsert: [withCoords(event.shape, translate(from.coords, dx, dy))] })
  },
  /** The burst saved as one edit, from where it started (a version heard meanwhile cannot swallow it). */
  settleNudge: ({ context }: Args) => {
    const pending = context.nudging
    if (pending === null) return
    const now = context.store.get(pending.from.id)
    if (now !== undefined) updateShape(context, pending.from, withCoords(now, translate(pending.from.coords, pending.dx, pending.dy)))
  },
  undo: ({ context }: Args) => context.edits.send({ type: "history.undo" }),
  redo: ({ context }: Args) => context.edits.send({ type: "history.redo" }),
  /** A save that found no network becomes a draft, with the id and shape it was sent with. */
  keepDraft: ({ context, event }: Args) => {
    if (event.type !== "annotation.drafted") return
    const { input } = event
    const labels = context.labels.getSnapshot().context.labels
    const label = input.label === null ? null : (labels.find((l) => l.id === input.label?.id) ?? { ...input.label, color: "" })
    context.drafts.send({
      type: "draft.add",
      draft: {
        id: input.id,
        lab_id: input.labId,
        kind: input.kind,
        coords: [...input.coords],
        label: label === null ? null : { id: label.id, name: label.name, color: label.color },
        ...(input.comment ? { comment: input.comment } : {}),
        created_at: new Date().toISOString()
      }
    })
  },
  /**
   * The label new shapes are tagged with: the active one of the labels panel, else the slide's first;
   * comments take the slide's comment label, never the active one (a comment is not a counted cell);
   * drafts without a label take the slide's first when uploaded.
   */
  chooseLabels: ({ context, event }: Args) => {
    if (event.type !== "labels.changed") return
    const { labels, activeId } = event
    const pick = (l: (typeof labels)[number] | undefined) => (l ? { id: l.id, name: l.name, color: l.color } : null)
    const chosen = labels.find((l) => l.id === activeId) ?? labels.find((l) => l.id === firstDrawable(labels, context.commentLabel))
    context.tools.send({ type: "label.choose", label: pick(chosen) })
    const comments = labels.find((l) => l.name.toLowerCase() === context.commentLabel.toLowerCase())
    context.tools.send({ type: "commentLabel.choose", label: pick(comments) })
    const first = labels[0]
    context.drafts.send({ type: "drafts.label", label: first ? { id: first.id, name: first.name } : null })
  },
  /** The drafts upload only while the browser is online and the user's realtime connection is live. */
  tellDrafts: ({ context }: Args) =>
    context.drafts.send({ type: "connection.change", online: context.online, connected: context.editor.canEdit && context.live }),
  /** Hidden or shown on this screen only, kept in this browser. */
  toggleShown: ({ context, event }: Args) => {
    if (event.type !== "shape.toggleShown") return
    context.store.setShown(event.shape.id, !context.store.isVisible(event.shape))
    if (context.editor.me !== null) writeShown(context.editor.me, context.labId, context.store.shownOverridesOf())
  }
}

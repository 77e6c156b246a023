// A change heard on the slide's lab channel (the live feed): applied to the store at once (origin
// "remote": never sent back, never undone), the labels panel told of a label changed elsewhere, and
// the slide read again when the change did not fit in its message (src/effects/annotations/remote.ts).
// The plan is made when the transition is (it reads the store); the writes run as the actor executes
// them, and the re-read is raised, so the chart (and its model) shows the feed leading to it.
import { takeOwnBulk } from "../../../effects/annotations/own-bulk.ts"
import { READ_ALL, type ReadMode } from "../../../effects/annotations/read-mode.ts"
import { planOf, remoteChangeOf } from "../../../effects/annotations/remote.ts"
import type { WorkspaceContext, WorkspaceEvent } from "./types.ts"

export interface LiveChange {
  /** The store and the children follow: run when the actor executes the transition's actions. */
  readonly write: () => void
  /** The slide is to be read again, and how (read-mode.ts). */
  readonly reread: ReadMode | null
}

/** The lab channel's messages that change the slide's annotations or labels. */
export const LIVE_KINDS = [
  "annotationsCreated",
  "annotationUpdated",
  "annotationDeleted",
  "annotationsBulkChanged",
  "labelChanged"
] as const

/** What a lab channel's message does, or null when it is no change of this slide's. */
export const liveChange = (context: WorkspaceContext, event: WorkspaceEvent): LiveChange | null => {
  if (event.type !== "live.message") return null
  const { store, labId } = context
  const change = remoteChangeOf(labId, event.heard)
  if (change === null) return null
  const labelShapes = (labelId: string) => [...store.all()].filter((s) => s.labelId === labelId).map((s) => s.id)
  const plan = planOf(labId, change, labelShapes, (id) => store.get(id), takeOwnBulk)
  // A message names who made the change, not who drew the shape: a shape the store has keeps its author.
  const upsert = plan.batch.upsert?.map((shape) => {
    const author = store.get(shape.id)?.author
    return author ? { ...shape, author } : shape
  })
  const removed = plan.batch.remove ?? []
  const write = () => {
    store.apply("remote", { ...plan.batch, ...(upsert ? { upsert } : {}) })
    if (removed.length > 0) context.tools.send({ type: "selection.drop", ids: removed })
    // A label created, renamed, recoloured or deleted elsewhere: the labels panel and the shapes follow.
    if (change.kind === "label") {
      context.labels.send({ type: "label.remote", action: change.message.action, label: change.message.label })
      if (change.message.action === "updated") store.restyle(change.message.label.id, change.message.label.name, change.message.label.color)
    }
  }
  return { write, reread: plan.fetch ? (plan.read ?? READ_ALL) : null }
}

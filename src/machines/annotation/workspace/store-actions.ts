// Every write to the view's store that comes from outside the user's hand: the slide loaded, a new
// shape saved, the offline drafts, the live feed (origin "remote": never sent back, never undone) and
// the compact re-read (the live feed's own changes: live.ts), what the edits actor reports about the user's changes, labels changed in the
// labels panel, an import. Custom actions: they run when the actor executes them, never in a pure
// transition (the model's graph walk), and read the store as it is then.
import { isDraft, shapeOfDraft } from "../../../annotation/store/draft-shape.ts"
import { type Shape, shapeOf, shapesOfCompact } from "../../../annotation/store/shape.ts"
import type { Annotation } from "../../../contract/annotations.ts"
import { isLockedRefusal } from "../../../effects/annotations/edit.ts"
import { readShown } from "../../../annotation/store/shownOnThisScreen.ts"
import type { Reread } from "./actors.ts"
import type { WorkspaceContext, WorkspaceEvent } from "./types.ts"

interface Args {
  readonly context: WorkspaceContext
  readonly event: WorkspaceEvent
}

const shapesOf = (annotations: ReadonlyArray<Annotation>): Array<Shape> =>
  annotations.flatMap((annotation) => {
    const parsed = shapeOf(annotation)
    return parsed.ok ? [parsed.shape] : []
  })

/** The drafts are in the store too (drawn, selectable): those the drafts actor holds, and no others. */
const showDrafts = ({ context }: Pick<Args, "context">) => {
  const { store } = context
  const list = context.drafts.getSnapshot().context.drafts
  const held = new Set(list.map((d) => d.id))
  const gone = [...store.all()].filter((s) => isDraft(s) && !held.has(s.id)).map((s) => s.id)
  const missing = list.filter((d) => store.get(d.id) === undefined || isDraft(store.get(d.id)!)).map(shapeOfDraft)
  if (gone.length > 0 || missing.length > 0) store.apply("local", { upsert: missing, remove: gone })
}

export const storeActions = {
  showDrafts,
  /** The slide's annotations, replacing the store; what this user hid here before; the drafts again. */
  showLoaded: ({ context, event }: Args) => {
    if (event.type !== "loader.loaded") return
    const { store } = context
    context.labels.send({ type: "labels.loaded", labels: event.loaded.labels })
    // Marks for the annotations bench: when the decoded answer arrived, and what the store's load took.
    const started = performance.mark("annotations-loaded")
    store.loadCompact(event.loaded.annotations)
    performance.measure("annotations-store-load", { start: started.startTime })
    const me = context.editor.me
    if (me !== null) store.restoreShown(readShown(me, context.labId).filter(([id]) => store.get(id) !== undefined))
    showDrafts({ context })
  },
  /** A new shape the tools saved (and the label its save created, if any). */
  showSaved: ({ context, event }: Args) => {
    if (event.type !== "annotation.saved") return
    const parsed = shapeOf(event.annotation)
    if (parsed.ok) context.edits.send({ type: "edit.created", shape: parsed.shape })
    if (event.label !== null) {
      context.loader.send({ type: "label.created", label: event.label })
      context.labels.send({ type: "labels.loaded", labels: [...context.labels.getSnapshot().context.labels, event.label] })
    }
    if (parsed.ok) context.store.apply("local", { upsert: [parsed.shape] })
  },
  /** Uploaded drafts: the server's shapes in their place. */
  showSynced: ({ context, event }: Args) => {
    if (event.type === "drafts.synced") context.store.apply("local", { upsert: shapesOf(event.annotations) })
  },
  /**
   * The slide as the compact read has it; with `prune`, every saved shape it does not hold went. A
   * header read changes the held shapes it names in place.
   */
  applyReread: ({ context }: Args, read: Reread) => {
    const { store } = context
    if (read.kind === "header") {
      store.apply("remote", { upsert: read.upsert })
      return
    }
    const upsert = shapesOfCompact(read.all)
    const { mode } = context.reread
    const held = read.kind === "all" && mode.kind === "all" && mode.prune ? new Set(upsert.map((shape) => shape.id)) : undefined
    const remove = held ? [...store.all()].filter((shape) => !isDraft(shape) && !held.has(shape.id)).map((shape) => shape.id) : []
    store.apply("remote", { upsert, remove })
    if (remove.length > 0) context.tools.send({ type: "selection.drop", ids: remove })
  },
  /** The edits actor's step: shown, unless a newer change of this screen is shown since. */
  showEdits: ({ context, event }: Args) => {
    if (event.type !== "edits.show") return
    const { store } = context
    const superseded = new Set((event.expected ?? []).filter((shape) => store.get(shape.id) !== shape).map((shape) => shape.id))
    const upsert = superseded.size === 0 ? event.upsert : event.upsert.filter((shape) => !superseded.has(shape.id))
    store.apply("local", { upsert, remove: event.remove })
  },
  /** Changes that did not go through, back as they were, while the store still shows this user's change. */
  revertEdits: ({ context, event }: Args) => {
    if (event.type !== "edits.revert") return
    const back = event.shapes.filter((shape) => {
      const now = context.store.get(shape.id)
      return now === undefined || now.version <= shape.version
    })
    if (back.length > 0) context.store.apply("local", { upsert: back })
  },
  /** Someone changed or deleted these first: shown as they are now, as changes heard from someone else. */
  showConflicts: ({ context, event }: Args) => {
    if (event.type !== "edits.conflict") return
    const gone = event.conflicts.flatMap(({ annotationId, current }) => (current === null ? [annotationId] : []))
    context.store.apply("remote", { remove: gone, upsert: event.conflicts.flatMap(({ current }) => (current === null ? [] : [current])) })
    if (gone.length > 0) context.tools.send({ type: "selection.drop", ids: gone })
  },
  /**
   * The server's 409 for a locked shape (locked where this screen did not hear it): the shape shown as
   * the server holds it, locked (the revert put back this screen's unlocked copy, at the same version,
   * which a remote echo would not replace).
   */
  showLockedRefusals: ({ context, event }: Args) => {
    if (event.type !== "edits.failed") return
    const locked = event.failures.flatMap(({ error }) =>
      error._tag === "AnnotationConflict" && error.current !== undefined && isLockedRefusal(error) ? [error.current] : []
    )
    if (locked.length > 0) context.store.apply("local", { upsert: shapesOf(locked) })
  },
  restyleLabel: ({ context, event }: Args) => {
    if (event.type === "label.updated") context.store.restyle(event.label.id, event.label.name, event.label.color)
  },
  /** A label deleted in the panel took its shapes with it. */
  dropLabelShapes: ({ context, event }: Args) => {
    if (event.type !== "label.deleted") return
    const gone: Array<string> = []
    for (const shape of context.store.all()) if (shape.labelId === event.id) gone.push(shape.id)
    if (gone.length > 0) context.store.apply("remote", { remove: gone })
  },
  /** A deleted label brought back: its shapes as the server holds them again (same ids, authors, versions). */
  restoreLabelShapes: ({ context, event }: Args) => {
    if (event.type !== "label.restored") return
    const back = shapesOfCompact(event.annotations).filter((shape) => shape.labelId === event.label.id)
    if (back.length > 0) context.store.apply("remote", { upsert: back })
  },
  /** An import's stored shapes (those it updated replace ours), and the labels it made or recoloured. */
  showImported: ({ context, event }: Args) => {
    if (event.type !== "import.done") return
    const shapes = shapesOf(event.annotations)
    if (shapes.length > 0) context.store.apply("remote", { upsert: shapes })
    for (const label of event.recoloured) context.store.restyle(label.id, label.name, label.color)
    if (event.created.length + event.recoloured.length > 0) {
      const labels = context.labels.getSnapshot().context.labels
      context.labels.send({ type: "labels.loaded", labels: [...labels, ...event.created, ...event.recoloured] })
    }
  }
}

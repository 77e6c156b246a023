// The workspace machine's model (src/testing/modelHarness.ts): every state and transition walked from
// the chart, each path replayed on a real workspace whose children are recording stand-ins, and after
// every step the store and what each child was told checked against the rules: a member hears the
// slide's two channels and a visitor none; a Delete of the selection takes only what the user may
// change and keeps the locked ones (and says so); a re-read replaces what it holds (and, after a bulk
// delete too large to name its shapes, removes what it no longer holds); a nudge burst shows at once
// and is saved as one edit from where it started; an undo waits for a shape on its way.
import { describe, expect, it } from "vitest"
import { type AnyEventObject, type EventObject, fromCallback, setup } from "xstate"
import { compactOf, annotationOf, ring } from "../../../testing/annotationFixtures.ts"
import { lastInput, modelFor } from "../../../testing/modelHarness.ts"
import { translate } from "../../../annotation/edit.ts"
import { type Shape, shapeOf, withCoords } from "../../../annotation/store/shape.ts"
import { AnnotationStore } from "../../../annotation/store/store.ts"
import { labChannel, presenceChannel, realtimeEvents } from "../../../contract/realtime.ts"
import { heardOf } from "../../../effects/realtime/heard.ts"
import { PRESENCE_MEMBERS } from "../../../effects/realtime/pusherConnection.ts"
import { NUDGE_SETTLE_MS, type WorkspaceContext, type WorkspaceEvent, type WorkspaceInput, workspaceMachine } from "./workspace.machine.ts"

const other = { id: "u2", email: "grace@example.com", name: "Grace" }
const annotation = (id: string, x: number, options: { version?: number; label?: string; locked?: boolean; by?: typeof other } = {}) => {
  const base = annotationOf(id, ring(x, 10, 5), { version: options.version ?? 1, label: options.label ?? "l1" })
  return {
    ...base,
    ...(options.by ? { user: options.by } : {}),
    data: { ...base.data, ...(options.locked ? { locked: true } : {}) }
  }
}
const shape = (a: ReturnType<typeof annotation>): Shape => {
  const parsed = shapeOf(a)
  if (!parsed.ok) throw new Error(parsed.error)
  return parsed.shape
}
// a and b are the user's (u1), c is theirs but locked, d is Grace's and tagged with another label.
const A = shape(annotation("a", 10))
const B = shape(annotation("b", 100))
const C = shape(annotation("c", 200, { locked: true }))
const D = shape(annotation("d", 300, { label: "l2", by: other }))
const label = (id: string) => ({
  id,
  lab_id: "slide-1",
  name: id,
  color: "#00FF00",
  label_type: "annotation",
  visible: true,
  created_at: "",
  updated_at: ""
})
/** What the re-read answers: a changed (version 2), n new; b, c and d not held (deleted elsewhere). */
const read = compactOf([annotation("a", 20, { version: 2 }), annotation("n", 400)])
/** What a header read answers: a relabelled, one version on, its geometry as held. */
const headerRead: Shape = { ...A, labelId: "l2", labelName: "l2", color: "#00FF00", version: A.version + 1 }
const moved = (s: Shape, dx: number) => withCoords(s, translate(s.coords, dx, 0))

/** The channels watched now, and every event each child was sent. */
let watching = new Set<string>()
let sent: Record<string, Array<EventObject & Record<string, unknown>>> = {}
/** How many edits the checks have seen saved so far on this run. */
let seenSaves = 0
/** How many events each child had been sent when the previous step was checked. */
let marks: Record<string, number> = {}
/** A child as the workspace sees it: the context it reads (a, c and d selected), every event recorded. */
const stub = (id: string) =>
  setup({}).createMachine({
    context: { selection: new Set(["a", "c", "d"]), labels: [label("l1")], drafts: [] },
    on: {
      "*": {
        actions: ({ event }) => {
          sent[id] = [...(sent[id] ?? []), event]
        }
      }
    }
  })
const silent = fromCallback<EventObject, unknown>(() => undefined)
const channel = fromCallback<EventObject, { readonly channel: string }>(({ input }) => {
  watching.add(input.channel)
  return () => watching.delete(input.channel)
})

const inputOf = (): WorkspaceInput => {
  watching = new Set()
  sent = {}
  seenSaves = 0
  const store = new AnnotationStore()
  store.loadShapes([A, B, C, D])
  return {
    labId: "slide-1",
    store,
    editor: { canEdit: false, role: null, me: "u1" },
    defaultLabel: "Tumour",
    commentLabel: "Comment",
    realtime: null
  }
}

const to = (child: string, type: string) => (sent[child] ?? []).filter((e) => e.type === type)
/** What the child was sent of that type in answer to the step being checked. */
const fresh = (child: string, type: string) => (sent[child] ?? []).slice(marks[child] ?? 0).filter((e) => e.type === type)
const last = (child: string, type: string) => fresh(child, type).at(-1)
const xOf = (s: Shape | undefined) => s?.bbox.minX
/** A message as the realtime machine hands it over: decoded (the test's payloads must decode). */
const heard = (channel: string, event: string, data: unknown) => {
  const message = heardOf(channel, event, data)
  if (message === null) throw new Error(`${event} does not decode`)
  return message
}
const changer = { lab_id: "slide-1", user_id: "u2", user_email: "grace@example.com", at: "2025-01-01T00:00:00.000Z" }

const events = {
  member: { type: "who.change", editor: { canEdit: true, role: "reviewer", me: "u1" } },
  visitor: { type: "who.change", editor: { canEdit: false, role: null, me: "u1" } },
  offline: { type: "connection.online", online: false },
  live: { type: "connection.live", live: true },
  loaded: { type: "loader.loaded", loaded: { annotations: compactOf([annotation("a", 10), annotation("l", 500)]), labels: [label("l1")] } },
  "labels changed": { type: "labels.changed", labels: [label("l1"), label("l2")], activeId: "l2" },
  "drafts changed": { type: "drafts.changed" },
  "drafts synced": { type: "drafts.synced", annotations: [annotation("s", 600)], label: null },
  saved: { type: "annotation.saved", annotation: annotation("v", 700), label: null },
  "save failed": { type: "annotation.failed", error: new Error("offline") },
  drafted: {
    type: "annotation.drafted",
    input: { labId: "slide-1", id: "x", kind: "rectangle", coords: [0, 0, 5, 5], label: { id: "l1", name: "l1" } }
  },
  "drag ended": { type: "edit.commit", id: "a", kind: "polygon", version: 1, from: [...A.coords], coords: [...moved(A, 3).coords] },
  "brush stroke": {
    type: "edit.brush",
    id: "a",
    version: 1,
    fromKind: "polygon",
    from: [...A.coords],
    kind: "polygon",
    coords: [...moved(A, 4).coords]
  },
  "group dragged": { type: "edit.translate", ids: ["a", "b"], dx: 5, dy: 0 },
  "selection deleted": { type: "selection.deleted", ids: ["a"] },
  "edits shown": { type: "edits.show", upsert: [moved(A, 7)], remove: ["b"] },
  "edits reverted": { type: "edits.revert", shapes: [B] },
  conflict: { type: "edits.conflict", conflicts: [{ annotationId: "b", current: null }], direction: "do" },
  "edits failed": { type: "edits.failed", step: { id: 1, changes: [] }, direction: "do", failures: [] },
  "label restyled": { type: "label.updated", label: { ...label("l2"), color: "#0000FF" } },
  "label deleted": { type: "label.deleted", id: "l2", annotationsDeleted: 1, undoable: true },
  "label restored": {
    type: "label.restored",
    label: label("l2"),
    restored: 1,
    annotations: compactOf([annotation("d", 300, { label: "l2" })])
  },
  imported: { type: "import.done", annotations: [annotation("i", 800)], created: [label("l3")], recoloured: [] },
  "update a": { type: "shape.update", from: A, to: moved(A, 2) },
  "remove a": { type: "shape.remove", shape: A },
  "remove locked c": { type: "shape.remove", shape: C },
  "relabel a": { type: "shape.relabel", shape: A, label: { id: "l2", name: "l2", color: "#00FF00" } },
  "name a": { type: "shape.props", shape: A, patch: { name: "Nest" } },
  "group changed": { type: "shapes.group", changes: [{ from: A, to: null }] },
  "remove a and b": { type: "shapes.remove", shapes: [A, B] },
  "relabel a and d": { type: "shapes.relabel", shapes: [A, D], label: { id: "l2", name: "l2", color: "#00FF00" } },
  "remove draft": { type: "draft.remove", id: "x" },
  "hide a": { type: "shape.toggleShown", shape: A },
  delete: { type: "selection.delete" },
  "live delete of b": {
    type: "live.message",
    heard: heard(labChannel("slide-1"), realtimeEvents.deleteAnnotation("slide-1"), { ...changer, id: "b", label_id: "l1" })
  },
  "live bulk too large": {
    type: "live.message",
    heard: heard(labChannel("slide-1"), realtimeEvents.bulkAnnotation("slide-1"), {
      ...changer,
      action: "deleted",
      count: 5000,
      ids: [],
      change: {}
    })
  },
  "grace is here": {
    type: "presence.message",
    heard: heard(presenceChannel("slide-1"), PRESENCE_MEMBERS, [{ id: "u2", info: { name: "Grace", email: "" } }])
  },
  "live relabel too large": {
    type: "live.message",
    heard: heard(labChannel("slide-1"), realtimeEvents.bulkAnnotation("slide-1"), {
      ...changer,
      action: "updated",
      count: 5000,
      ids: [],
      change: { label_id: "l2", label_name: "l2", color: "#00FF00" }
    })
  },
  "live upload too large": {
    type: "live.message",
    heard: heard(labChannel("slide-1"), realtimeEvents.createAnnotation("slide-1"), {
      ...changer,
      count: 5000,
      annotations: [],
      created_at: "2025-01-01T00:00:00.000Z"
    })
  },
  "bulk named": { type: "reread.needed", mode: { kind: "all", prune: false } },
  read: { type: "xstate.done.actor.reread", output: { kind: "all", all: read } },
  "header read": { type: "xstate.done.actor.reread", output: { kind: "header", upsert: [headerRead] } },
  "new shapes read": { type: "xstate.done.actor.reread", output: { kind: "since", all: compactOf([annotation("n", 400)]) } },
  "read failed": { type: "xstate.error.actor.reread", error: new Error("offline") },
  "nudge a": { type: "shape.nudge", shape: A, dx: 1, dy: 0 },
  "nudge b": { type: "shape.nudge", shape: B, dx: 0, dy: 2 },
  "saving starts": { type: "tools.saving" },
  "saving ends": { type: "tools.settled" },
  undo: { type: "history.undo" },
  redo: { type: "history.redo" }
} as const

type Checks = Readonly<
  Record<string, (actual: { readonly context: WorkspaceContext }, before: WorkspaceContext, emitted: ReadonlyArray<AnyEventObject>) => void>
>

/** What each event does whatever the state: the store, and what the children were told. */
const effects: Checks = {
  member: () => expect(last("drafts", "connection.change")).toMatchObject({ online: true, connected: false }),
  offline: () => expect(last("drafts", "connection.change")).toMatchObject({ online: false }),
  live: ({ context }) => expect(last("drafts", "connection.change")).toMatchObject({ connected: context.editor.canEdit }),
  loaded: ({ context }) => {
    expect([...context.store.all()].map((s) => s.id).sort()).toEqual(["a", "l"])
    expect(last("labels", "labels.loaded")).toMatchObject({ labels: [{ id: "l1" }] })
  },
  "labels changed": () => {
    expect(last("tools", "label.choose")).toMatchObject({ label: { id: "l2" } })
    expect(last("tools", "commentLabel.choose")).toMatchObject({ label: null })
    expect(last("drafts", "drafts.label")).toMatchObject({ label: { id: "l1" } })
  },
  "drafts synced": ({ context }) => expect(context.store.get("s")).toBeDefined(),
  saved: ({ context }) => {
    expect(context.store.get("v")).toBeDefined()
    expect(last("edits", "edit.created")).toMatchObject({ shape: { id: "v" } })
    expect(context.saveFailed).toBe(false)
  },
  "save failed": ({ context }) => expect(context.saveFailed).toBe(true),
  drafted: ({ context }) => {
    expect(last("drafts", "draft.add")).toMatchObject({ draft: { id: "x", label: { id: "l1", color: "#00FF00" } } })
    expect(context.undoAfterSave).toBe(false)
  },
  "drag ended": ({ context }) => {
    const update = last("edits", "edit.update") as unknown as { from: Shape; to: Shape } | undefined
    if (context.store.get("a") === undefined) return
    expect(update?.from.version).toBe(1)
    expect(xOf(update?.to)).toBeCloseTo((xOf(update?.from) ?? 0) + 3)
  },
  "group dragged": ({ context }) => {
    const ids = ["a", "b"].filter((id) => context.store.get(id) !== undefined)
    if (ids.length > 0) expect(last("edits", "edit.group")?.changes).toHaveLength(ids.length)
  },
  "edits shown": ({ context }) => {
    expect(xOf(context.store.get("a"))).toBeCloseTo((xOf(A) ?? 0) + 7)
    expect(context.store.get("b")).toBeUndefined()
  },
  conflict: ({ context }) => {
    expect(context.store.get("b")).toBeUndefined()
    expect(last("tools", "selection.drop")).toMatchObject({ ids: ["b"] })
  },
  "label restyled": ({ context }) => {
    for (const s of context.store.all()) if (s.labelId === "l2") expect(s.color).toBe("#0000FF")
  },
  "label deleted": ({ context }) => expect([...context.store.all()].filter((s) => s.labelId === "l2")).toEqual([]),
  "label restored": ({ context }) => expect(context.store.get("d")?.labelId).toBe("l2"),
  imported: ({ context }) => {
    expect(context.store.get("i")).toBeDefined()
    expect(last("labels", "labels.loaded")).toMatchObject({ labels: [{ id: "l1" }, { id: "l3" }] })
  },
  "update a": () => expect(last("edits", "edit.update")).toMatchObject({ from: A }),
  "remove a": () => {
    expect(last("edits", "edit.delete")).toMatchObject({ shape: A })
    expect(last("tools", "selection.drop")).toMatchObject({ ids: ["a"] })
  },
  // A locked one stays, and the user is told (the server would answer 409).
  "remove locked c": (_, __, emitted) => {
    expect(emitted).toEqual([{ type: "notice.locked", count: 1 }])
    expect(fresh("edits", "edit.delete")).toEqual([])
  },
  "relabel a": () => expect(last("edits", "edit.update")).toMatchObject({ to: { labelId: "l2" } }),
  "name a": () => expect(last("edits", "edit.update")).toMatchObject({ to: { props: { name: "Nest" } } }),
  "relabel a and d": () => expect(last("edits", "edit.group")?.changes).toMatchObject([{ from: A, to: { labelId: "l2" } }]),
  "remove draft": () => expect(last("drafts", "draft.remove")).toMatchObject({ id: "x" }),
  // What a Delete takes: a reviewer's own unlocked a; c (locked) and d (Grace's) stay, counted.
  delete: ({ context }, _, emitted) => {
    expect(last("tools", "selection.delete")).toEqual(
      context.editor.canEdit ? { type: "selection.delete", ids: ["a"], kept: 1 } : { type: "selection.delete", ids: [], kept: 3 }
    )
    expect(emitted).toEqual(context.editor.canEdit ? [{ type: "notice.locked", count: 1 }] : [])
  },
  "live delete of b": ({ context }, before) => {
    if (before.editor.canEdit) expect(context.store.get("b")).toBeUndefined()
  },
  "grace is here": ({ context }) => expect(context.viewers).toEqual([{ id: "u2", name: "Grace", email: "" }]),
  redo: () => expect(fresh("edits", "history.redo")).toHaveLength(1),
  "saving starts": ({ context }) => expect(context.saving).toBe(true),
  "saving ends": ({ context }, before) => {
    expect(context.saving).toBe(false)
    // The undo asked while the shape was on its way is done now.
    expect(fresh("edits", "history.undo")).toHaveLength(before.undoAfterSave ? 1 : 0)
  }
}

const model = modelFor({
  machine: workspaceMachine,
  promiseActors: ["reread"],
  provide: {
    actors: {
      relay: silent,
      connection: silent,
      channel,
      tools: stub("tools"),
      edits: stub("edits"),
      drafts: stub("drafts"),
      labels: stub("labels"),
      loader: stub("loader")
    }
  } as never,
  // Read once for the model and once for each run: every run starts from a store of a, b, c and d.
  get input() {
    return inputOf()
  },
  events: events as unknown as Record<string, WorkspaceEvent>,
  distinguish: ({ value, context }) => ({
    value,
    canEdit: context.editor.canEdit,
    nudging: context.nudging?.from.id ?? null,
    again: context.reread.next !== null,
    saving: context.saving,
    undo: context.undoAfterSave
  }),
  states: {
    feed: (actual, _, arrival) => {
      const before = arrival.before?.context
      if (before !== undefined) effects[arrival.via]?.(actual, before, arrival.emitted)
      marks = Object.fromEntries(Object.entries(sent).map(([child, events]) => [child, events.length]))
    },
    "feed.off": (actual, _, arrival) => {
      expect(actual.context.editor.canEdit).toBe(false)
      expect([...watching]).toEqual([])
      // The member and presence feeds are not heard by a visitor.
      if (arrival.via === "live delete of b") expect(actual.context.store.get("b")).toEqual(arrival.before?.context.store.get("b"))
    },
    "feed.on": (actual) => {
      expect(actual.context.editor.canEdit).toBe(true)
      expect([...watching].sort()).toEqual([labChannel("slide-1"), presenceChannel("slide-1")].sort())
    },
    "reread.reading": (actual, calls, arrival) => {
      expect(lastInput(calls, "reread")).toMatchObject({ labId: "slide-1", mode: actual.context.reread.mode })
      const fromIdle = arrival.before?.matches({ reread: "idle" })
      if (arrival.via === "live bulk too large" && fromIdle) expect(actual.context.reread.mode).toEqual({ kind: "all", prune: true })
      if (arrival.via === "live relabel too large" && fromIdle) expect(actual.context.reread.mode).toEqual({ kind: "header" })
      if (arrival.via === "live upload too large" && fromIdle)
        expect(actual.context.reread.mode).toEqual({ kind: "since", at: "2025-01-01T00:00:00.000Z" })
      // Asked again meanwhile: a whole read asked makes the next read whole (read-mode.ts combines the rest).
      if (arrival.via === "bulk named" && !fromIdle) expect(actual.context.reread.next?.kind).toBe("all")
    },
    "reread.idle": (actual, _, arrival) => {
      const { store } = actual.context
      if (arrival.via === "read") {
        // The read's version of a replaces ours; n arrives; b goes only when the read prunes.
        expect(store.get("a")?.version).toBe(2)
        expect(store.get("n")).toBeDefined()
        const mode = arrival.before?.context.reread.mode
        if (mode?.kind === "all" && mode.prune) expect(store.get("b")).toBeUndefined()
        else expect(store.get("b")).toEqual(arrival.before?.context.store.get("b"))
      }
      if (arrival.via === "read failed") expect(store.get("n")).toBeUndefined()
      if (arrival.via === "new shapes read") {
        // The new shape arrives; nothing the screen holds goes, whatever the read was asked for.
        expect(store.get("n")).toBeDefined()
        expect(store.get("b")).toEqual(arrival.before?.context.store.get("b"))
      }
      if (arrival.via === "header read") {
        // The relabel shows; nothing arrives or goes.
        expect(store.get("a")).toMatchObject({ labelId: "l2", version: A.version + 1, coords: A.coords })
        expect(store.get("n")).toBeUndefined()
        expect(store.get("b")).toEqual(arrival.before?.context.store.get("b"))
      }
    },
    "nudge.nudging": (actual, _, arrival) => {
      const { nudging, store } = actual.context
      expect(nudging).not.toBeNull()
      if (nudging === null) return
      // Shown at once, as far as the burst went from where it started; nothing saved of it yet, but
      // the burst of another shape before it was saved.
      if (arrival.via.startsWith("nudge")) expect(xOf(store.get(nudging.from.id))).toBeCloseTo((xOf(nudging.from) ?? 0) + nudging.dx)
      const saves = to("edits", "edit.update")
      const previous = arrival.before?.context.nudging
      const switched = previous !== undefined && previous !== null && previous.from.id !== nudging.from.id
      if (arrival.via.startsWith("nudge")) expect(saves.length - seenSaves).toBe(switched ? 1 : 0)
      if (switched) expect(saves.at(-1)?.from).toBe(previous.from)
      seenSaves = saves.length
    },
    "nudge.idle": (actual, _, arrival) => {
      expect(actual.context.nudging).toBeNull()
      const before = arrival.before?.context.nudging
      if (before !== undefined && before !== null) {
        // The burst was saved as one edit from where it started; an undo goes after it.
        if (arrival.via.startsWith("xstate.after")) expect(arrival.waited).toBe(NUDGE_SETTLE_MS)
        const saves = to("edits", "edit.update")
        expect(saves.length - seenSaves).toBe(1)
        const saved = saves.at(-1) as unknown as { from: Shape; to: Shape } | undefined
        expect(saved?.from).toBe(before.from)
        expect(xOf(saved?.to)).toBeCloseTo((xOf(before.from) ?? 0) + before.dx)
      }
      if (arrival.via === "undo") {
        if (arrival.before?.context.saving) expect(actual.context.undoAfterSave).toBe(true)
        else expect(sent.edits?.at(-1)?.type).toBe("history.undo")
      }
      seenSaves = to("edits", "edit.update").length
    }
  }
})

describe("annotation workspace model", () => {
  it.each(model.paths.map((path) => [path.description, path] as const))("%s", async (_, path) => {
    await path.run()
  })
  // Replays every path to collect what they reach: a second on this machine alone, past the default
  // 5 s when the CI machine runs the server suites beside it.
  it("the paths cover every state and every transition", async () => {
    expect(await model.coverage()).toEqual({ missingStates: [], missingTransitions: [], uncheckedStates: [] })
  }, 60_000)
})

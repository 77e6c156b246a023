// The workspace's invoked actors: what it hears from outside itself, each stopped with the state that
// runs it (a callback actor's cleanup removes every listener it added).
//
//   relay       the children's emitted events (and the changes of their snapshots the workspace
//               acts on) handed to the workspace as its own events, under the same type names
//   connection  the browser's online flag and whether the realtime connection is live
//   channel     one realtime channel's messages (the slide's lab channel: the live feed; its
//               presence channel: who else is here), watched through the app's realtime actor
//   reread      the slide's compact read (an Effect program), when a live change did not fit in its
//               message; its header alone for a relabel or hide, unless the header names shapes this
//               screen does not hold as they were (then the whole read after all)
import type { Heard, HeardKind } from "../../../effects/realtime/heard.ts"
import { type AnyActorRef, fromCallback } from "xstate"
import type { Label } from "../../../contract/annotations.ts"
import { Effect } from "effect"
import type { CompactAnnotations } from "../../../annotation/compact.ts"
import { changesOfHeader } from "../../../annotation/store/header-changes.ts"
import type { Shape } from "../../../annotation/store/shape.ts"
import { readCompact, readCompactHeader } from "../../../effects/annotations/loadSave.ts"
import type { ReadMode } from "../../../effects/annotations/read-mode.ts"
import { fromEffect } from "../../support/fromEffect.ts"
import { liveStatusOf } from "../../realtime/realtime.machine.ts"
import type { WorkspaceContext, WorkspaceEvent } from "./types.ts"

/** The emitted events of each child the workspace acts on. */
const RELAYED = {
  tools: [
    "annotation.saved",
    "annotation.failed",
    "annotation.drafted",
    "edit.commit",
    "edit.brush",
    "edit.translate",
    "selection.deleted"
  ],
  edits: ["edits.show", "edits.revert", "edits.conflict", "edits.failed"],
  drafts: ["drafts.synced"],
  labels: ["label.updated", "label.deleted", "label.restored"]
} as const

type Children = Pick<WorkspaceContext, "tools" | "edits" | "drafts" | "labels" | "loader">

export const relay = fromCallback<WorkspaceEvent, Children>(({ input, sendBack }) => {
  const subscriptions = (Object.keys(RELAYED) as Array<keyof typeof RELAYED>).flatMap((child) =>
    RELAYED[child].map((type) => (input[child] as AnyActorRef).on(type, (event: WorkspaceEvent) => sendBack(event)))
  )
  // The tools start saving a new shape, and settle (no save under way): an undo asked meanwhile may go.
  let busy = false
  const saving = () => {
    const now = input.tools.getSnapshot().hasTag("busy")
    if (now !== busy) sendBack({ type: now ? "tools.saving" : "tools.settled" })
    busy = now
  }
  saving()
  subscriptions.push(input.tools.subscribe(saving))
  // The labels list or the active one changed: the tools and the drafts take the label they draw with.
  let labels: ReadonlyArray<Label> | null = null
  let activeId: string | null | undefined
  const labelsChanged = () => {
    const { context } = input.labels.getSnapshot()
    if (context.labels === labels && context.activeId === activeId) return
    labels = context.labels
    activeId = context.activeId
    sendBack({ type: "labels.changed", labels: context.labels, activeId: context.activeId })
  }
  labelsChanged()
  subscriptions.push(input.labels.subscribe(labelsChanged))
  // The slide's annotations arrived (again, after a retry).
  let loaded = input.loader.getSnapshot().context.loaded
  subscriptions.push(
    input.loader.subscribe((snapshot) => {
      if (snapshot.context.loaded === loaded || snapshot.context.loaded === null) return
      loaded = snapshot.context.loaded
      sendBack({ type: "loader.loaded", loaded })
    })
  )
  // The offline drafts changed: the store shows them.
  let drafts = input.drafts.getSnapshot().context.drafts
  subscriptions.push(
    input.drafts.subscribe((snapshot) => {
      if (snapshot.context.drafts === drafts) return
      drafts = snapshot.context.drafts
      sendBack({ type: "drafts.changed" })
    })
  )
  return () => {
    for (const subscription of subscriptions) subscription.unsubscribe()
  }
})

/** The browser's online flag, and the realtime connection going live or not. */
export const connection = fromCallback<WorkspaceEvent, AnyActorRef | null>(({ input: realtime, sendBack }) => {
  const online = () => sendBack({ type: "connection.online", online: navigator.onLine })
  window.addEventListener("online", online)
  window.addEventListener("offline", online)
  let live: boolean | null = null
  const watch = realtime?.subscribe((snapshot) => {
    const now = liveStatusOf(snapshot) === "live"
    if (now !== live) sendBack({ type: "connection.live", live: now })
    live = now
  })
  if (realtime !== null) {
    live = liveStatusOf(realtime.getSnapshot()) === "live"
    sendBack({ type: "connection.live", live })
  }
  return () => {
    window.removeEventListener("online", online)
    window.removeEventListener("offline", online)
    watch?.unsubscribe()
  }
})

export interface ChannelInput {
  readonly realtime: AnyActorRef | null
  readonly channel: string
  /** The messages listened to (src/effects/realtime/heard.ts), each handed over decoded... */
  readonly kinds: ReadonlyArray<HeardKind>
  /** ...as this event. */
  readonly as: "live.message" | "presence.message"
}

/**
 * One realtime channel while the state that invokes it lasts: the realtime actor opens the channel
 * for its first watcher and closes it after the last (as useChannel does for a component).
 */
export const channel = fromCallback<WorkspaceEvent, ChannelInput>(({ input, sendBack }) => {
  const { realtime } = input
  if (realtime === null) return () => undefined
  realtime.send({ type: "realtime.watch", channel: input.channel })
  const messages = input.kinds.map((kind) =>
    realtime.on(`realtime.${kind}`, (heard: Heard) => {
      if (heard.channel === input.channel) sendBack({ type: input.as, heard })
    })
  )
  return () => {
    for (const subscription of messages) subscription.unsubscribe()
    realtime.send({ type: "realtime.unwatch", channel: input.channel })
  }
})

/** What the re-read brings: the whole slide, shapes created since a time, or the held shapes a header changed. */
export type Reread =
  | { readonly kind: "all"; readonly all: CompactAnnotations }
  | { readonly kind: "since"; readonly all: CompactAnnotations }
  | { readonly kind: "header"; readonly upsert: ReadonlyArray<Shape> }

export interface RereadInput {
  readonly labId: string
  readonly mode: ReadMode
  readonly held: (id: string) => Shape | undefined
}

const readAll = (labId: string) => readCompact(labId).pipe(Effect.map((all): Reread => ({ kind: "all", all })))

export const reread = fromEffect(({ labId, mode, held }: RereadInput) => {
  switch (mode.kind) {
    case "all":
      return readAll(labId)
    case "since":
      return readCompact(labId, mode.at).pipe(Effect.map((all): Reread => ({ kind: "since", all })))
    case "header":
      return readCompactHeader(labId).pipe(
        Effect.flatMap((header) => {
          const changes = changesOfHeader(header, held)
          return changes.missing > 0 ? readAll(labId) : Effect.succeed<Reread>({ kind: "header", upsert: changes.upsert })
        })
      )
  }
})

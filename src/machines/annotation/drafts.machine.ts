// Shapes drawn while the server could not be reached (offline, or a save that failed for want of a
// network), kept on this device until they are uploaded:
//
//   loading --listed--> waiting                     the slide's drafts from IndexedDB
//   waiting --(none)--> empty, --(can sync)--> syncing
//   empty   --draft.add--> waiting
//   syncing --uploaded--> waiting (the uploaded ones forgotten); --network failure--> waiting, held
//           until the connection changes; --refused (4xx)--> refused, until drafts.retry
//
// "Can sync" is: the browser is online, the realtime connection is up (so the shapes that arrive
// are seen live), and no failure holds the drafts back. Every draft is uploaded in one bulk POST with
// its client id: a retry after a lost answer creates nothing twice.
//
// Actions only assign and emit: the machine emits drafts.put, drafts.delete and drafts.clear, and its
// invoked `keeper` writes IndexedDB (fromEffectInbox), one command after another.
import { Effect } from "effect"
import { assign, emit, setup } from "xstate"
import type { Annotation, Label } from "../../contract/annotations.ts"
import { type Draft, DraftStore } from "../../effects/annotations/DraftStore.ts"
import type { AppFailure } from "../../effects/AppFailure.ts"
import {
  type DraftCommand,
  listDrafts,
  type UploadInput,
  type Uploaded,
  uploadDrafts,
  writeDrafts
} from "../../effects/annotations/drafts.ts"
import { failureFrom, fromEffect, fromEffectInbox } from "../support/fromEffect.ts"

export type DraftsEvent =
  | { readonly type: "draft.add"; readonly draft: Draft }
  | { readonly type: "draft.update"; readonly id: string; readonly coords: ReadonlyArray<number> }
  | { readonly type: "draft.relabel"; readonly id: string; readonly label: Draft["label"] }
  | { readonly type: "draft.remove"; readonly id: string }
  | { readonly type: "drafts.clear" }
  /** The browser's online flag and the realtime connection, whenever either changes. */
  | { readonly type: "connection.change"; readonly online: boolean; readonly connected: boolean }
  /** The slide's first label now (drafts without one are tagged with it when uploaded). */
  | { readonly type: "drafts.label"; readonly label: Pick<Label, "id" | "name"> | null }
  | { readonly type: "drafts.retry" }

export type DraftsEmitted =
  | DraftCommand
  /** The server holds these now: the view puts them in its store in place of the drafts. */
  | { readonly type: "drafts.synced"; readonly annotations: ReadonlyArray<Annotation>; readonly label: Label | null }

export interface DraftsInput {
  readonly labId: string
  readonly defaultLabel: string
  readonly online?: boolean
  readonly connected?: boolean
}

export interface DraftsContext {
  readonly labId: string
  readonly defaultLabel: string
  readonly label: Pick<Label, "id" | "name"> | null
  /** Oldest first. */
  readonly drafts: ReadonlyArray<Draft>
  readonly online: boolean
  readonly connected: boolean
  /** A failed upload holds the drafts back until the connection changes (no retry storm). */
  readonly held: boolean
  readonly error: AppFailure | null
}

const isRetryable = (error: AppFailure): boolean => {
  // A 409 reported as ServerError (an id reused for other content) is a refusal, not an outage.
  return error._tag === "NetworkError" || error._tag === "DecodeError" || (error._tag === "ServerError" && !(error.status < 500))
}

const keeper = fromEffectInbox<DraftCommand>(["drafts.put", "drafts.delete", "drafts.clear"], (command) =>
  writeDrafts(command).pipe(
    Effect.catch((error) => Effect.logWarning("an annotation draft could not be written", error)),
    Effect.provide(DraftStore.layer)
  )
)

const actors = {
  list: fromEffect((labId: string) => listDrafts(labId).pipe(Effect.provide(DraftStore.layer))),
  upload: fromEffect((input: UploadInput) => uploadDrafts(input)),
  keeper
}

export const draftsMachine = setup({
  types: {
    context: {} as DraftsContext,
    events: {} as DraftsEvent,
    input: {} as DraftsInput,
    emitted: {} as DraftsEmitted
  },
  actors,
  guards: {
    none: ({ context }) => context.drafts.length === 0,
    some: ({ context }) => context.drafts.length > 0,
    canSync: ({ context }) => context.drafts.length > 0 && context.online && context.connected && !context.held,
    retryable: (_, error: AppFailure) => isRetryable(error)
  },
  actions: {
    /** The stored drafts, and any added before they were read. */
    merge: assign(({ context }, listed: ReadonlyArray<Draft>) => ({
      drafts: [...listed.filter((draft) => !context.drafts.some((d) => d.id === draft.id)), ...context.drafts]
    })),
    add: assign(({ context, event }) =>
      event.type === "draft.add" ? { drafts: [...context.drafts.filter((d) => d.id !== event.draft.id), event.draft], held: false } : {}
    ),
    update: assign(({ context, event }) =>
      event.type === "draft.update" ? { drafts: context.drafts.map((d) => (d.id === event.id ? { ...d, coords: event.coords } : d)) } : {}
    ),
    relabel: assign(({ context, event }) =>
      event.type === "draft.relabel" ? { drafts: context.drafts.map((d) => (d.id === event.id ? { ...d, label: event.label } : d)) } : {}
    ),
    remove: assign(({ context, event }) =>
      event.type === "draft.remove" ? { drafts: context.drafts.filter((d) => d.id !== event.id) } : {}
    ),
    clearAll: assign({ drafts: [] }),
    /** Writes the draft the event changed, as it is now. */
    put: emit(({ context, event }) => {
      const id = event.type === "draft.add" ? event.draft.id : "id" in event ? event.id : ""
      return { type: "drafts.put" as const, drafts: context.drafts.filter((d) => d.id === id) }
    }),
    forgetOne: emit(({ event }) => ({ type: "drafts.delete" as const, ids: event.type === "draft.remove" ? [event.id] : [] })),
    forgetAll: emit(({ context }) => ({ type: "drafts.clear" as const, labId: context.labId })),
    connection: assign(({ event }) =>
      event.type === "connection.change" ? { online: event.online, connected: event.connected, held: false } : {}
    ),
    setLabel: assign(({ event }) => (event.type === "drafts.label" ? { label: event.label } : {})),
    uploaded: assign(({ context }, output: Uploaded) => ({
      drafts: context.drafts.filter((d) => !output.ids.includes(d.id)),
      error: null
    })),
    forgetUploaded: emit((_, output: Uploaded) => ({ type: "drafts.delete" as const, ids: output.ids })),
    synced: emit((_, output: Uploaded) => ({ type: "drafts.synced" as const, annotations: output.annotations, label: output.label })),
    hold: assign((_, error: AppFailure) => ({ held: true, error })),
    keepError: assign((_, error: AppFailure) => ({ error })),
    unhold: assign({ held: false, error: null })
  }
}).createMachine({
  id: "annotationDrafts",
  context: ({ input }) => ({
    labId: input.labId,
    defaultLabel: input.defaultLabel,
    label: null,
    drafts: [],
    online: input.online ?? true,
    connected: input.connected ?? false,
    held: false,
    error: null
  }),
  invoke: { id: "keeper", src: "keeper", input: ({ self }) => self },
  on: {
    "draft.add": { actions: ["add", "put"] },
    "draft.update": { actions: ["update", "put"] },
    "draft.relabel": { actions: ["relabel", "put"] },
    "draft.remove": { actions: ["remove", "forgetOne"] },
    "drafts.clear": { actions: ["clearAll", "forgetAll"] },
    "connection.change": { actions: "connection" },
    "drafts.label": { actions: "setLabel" }
  },
  initial: "loading",
  states: {
    loading: {
      invoke: {
        id: "list",
        src: "list",
        input: ({ context }) => context.labId,
        onDone: { target: "waiting", actions: { type: "merge", params: ({ event }) => event.output } },
        // Without IndexedDB (a private window) drafts still live as long as the page.
        onError: { target: "waiting", actions: { type: "keepError", params: failureFrom(actors.list) } }
      }
    },
    empty: { always: { guard: "some", target: "waiting" } },
    waiting: {
      always: [
        { guard: "none", target: "empty" },
        { guard: "canSync", target: "syncing" }
      ]
    },
    syncing: {
      tags: ["busy"],
      invoke: {
        id: "upload",
        src: "upload",
        input: ({ context }): UploadInput => ({
          labId: context.labId,
          drafts: context.drafts,
          defaultLabel: context.defaultLabel,
          label: context.label
        }),
        onDone: {
          target: "waiting",
          actions: [
            { type: "uploaded", params: ({ event }) => event.output },
            { type: "forgetUploaded", params: ({ event }) => event.output },
            { type: "synced", params: ({ event }) => event.output }
          ]
        },
        onError: [
          {
            guard: { type: "retryable", params: failureFrom(actors.upload) },
            target: "waiting",
            actions: { type: "hold", params: failureFrom(actors.upload) }
          },
          { target: "refused", actions: { type: "keepError", params: failureFrom(actors.upload) } }
        ]
      }
    },
    /** The server refused the upload (a 4xx): the drafts stay, and the user may try again or drop them. */
    refused: {
      always: { guard: "none", target: "empty" },
      on: { "drafts.retry": { target: "syncing", actions: "unhold" } }
    }
  }
})

// Importing a QuPath GeoJSON or W3C file into a slide, in two steps so that nothing is stored before
// the user has seen what will be: the file is read into a preview (shapes per class, what is skipped
// or changed and why, what lies outside the image, which classes here have another colour, how many
// shapes update an earlier import and how many are new); the user chooses, for each differing colour,
// ours or the file's, then imports (shapes of an earlier import updated), imports as copies (every
// shape new), or cancels. A failed read or store is reported and the flow can start again.
//
// The view gives the slide as it is when the file is chosen (labels, the ids of its shapes, the image
// size) and applies what `import.done` reports: the stored shapes to the annotation store, the labels
// made or recoloured to the labels flow (src/views/slide/annotation/import/useImport.ts).
import { assign, type ErrorActorEvent, emit, setup } from "xstate"
import { asCopies, type ImportPreview } from "../../annotation/interchange/import-preview.ts"
import type { AppFailure } from "../../effects/AppFailure.ts"
import {
  type ImportResult,
  type ImportUnreadable,
  type ReadInput,
  readImport,
  type StoreInput,
  storeImport
} from "../../effects/annotations/import.ts"
import { failureFrom, fromEffect } from "../support/fromEffect.ts"

export type ImportFailure = AppFailure | ImportUnreadable

export interface ImportInput {
  readonly labId: string
  /** Ids of shapes the file does not name, and of copies (crypto.randomUUID; fixed in tests). */
  readonly newId?: () => string
}

export interface ImportContext {
  readonly labId: string
  readonly newId: () => string
  readonly preview: ImportPreview | null
  /** The slide's labels whose colour the user chose to take from the file. */
  readonly takeColours: ReadonlyArray<string>
  readonly copies: boolean
  readonly result: ImportResult | null
  readonly failed: { readonly stage: "read" | "store"; readonly error: ImportFailure } | null
}

export type ImportEvent =
  | ({ readonly type: "import.file" } & Omit<ReadInput, "labId" | "newId">)
  | { readonly type: "import.colour"; readonly labelId: string; readonly take: "ours" | "file" }
  | { readonly type: "import.confirm"; readonly copies: boolean }
  | { readonly type: "import.cancel" }

export type ImportEmitted =
  | ({ readonly type: "import.done" } & ImportResult)
  | { readonly type: "import.failed"; readonly stage: "read" | "store"; readonly error: ImportFailure }

const actors = {
  read: fromEffect((input: ReadInput) => readImport(input)),
  store: fromEffect((input: StoreInput) => storeImport(input))
}

const failure =
  (stage: "read" | "store", logic: (typeof actors)[keyof typeof actors]) =>
  ({ event }: { readonly event: ErrorActorEvent }) => ({ stage, error: failureFrom(logic)({ event }) as ImportFailure })

export const importMachine = setup({
  types: {
    context: {} as ImportContext,
    events: {} as ImportEvent,
    input: {} as ImportInput,
    emitted: {} as ImportEmitted
  },
  actors,
  guards: {
    /** A preview with something to store. */
    storable: ({ context }) => (context.preview?.shapes.length ?? 0) > 0,
    /** A colour the preview found different. */
    differs: ({ context, event }) =>
      event.type === "import.colour" && (context.preview?.colours.some((c) => c.labelId === event.labelId) ?? false)
  },
  actions: {
    start: assign({ preview: null, takeColours: [], copies: false, result: null, failed: null }),
    previewed: assign((_, preview: ImportPreview) => ({ preview })),
    choose: assign(({ context, event }) => {
      if (event.type !== "import.colour") return {}
      const others = context.takeColours.filter((id) => id !== event.labelId)
      return { takeColours: event.take === "file" ? [...others, event.labelId] : others }
    }),
    confirm: assign(({ event }) => (event.type === "import.confirm" ? { copies: event.copies } : {})),
    forget: assign({ preview: null, takeColours: [] }),
    stored: assign((_, result: ImportResult) => ({ result, preview: null })),
    emitDone: emit((_, result: ImportResult) => ({ type: "import.done" as const, ...result })),
    fail: assign((_, failed: NonNullable<ImportContext["failed"]>) => ({ failed })),
    emitFailed: emit((_, failed: NonNullable<ImportContext["failed"]>) => ({ type: "import.failed" as const, ...failed }))
  }
}).createMachine({
  id: "import",
  context: ({ input }) => ({
    labId: input.labId,
    newId: input.newId ?? (() => crypto.randomUUID()),
    preview: null,
    takeColours: [],
    copies: false,
    result: null,
    failed: null
  }),
  initial: "idle",
  states: {
    idle: { on: { "import.file": { target: "reading", actions: "start" } } },
    reading: {
      tags: ["busy"],
      invoke: {
        id: "read",
        src: "read",
        input: ({ context, event }): ReadInput =>
          event.type === "import.file"
            ? {
                labId: context.labId,
                newId: context.newId,
                text: event.text,
                labels: event.labels,
                existing: event.existing,
                image: event.image
              }
            : { labId: context.labId, newId: context.newId, text: "", labels: [], existing: [], image: null },
        onDone: { target: "previewing", actions: { type: "previewed", params: ({ event }) => event.output } },
        onError: {
          target: "failed",
          actions: [
            { type: "fail", params: failure("read", actors.read) },
            { type: "emitFailed", params: failure("read", actors.read) }
          ]
        }
      },
      on: { "import.cancel": { target: "idle", actions: "forget" } }
    },
    /** The dialog: the preview, the colour choices, Import, Import as copies, Cancel. Nothing stored yet. */
    previewing: {
      on: {
        "import.colour": { guard: "differs", actions: "choose" },
        "import.confirm": { guard: "storable", target: "importing", actions: "confirm" },
        "import.cancel": { target: "idle", actions: "forget" }
      }
    },
    importing: {
      tags: ["busy"],
      invoke: {
        id: "store",
        src: "store",
        input: ({ context }): StoreInput => {
          const preview = context.preview!
          return {
            labId: context.labId,
            preview: context.copies ? asCopies(preview, context.newId) : preview,
            takeColours: context.takeColours
          }
        },
        onDone: {
          target: "done",
          actions: [
            { type: "stored", params: ({ event }) => event.output },
            { type: "emitDone", params: ({ event }) => event.output }
          ]
        },
        onError: {
          target: "failed",
          actions: [
            { type: "fail", params: failure("store", actors.store) },
            { type: "emitFailed", params: failure("store", actors.store) }
          ]
        }
      }
    },
    done: { on: { "import.file": { target: "reading", actions: "start" } } },
    failed: { on: { "import.file": { target: "reading", actions: "start" } } }
  }
})

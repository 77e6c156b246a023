// The saver, beside the tools: the queue of finished shapes, sent one at a time, in order, so the
// slide's first label is made once however fast the user clicks. Each queued shape shows as pending
// until the server has it; no network hands it over as an offline draft (drafts.machine.ts).
import { assign, emit } from "xstate"
import type { Annotation, Label } from "../../../contract/annotations.ts"
import { failureFrom } from "../../support/fromEffect.ts"
import type { SaveInput } from "../../../effects/annotations/loadSave.ts"
import type { AppFailure } from "../../../effects/AppFailure.ts"
import { actors, type GuardArgs, toolsSetup } from "./base.ts"
import type { ToolsContext, ToolsEmitted, ToolsEvent } from "./types.ts"

type Saved = { annotation: Annotation; label: Label | null }

export const saverGuards = {
  queued: ({ context }: GuardArgs) => context.queue.length > 0,
  offline: (_: GuardArgs, error: AppFailure) => error._tag === "NetworkError"
}

export const saverActions = {
  saved: emit<ToolsContext, ToolsEvent, Saved, ToolsEvent, ToolsEmitted>((_, output) => ({ type: "annotation.saved", ...output })),
  /** The first save is over. A label it made is the one new shapes, and those queued without one, carry. */
  dequeue: assign<ToolsContext, ToolsEvent, { label: Label | null } | undefined, ToolsEvent, never>(({ context }, output) => {
    const made = output?.label ?? null
    const rest = context.queue.slice(1)
    if (made === null) return { queue: rest }
    // The label a comment made is the comments' label; any other is the one shapes take.
    const forComments = context.queue[0]?.comment !== undefined
    const patched = rest.map((input) =>
      input.label === null && (input.comment !== undefined) === forComments ? { ...input, label: made } : input
    )
    return forComments ? { commentLabel: made, queue: patched } : { label: made, queue: patched }
  }),
  failed: emit<ToolsContext, ToolsEvent, AppFailure, ToolsEvent, ToolsEmitted>((_, error) => ({ type: "annotation.failed", error })),
  drafted: toolsSetup.emit(({ context }) => ({ type: "annotation.drafted" as const, input: context.queue[0]! })),
  keepError: assign<ToolsContext, ToolsEvent, AppFailure, ToolsEvent, never>((_, error) => ({ error }))
}

export const saver = {
  initial: "idle",
  states: {
    idle: { always: { guard: "queued", target: "saving" } },
    saving: {
      tags: ["busy"],
      invoke: {
        id: "save",
        src: "save",
        input: ({ context }: { context: ToolsContext }): SaveInput => context.queue[0]!,
        onDone: {
          target: "idle",
          actions: [
            { type: "saved", params: ({ event }: { event: { output: Saved } }) => event.output },
            { type: "dequeue", params: ({ event }: { event: { output: Saved } }) => event.output }
          ]
        },
        onError: [
          {
            guard: { type: "offline", params: failureFrom(actors.save) },
            target: "idle",
            actions: ["drafted", { type: "dequeue", params: undefined }]
          },
          {
            target: "idle",
            actions: [
              { type: "failed", params: failureFrom(actors.save) },
              { type: "keepError", params: failureFrom(actors.save) },
              { type: "dequeue", params: undefined }
            ]
          }
        ]
      }
    }
  }
} as const

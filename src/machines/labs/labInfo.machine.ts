// The right-hand info panel of one lab: its details, metadata and access. Owners and admins switch
// public access (the metadata entry "mylab-is_public") and add, edit or remove metadata entries; each
// change answers the panel as the server now sees it. A change is emitted so the list shows it too.
import { assertEvent, assign, emit, setup } from "xstate"
import { type LabInfo, PUBLIC_KEY } from "../../contract/labs.ts"
import type { AppFailure } from "../../effects/AppFailure.ts"
import { present } from "../../effects/Catalogue.ts"
import { type Failure, failureOf } from "../../effects/labs/failures.ts"
import { loadLabInfo } from "../../effects/labs/info.ts"
import { type MetadataChange, removeMetadata, saveMetadata, setPublic } from "../../effects/labs/metadata.ts"
import { type FieldNotices, noFieldNotices } from "../../effects/Notice.ts"
import { failureFrom, fromEffect } from "../support/fromEffect.ts"
import { can } from "../../contract/permissions.ts"

export interface LabInfoContext {
  readonly labId: string
  readonly info: LabInfo | null
  /** Problems of the metadata entry being written. */
  readonly fields: FieldNotices
  readonly error: Failure | null
}

export type LabInfoEvent =
  | { readonly type: "info.retry" }
  | { readonly type: "info.reload" }
  | { readonly type: "info.setPublic"; readonly isPublic: boolean }
  | { readonly type: "info.saveEntry"; readonly entry: MetadataChange }
  | { readonly type: "info.removeEntry"; readonly id: string }

export type LabInfoEmitted = { readonly type: "info.changed"; readonly info: LabInfo }

const entryProblems = (entry: MetadataChange): FieldNotices | null => {
  const fields: Record<string, ReadonlyArray<{ key: string }>> = {}
  if (entry.name.trim() === "") fields.name = [{ key: "validation.required" }]
  else if (entry.name.trim() === PUBLIC_KEY) fields.name = [{ key: "labs.validation.reservedKey" }]
  if (entry.value.trim() === "") fields.value = [{ key: "validation.required" }]
  return Object.keys(fields).length === 0 ? null : fields
}

const trimmed = (entry: MetadataChange): MetadataChange => ({ ...entry, name: entry.name.trim(), value: entry.value.trim() })

const actors = {
  load: fromEffect((labId: string) => loadLabInfo(labId)),
  reload: fromEffect((labId: string) => loadLabInfo(labId)),
  publish: fromEffect((input: { readonly labId: string; readonly isPublic: boolean }) => setPublic(input.labId, input.isPublic)),
  saveEntry: fromEffect((input: { readonly labId: string; readonly entry: MetadataChange }) => saveMetadata(input.labId, input.entry)),
  removeEntry: fromEffect((input: { readonly labId: string; readonly id: string }) => removeMetadata(input.labId, input.id))
}

export const labInfoMachine = setup({
  types: {
    context: {} as LabInfoContext,
    events: {} as LabInfoEvent,
    input: {} as { readonly labId: string },
    emitted: {} as LabInfoEmitted
  },
  actors,
  guards: {
    mayPublish: ({ context }) => can(context.info?.role ?? null, "lab.publish"),
    entryInvalid: ({ event }) => event.type === "info.saveEntry" && entryProblems(event.entry) !== null
  },
  actions: {
    show: assign((_, info: LabInfo) => ({ info, error: null, fields: noFieldNotices })),
    announce: emit((_, info: LabInfo) => ({ type: "info.changed", info }) as const),
    showFailure: assign((_, error: AppFailure) => ({ error: failureOf("info", error) })),
    showPublishFailure: assign((_, error: AppFailure) => ({ error: failureOf("publish", error) })),
    showEntryFailure: assign((_, error: AppFailure) => ({ error: failureOf("metadata", error), fields: present(error).fields })),
    rejectEntry: assign(({ event }) => {
      assertEvent(event, "info.saveEntry")
      return { fields: entryProblems(event.entry) ?? noFieldNotices, error: null }
    }),
    clearMessages: assign({ fields: noFieldNotices, error: null })
  }
}).createMachine({
  id: "labInfo",
  context: ({ input }) => ({ labId: input.labId, info: null, fields: noFieldNotices, error: null }),
  initial: "loading",
  states: {
    loading: {
      tags: ["busy"],
      invoke: {
        id: "load",
        src: "load",
        input: ({ context }) => context.labId,
        onDone: { target: "showing", actions: { type: "show", params: ({ event }) => event.output } },
        onError: { target: "failed", actions: { type: "showFailure", params: failureFrom(actors.load) } }
      }
    },
    failed: {
      on: { "info.retry": "loading" }
    },
    showing: {
      initial: "idle",
      states: {
        idle: {
          on: {
            "info.reload": "reloading",
            "info.setPublic": { guard: "mayPublish", target: "publishing", actions: "clearMessages" },
            "info.saveEntry": [
              { guard: "entryInvalid", actions: "rejectEntry" },
              { guard: "mayPublish", target: "savingEntry", actions: "clearMessages" }
            ],
            "info.removeEntry": { guard: "mayPublish", target: "removingEntry", actions: "clearMessages" }
          }
        },
        /** Asked again (the lab changed elsewhere) while the panel stays as it is. */
        reloading: {
          invoke: {
            id: "reload",
            src: "reload",
            input: ({ context }) => context.labId,
            onDone: { target: "idle", actions: { type: "show", params: ({ event }) => event.output } },
            onError: { target: "idle" }
          }
        },
        publishing: {
          tags: ["busy", "publishing"],
          invoke: {
            id: "publish",
            src: "publish",
            input: ({ context, event }) => {
              assertEvent(event, "info.setPublic")
              return { labId: context.labId, isPublic: event.isPublic }
            },
            onDone: {
              target: "idle",
              actions: [
                { type: "show", params: ({ event }) => event.output },
                { type: "announce", params: ({ event }) => event.output }
              ]
            },
            onError: { target: "idle", actions: { type: "showPublishFailure", params: failureFrom(actors.publish) } }
          }
        },
        savingEntry: {
          tags: ["busy", "savingEntry"],
          invoke: {
            id: "saveEntry",
            src: "saveEntry",
            input: ({ context, event }) => {
              assertEvent(event, "info.saveEntry")
              return { labId: context.labId, entry: trimmed(event.entry) }
            },
            onDone: { target: "idle", actions: { type: "show", params: ({ event }) => event.output } },
            onError: { target: "idle", actions: { type: "showEntryFailure", params: failureFrom(actors.saveEntry) } }
          }
        },
        removingEntry: {
          tags: ["busy"],
          invoke: {
            id: "removeEntry",
            src: "removeEntry",
            input: ({ context, event }) => {
              assertEvent(event, "info.removeEntry")
              return { labId: context.labId, id: event.id }
            },
            onDone: { target: "idle", actions: { type: "show", params: ({ event }) => event.output } },
            onError: { target: "idle", actions: { type: "showEntryFailure", params: failureFrom(actors.removeEntry) } }
          }
        }
      }
    }
  }
})

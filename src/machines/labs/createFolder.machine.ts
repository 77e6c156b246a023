// The New folder dialog: a name, checked when the field loses focus and on submit, and a location: the
// root ("Mylab") or the folder being browsed. On success the flow ends with the folder and whether it
// was created where the user is looking (then the list refreshes; otherwise a success toast says it was
// created).
import { assertEvent, assign, setup } from "xstate"
import type { CreatedLab, Crumb } from "../../contract/labs.ts"
import type { AppFailure } from "../../effects/AppFailure.ts"
import { createFolder } from "../../effects/labs/create.ts"
import { type Failure, failureOf } from "../../effects/labs/failures.ts"
import { type FieldNotices, noFieldNotices } from "../../effects/Notice.ts"
import { present } from "../../effects/Catalogue.ts"
import { failureFrom, fromEffect } from "../support/fromEffect.ts"
import { labNameProblems } from "./labName.ts"

export type FolderLocation = "root" | "current"

export interface CreateFolderInput {
  /** The folder being browsed, offered as the location; null at the root or in a list. */
  readonly current: Crumb | null
  /** The level the list on screen shows: a folder id, null for the root, undefined for other lists. */
  readonly level: string | null | undefined
}

export interface CreateFolderContext extends CreateFolderInput {
  readonly name: string
  readonly location: FolderLocation
  readonly fields: FieldNotices
  readonly error: Failure | null
  readonly created: CreatedLab | null
}

export interface CreateFolderOutput {
  readonly lab: CreatedLab
  /** Created at the level on screen: the list refreshes instead of a toast. */
  readonly atCurrentLevel: boolean
}

export type CreateFolderEvent =
  | { readonly type: "folder.name"; readonly name: string }
  | { readonly type: "folder.blur" }
  | { readonly type: "folder.location"; readonly location: FolderLocation }
  | { readonly type: "folder.submit" }

const parentOf = (context: CreateFolderContext): string | null =>
  context.location === "current" && context.current !== null ? context.current.id : null

const actors = {
  create: fromEffect((input: { readonly name: string; readonly parent: string | null }) => createFolder(input.name, input.parent))
}

export const createFolderMachine = setup({
  types: {
    context: {} as CreateFolderContext,
    events: {} as CreateFolderEvent,
    input: {} as CreateFolderInput,
    output: {} as CreateFolderOutput
  },
  actors,
  guards: {
    nameInvalid: ({ context }) => labNameProblems(context.name, true) !== null,
    canChooseCurrent: ({ context, event }) => event.type === "folder.location" && (event.location === "root" || context.current !== null)
  },
  actions: {
    setName: assign(({ context, event }) => {
      assertEvent(event, "folder.name")
      // A shown problem goes away as soon as the name is fixed; a new one waits for blur or submit.
      const stillWrong = context.fields.name !== undefined ? labNameProblems(event.name, true) : null
      return { name: event.name, fields: stillWrong ?? noFieldNotices }
    }),
    check: assign(({ context }) => ({ fields: labNameProblems(context.name, true) ?? noFieldNotices })),
    setLocation: assign(({ event }) => {
      assertEvent(event, "folder.location")
      return { location: event.location }
    }),
    clearMessages: assign({ fields: noFieldNotices, error: null }),
    showFailure: assign((_, error: AppFailure) => ({ fields: present(error).fields, error: failureOf("createFolder", error) })),
    keep: assign((_, lab: CreatedLab) => ({ created: lab }))
  }
}).createMachine({
  id: "createFolder",
  context: ({ input }) => ({
    ...input,
    name: "",
    location: input.current === null ? "root" : "current",
    fields: noFieldNotices,
    error: null,
    created: null
  }),
  initial: "editing",
  states: {
    editing: {
      on: {
        "folder.name": { actions: "setName" },
        "folder.blur": { actions: "check" },
        "folder.location": { guard: "canChooseCurrent", actions: "setLocation" },
        "folder.submit": [
          { guard: "nameInvalid", actions: "check" },
          { target: "creating", actions: "clearMessages" }
        ]
      }
    },
    creating: {
      tags: ["busy"],
      invoke: {
        id: "create",
        src: "create",
        input: ({ context }) => ({ name: context.name.trim(), parent: parentOf(context) }),
        onDone: { target: "created", actions: { type: "keep", params: ({ event }) => event.output } },
        onError: { target: "editing", actions: { type: "showFailure", params: failureFrom(actors.create) } }
      }
    },
    created: { type: "final" }
  },
  output: ({ context }) => {
    // Reached only with the created folder; the fallback satisfies the types.
    const lab = context.created as CreatedLab
    return { lab, atCurrentLevel: context.level !== undefined && (lab.parent?.id ?? null) === context.level }
  }
})

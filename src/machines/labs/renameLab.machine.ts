// The Rename dialog: a new name for one lab, checked on blur and on submit. Submitting the same name
// ends the flow without asking the server.
import { assertEvent, assign, setup } from "xstate"
import type { Lab } from "../../contract/labs.ts"
import type { AppFailure } from "../../effects/AppFailure.ts"
import { present } from "../../effects/Catalogue.ts"
import { type Failure, failureOf } from "../../effects/labs/failures.ts"
import { renameLab } from "../../effects/labs/update.ts"
import { type FieldNotices, noFieldNotices } from "../../effects/Notice.ts"
import { failureFrom, fromEffect } from "../support/fromEffect.ts"
import { labNameProblems } from "./labName.ts"

export interface RenameLabContext {
  readonly lab: Lab
  readonly name: string
  readonly fields: FieldNotices
  readonly error: Failure | null
  /** The server took the new name. */
  readonly renamed: boolean
}

export interface RenameLabOutput {
  readonly lab: Lab
  readonly renamed: boolean
}

export type RenameLabEvent =
  | { readonly type: "rename.name"; readonly name: string }
  | { readonly type: "rename.blur" }
  | { readonly type: "rename.submit" }

const actors = {
  rename: fromEffect((input: { readonly id: string; readonly name: string }) => renameLab(input.id, input.name))
}

export const renameLabMachine = setup({
  types: {
    context: {} as RenameLabContext,
    events: {} as RenameLabEvent,
    input: {} as { readonly lab: Lab },
    output: {} as RenameLabOutput
  },
  actors,
  guards: {
    nameInvalid: ({ context }) => labNameProblems(context.name, context.lab.is_dir) !== null,
    unchanged: ({ context }) => context.name.trim() === context.lab.name
  },
  actions: {
    setName: assign(({ context, event }) => {
      assertEvent(event, "rename.name")
      const stillWrong = context.fields.name !== undefined ? labNameProblems(event.name, context.lab.is_dir) : null
      return { name: event.name, fields: stillWrong ?? noFieldNotices }
    }),
    check: assign(({ context }) => ({ fields: labNameProblems(context.name, context.lab.is_dir) ?? noFieldNotices })),
    clearMessages: assign({ fields: noFieldNotices, error: null }),
    showFailure: assign(({ context }, error: AppFailure) => ({
      fields: present(error).fields,
      error: failureOf("rename", error, { isDir: context.lab.is_dir })
    })),
    keep: assign((_, lab: Lab) => ({ lab, renamed: true }))
  }
}).createMachine({
  id: "renameLab",
  context: ({ input }) => ({ lab: input.lab, name: input.lab.name, fields: noFieldNotices, error: null, renamed: false }),
  initial: "editing",
  states: {
    editing: {
      on: {
        "rename.name": { actions: "setName" },
        "rename.blur": { actions: "check" },
        "rename.submit": [
          { guard: "nameInvalid", actions: "check" },
          { guard: "unchanged", target: "unchanged" },
          { target: "renaming", actions: "clearMessages" }
        ]
      }
    },
    renaming: {
      tags: ["busy"],
      invoke: {
        id: "rename",
        src: "rename",
        input: ({ context }) => ({ id: context.lab.id, name: context.name.trim() }),
        onDone: { target: "renamed", actions: { type: "keep", params: ({ event }) => event.output } },
        onError: { target: "editing", actions: { type: "showFailure", params: failureFrom(actors.rename) } }
      }
    },
    renamed: { type: "final" },
    unchanged: { type: "final" }
  },
  output: ({ context }) => ({ lab: context.lab, renamed: context.renamed })
})

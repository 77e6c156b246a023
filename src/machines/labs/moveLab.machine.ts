// The Move dialog: the folder tree (Root first), a destination, and the move. The tree only offers
// destinations the server would accept: not where the lab already is, and for a folder not itself
// or anything inside it.
import { assertEvent, assign, setup } from "xstate"
import type { FolderNode, Lab } from "../../contract/labs.ts"
import type { AppFailure } from "../../effects/AppFailure.ts"
import { type Failure, failureOf } from "../../effects/labs/failures.ts"
import { loadFolderTree } from "../../effects/labs/dirs.ts"
import { moveLab } from "../../effects/labs/update.ts"
import { failureFrom, fromEffect } from "../support/fromEffect.ts"
import { targetProblem } from "./folderTree.ts"

/** No destination chosen yet; null is the root. */
export const NO_TARGET = undefined

export interface MoveLabContext {
  readonly lab: Lab
  readonly tree: ReadonlyArray<FolderNode>
  readonly target: string | null | undefined
  readonly error: Failure | null
}

export type MoveLabEvent =
  | { readonly type: "move.choose"; readonly target: string | null }
  | { readonly type: "move.submit" }
  | { readonly type: "move.retry" }

const actors = {
  tree: fromEffect(() => loadFolderTree()),
  move: fromEffect((input: { readonly id: string; readonly parent: string | null }) => moveLab(input.id, input.parent))
}

export const moveLabMachine = setup({
  types: {
    context: {} as MoveLabContext,
    events: {} as MoveLabEvent,
    input: {} as { readonly lab: Lab },
    output: {} as Lab
  },
  actors,
  guards: {
    acceptable: ({ context, event }) => {
      assertEvent(event, "move.choose")
      return targetProblem(context.tree, context.lab, event.target) === undefined
    },
    chosen: ({ context }) => context.target !== NO_TARGET
  },
  actions: {
    setTree: assign((_, tree: ReadonlyArray<FolderNode>) => ({ tree, error: null })),
    choose: assign(({ event }) => {
      assertEvent(event, "move.choose")
      return { target: event.target, error: null }
    }),
    showTreeFailure: assign((_, error: AppFailure) => ({ error: failureOf("folderTree", error) })),
    showFailure: assign(({ context }, error: AppFailure) => ({ error: failureOf("move", error, { isDir: context.lab.is_dir }) })),
    keep: assign((_, lab: Lab) => ({ lab }))
  }
}).createMachine({
  id: "moveLab",
  context: ({ input }) => ({ lab: input.lab, tree: [], target: NO_TARGET, error: null }),
  initial: "loadingTree",
  states: {
    loadingTree: {
      tags: ["busy"],
      invoke: {
        id: "tree",
        src: "tree",
        onDone: { target: "choosing", actions: { type: "setTree", params: ({ event }) => event.output } },
        onError: { target: "treeFailed", actions: { type: "showTreeFailure", params: failureFrom(actors.tree) } }
      }
    },
    treeFailed: {
      on: { "move.retry": "loadingTree" }
    },
    choosing: {
      on: {
        "move.choose": { guard: "acceptable", actions: "choose" },
        "move.submit": { guard: "chosen", target: "moving" }
      }
    },
    moving: {
      tags: ["busy"],
      invoke: {
        id: "move",
        src: "move",
        input: ({ context }) => ({ id: context.lab.id, parent: context.target ?? null }),
        onDone: { target: "moved", actions: { type: "keep", params: ({ event }) => event.output } },
        onError: { target: "choosing", actions: { type: "showFailure", params: failureFrom(actors.move) } }
      }
    },
    moved: { type: "final" }
  },
  output: ({ context }) => context.lab
})

// What can be done to labs from a list: one dialog at a time (new folder, rename, move, delete
// confirmation, share, search), each flow a child actor the dialog renders, and starring, which
// never waits for a dialog. Outcomes are emitted for the list and the toasts; refusals by role are
// checked here too, so a hidden menu item cannot be reached another way.
import { assertEvent, assign, emit, setup } from "xstate"
import type { CreatedLab, Crumb, Lab } from "../../contract/labs.ts"
import type { AppFailure } from "../../effects/AppFailure.ts"
import { type Failure, failureOf } from "../../effects/labs/failures.ts"
import { setFavorite } from "../../effects/labs/favorites.ts"
import { trashLabs } from "../../effects/labs/remove.ts"
import { type CreateFolderOutput, createFolderMachine } from "./createFolder.machine.ts"
import { failureFrom, fromEffect } from "../support/fromEffect.ts"
import { canAll, can } from "../../contract/permissions.ts"
import { moveLabMachine } from "./moveLab.machine.ts"
import { type RenameLabOutput, renameLabMachine } from "./renameLab.machine.ts"

export interface LabActionsInput {
  /** The level the list shows: a folder id, null for the root, undefined for other lists. */
  readonly level: string | null | undefined
}

/** Where the user is, known once the folder has loaded. */
export interface LabActionsPlace {
  /** The folder being browsed (offered as the new folder's location); null elsewhere. */
  readonly current: Crumb | null
  /** May the user create folders here (owner or admin of the folder; anyone at their own root). */
  readonly canCreate: boolean
}

export interface LabActionsContext extends LabActionsInput, LabActionsPlace {
  /** What the open dialog is about. */
  readonly subjects: ReadonlyArray<Lab>
  /** The lab being starred or un-starred. */
  readonly starring: Lab | null
}

export type LabActionsEvent =
  | ({ readonly type: "labs.place" } & LabActionsPlace)
  | { readonly type: "labs.createFolder" }
  | { readonly type: "labs.rename"; readonly lab: Lab }
  | { readonly type: "labs.move"; readonly lab: Lab }
  | { readonly type: "labs.delete"; readonly labs: ReadonlyArray<Lab> }
  | { readonly type: "labs.share"; readonly lab: Lab }
  | { readonly type: "labs.search" }
  | { readonly type: "labs.favorite"; readonly lab: Lab }
  | { readonly type: "delete.confirm" }
  | { readonly type: "search.submit"; readonly query: string }
  | { readonly type: "dialog.close" }

export type LabActionsEmitted =
  | { readonly type: "folder.created"; readonly lab: CreatedLab; readonly atCurrentLevel: boolean }
  | { readonly type: "lab.renamed"; readonly lab: Lab }
  | { readonly type: "lab.moved"; readonly lab: Lab }
  | { readonly type: "labs.deleted"; readonly ids: ReadonlyArray<string> }
  | { readonly type: "lab.starred"; readonly lab: Lab }
  | { readonly type: "labs.failed"; readonly failure: Failure }
  | { readonly type: "search.go"; readonly query: string }

const one = (context: LabActionsContext): Lab | undefined => context.subjects[0]

const actors = {
  createFolder: createFolderMachine,
  renameLab: renameLabMachine,
  moveLab: moveLabMachine,
  trash: fromEffect((ids: ReadonlyArray<string>) => trashLabs(ids)),
  favorite: fromEffect((input: { readonly lab: Lab; readonly favorite: boolean }) => setFavorite(input.lab, input.favorite))
}

export const labActionsMachine = setup({
  types: {
    context: {} as LabActionsContext,
    events: {} as LabActionsEvent,
    input: {} as LabActionsInput,
    emitted: {} as LabActionsEmitted,
    children: {} as { createFolder: "createFolder"; renameLab: "renameLab"; moveLab: "moveLab" }
  },
  actors,
  guards: {
    mayCreate: ({ context }) => context.canCreate,
    mayRename: ({ event }) => event.type === "labs.rename" && can(event.lab.role, "lab.rename"),
    mayMove: ({ event }) => event.type === "labs.move" && can(event.lab.role, "lab.move"),
    mayDelete: ({ event }) => event.type === "labs.delete" && canAll(event.labs, "lab.delete"),
    mayShare: ({ event }) => event.type === "labs.share" && can(event.lab.role, "members.invite"),
    mayStar: ({ event }) => event.type === "labs.favorite" && can(event.lab.role, "lab.favorite"),
    wasRenamed: (_, output: RenameLabOutput) => output.renamed,
    hasQuery: ({ event }) => event.type === "search.submit" && event.query.trim() !== ""
  },
  actions: {
    about: assign(({ event }) => {
      assertEvent(event, ["labs.rename", "labs.move", "labs.share", "labs.delete"])
      return { subjects: event.type === "labs.delete" ? event.labs : [event.lab] }
    }),
    forget: assign({ subjects: [] }),
    place: assign(({ event }) => {
      assertEvent(event, "labs.place")
      return { current: event.current, canCreate: event.canCreate }
    }),
    star: assign(({ event }) => {
      assertEvent(event, "labs.favorite")
      return { starring: event.lab }
    }),
    unstar: assign({ starring: null }),
    announceCreated: emit((_, output: CreateFolderOutput) => ({ type: "folder.created", ...output }) as const),
    announceRenamed: emit((_, output: RenameLabOutput) => ({ type: "lab.renamed", lab: output.lab }) as const),
    announceMoved: emit((_, lab: Lab) => ({ type: "lab.moved", lab }) as const),
    announceDeleted: emit((_, ids: ReadonlyArray<string>) => ({ type: "labs.deleted", ids }) as const),
    announceStarred: emit((_, lab: Lab) => ({ type: "lab.starred", lab }) as const),
    announceDeleteFailed: emit(
      ({ context }, error: AppFailure) =>
        ({
          type: "labs.failed",
          failure: failureOf("delete", error, { isDir: one(context)?.is_dir ?? true, count: context.subjects.length })
        }) as const
    ),
    announceStarFailed: emit((_, error: AppFailure) => ({ type: "labs.failed", failure: failureOf("favorite", error) }) as const),
    announceSearch: emit(({ event }) => {
      assertEvent(event, "search.submit")
      return { type: "search.go", query: event.query.trim() } as const
    })
  }
}).createMachine({
  id: "labActions",
  context: ({ input }) => ({ level: input.level, current: null, canCreate: false, subjects: [], starring: null }),
  type: "parallel",
  on: { "labs.place": { actions: "place" } },
  states: {
    dialog: {
      initial: "closed",
      states: {
        closed: {
          entry: "forget",
          on: {
            "labs.createFolder": { guard: "mayCreate", target: "creatingFolder" },
            "labs.rename": { guard: "mayRename", target: "renaming", actions: "about" },
            "labs.move": { guard: "mayMove", target: "moving", actions: "about" },
            "labs.delete": { guard: "mayDelete", target: "confirmingDelete", actions: "about" },
            "labs.share": { guard: "mayShare", target: "sharing", actions: "about" },
            "labs.search": "searching"
          }
        },
        creatingFolder: {
          invoke: {
            id: "createFolder",
            src: "createFolder",
            input: ({ context }) => ({ current: context.current, level: context.level }),
            onDone: { target: "closed", actions: { type: "announceCreated", params: ({ event }) => event.output } }
          },
          on: { "dialog.close": "closed" }
        },
        renaming: {
          invoke: {
            id: "renameLab",
            src: "renameLab",
            input: ({ context }) => ({ lab: one(context) as Lab }),
            onDone: [
              {
                guard: { type: "wasRenamed", params: ({ event }) => event.output },
                target: "closed",
                actions: { type: "announceRenamed", params: ({ event }) => event.output }
              },
              { target: "closed" }
            ]
          },
          on: { "dialog.close": "closed" }
        },
        moving: {
          invoke: {
            id: "moveLab",
            src: "moveLab",
            input: ({ context }) => ({ lab: one(context) as Lab }),
            onDone: { target: "closed", actions: { type: "announceMoved", params: ({ event }) => event.output } }
          },
          on: { "dialog.close": "closed" }
        },
        confirmingDelete: {
          on: { "delete.confirm": "deleting", "dialog.close": "closed" }
        },
        deleting: {
          tags: ["busy"],
          invoke: {
            id: "trash",
            src: "trash",
            input: ({ context }) => context.subjects.map((lab) => lab.id),
            onDone: { target: "closed", actions: { type: "announceDeleted", params: ({ event }) => event.output } },
            onError: { target: "closed", actions: { type: "announceDeleteFailed", params: failureFrom(actors.trash) } }
          }
        },
        sharing: {
          on: { "dialog.close": "closed" }
        },
        searching: {
          on: {
            "search.submit": { guard: "hasQuery", target: "closed", actions: "announceSearch" },
            "dialog.close": "closed"
          }
        }
      }
    },
    favorite: {
      initial: "idle",
      states: {
        idle: {
          on: { "labs.favorite": { guard: "mayStar", target: "saving", actions: "star" } }
        },
        saving: {
          invoke: {
            id: "favorite",
            src: "favorite",
            input: ({ context }) => {
              const lab = context.starring as Lab
              return { lab, favorite: !lab.is_favorite }
            },
            onDone: { target: "idle", actions: [{ type: "announceStarred", params: ({ event }) => event.output }, "unstar"] },
            onError: { target: "idle", actions: [{ type: "announceStarFailed", params: failureFrom(actors.favorite) }, "unstar"] }
          }
        }
      }
    }
  }
})

// The member dialog's collaborator list: five at a time as it scrolls, a search, role changes, removal
// and ownership transfer, with the invite box as a child actor; an invitation reads the list again (its
// answer tells nothing of who has an account). Two regions:
//
//   list:   loading --> ready --more [next page]--> loadingMore --> ready;  loading --error--> failed
//           search (any state) --> loading;  an invitation reloads the list; a transfer reloads the
//           list and the viewer's role
//   action: idle --changeRole / remove / transfer--> working state --> idle (success or failure emitted)
//
// What the viewer may do follows their role on the lab: the owner and admins manage, the owner alone
// transfers, reviewers read. The owner's row has no actions.
import { Effect } from "effect"
import { assign, emit, enqueueActions, raise, setup } from "xstate"
import type { Locale } from "../../contract/auth.ts"
import type { PageMeta } from "../../contract/envelope.ts"
import type { Role } from "../../contract/labs.ts"
import type { Invitation, Member, MemberRole } from "../../contract/members.ts"
import { mayManageMember, mayTransferTo, OWNER_ROW } from "../../contract/permissions.ts"
import type { AppFailure } from "../../effects/AppFailure.ts"
import { present } from "../../effects/Catalogue.ts"
import { changeMemberRole } from "../../effects/members/changeRole.ts"
import { loadMembers, type MembersPageRequest } from "../../effects/members/list.ts"
import { removeMember } from "../../effects/members/remove.ts"
import { loadStanding } from "../../effects/members/standing.ts"
import { transferOwnership } from "../../effects/members/transfer.ts"
import type { Notice } from "../../effects/Notice.ts"
import { failureFrom, fromEffect } from "../support/fromEffect.ts"
import { inviteMachine } from "./invite.machine.ts"
import { afterDeletion, appendPage } from "./rules.ts"

export interface MembersInput {
  readonly labId: string
  /** The signed-in user: their own row has no actions. */
  readonly userId: string
  /** Language of invitation mails to people without an account. */
  readonly locale: Locale
}

export type Operation =
  | { readonly kind: "role"; readonly member: Member; readonly role: MemberRole }
  | { readonly kind: "remove"; readonly member: Member }
  | { readonly kind: "transfer"; readonly member: Member }

export interface MembersContext extends MembersInput {
  /** The viewer's role on the lab; null until known (then nothing can be changed). */
  readonly role: Role | null
  readonly members: ReadonlyArray<Member>
  readonly nextPage: number | null
  readonly search: string
  /** Deletions since the pointer last stepped back (spec: every fifth). */
  readonly deletions: number
  /** Why the list, or its next page, could not be loaded. */
  readonly error: Notice | null
  /** The change on its way, if any. */
  readonly operation: Operation | null
}

export type MembersEvent =
  | { readonly type: "members.search"; readonly text: string }
  | { readonly type: "members.more" }
  | { readonly type: "members.retry" }
  | { readonly type: "members.reload" }
  | { readonly type: "members.changeRole"; readonly member: Member; readonly role: MemberRole }
  | { readonly type: "members.remove"; readonly member: Member }
  | { readonly type: "members.transfer"; readonly member: Member }
  /** From the invite box: these addresses were invited. */
  | { readonly type: "members.invited"; readonly members: ReadonlyArray<Invitation> }

export type MembersEmitted =
  | { readonly type: "members.done"; readonly operation: Operation }
  | { readonly type: "members.failed"; readonly operation: Operation; readonly error: Notice }

type FirstPage = {
  readonly page: { readonly results: ReadonlyArray<Member>; readonly meta: PageMeta }
  readonly role: Role | null | undefined
}

export { OWNER_ROW }

const actors = {
  /** The first page, and the viewer's role when it is not known yet. */
  loadFirst: fromEffect((request: MembersPageRequest & { readonly withRole: boolean }) =>
    Effect.all(
      {
        page: loadMembers(request),
        role: request.withRole ? Effect.map(loadStanding(request.labId), (standing) => standing.role) : Effect.succeed(undefined)
      },
      { concurrency: "unbounded" }
    )
  ),
  loadPage: fromEffect((request: MembersPageRequest) => loadMembers(request)),
  changeRole: fromEffect((input: { readonly id: string; readonly role: MemberRole }) => changeMemberRole(input.id, input.role)),
  remove: fromEffect((id: string) => removeMember(id)),
  transfer: fromEffect((input: { readonly labId: string; readonly userId: string }) => transferOwnership(input.labId, input.userId)),
  inviteBox: inviteMachine
}

export const membersMachine = setup({
  types: {
    input: {} as MembersInput,
    context: {} as MembersContext,
    events: {} as MembersEvent,
    emitted: {} as MembersEmitted
  },
  actors,
  guards: {
    hasNext: ({ context }) => context.nextPage !== null,
    /** The owner and admins change others' roles and remove them; never the owner's row or their own. */
    mayChange: ({ context, event }) =>
      (event.type === "members.changeRole" || event.type === "members.remove") &&
      mayManageMember(
        context.role,
        event.member,
        context.userId,
        event.type === "members.changeRole" ? "members.change-role" : "members.remove"
      ),
    /** Only the owner, and only to someone with an account. */
    mayTransfer: ({ context, event }) => event.type === "members.transfer" && mayTransferTo(context.role, event.member)
  },
  actions: {
    setSearch: assign(({ event }) => (event.type === "members.search" ? { search: event.text.trim() } : {})),
    showFirst: assign(({ context }, first: FirstPage) => ({
      members: first.page.results,
      nextPage: first.page.meta.next_page,
      role: first.role === undefined ? context.role : first.role,
      deletions: 0,
      error: null
    })),
    showNext: assign(({ context }, page: { readonly results: ReadonlyArray<Member>; readonly meta: PageMeta }) => ({
      members: appendPage(context.members, page.results),
      nextPage: page.meta.next_page,
      error: null
    })),
    showFailure: assign((_, error: AppFailure) => ({ error: present(error).notice })),
    begin: assign(({ event }) => {
      switch (event.type) {
        case "members.changeRole":
          return { operation: { kind: "role", member: event.member, role: event.role } as const }
        case "members.remove":
          return { operation: { kind: "remove", member: event.member } as const }
        case "members.transfer":
          return { operation: { kind: "transfer", member: event.member } as const }
        default:
          return {}
      }
    }),
    roleChanged: assign(({ context }, changed: Member) => ({
      members: context.members.map((m) => (m.id === changed.id ? changed : m))
    })),
    removed: assign(({ context }) => {
      const gone = context.operation?.member.id
      return { members: context.members.filter((m) => m.id !== gone), ...afterDeletion(context.nextPage, context.deletions) }
    }),
    /** The former owner is an admin now; the list and the viewer's role are read again. */
    transferred: enqueueActions(({ enqueue }) => {
      enqueue.assign({ role: null })
      enqueue(raise({ type: "members.reload" }))
    }),
    announceDone: emit(({ context }) => ({ type: "members.done" as const, operation: context.operation as Operation })),
    announceFailure: emit(({ context }, error: AppFailure) => ({
      type: "members.failed" as const,
      operation: context.operation as Operation,
      error: present(error).notice
    })),
    finish: assign({ operation: null })
  }
}).createMachine({
  id: "members",
  context: ({ input }) => ({ ...input, role: null, members: [], nextPage: null, search: "", deletions: 0, error: null, operation: null }),
  invoke: {
    id: "inviteBox",
    src: "inviteBox",
    input: ({ context, self }) => ({ labId: context.labId, locale: context.locale, inbox: self })
  },
  type: "parallel",
  states: {
    list: {
      initial: "loading",
      on: {
        "members.search": { target: ".loading", actions: "setSearch" },
        "members.reload": { target: ".loading" },
        // The list as it now stands shows who is in; the invitation's answer does not say.
        "members.invited": { target: ".loading" }
      },
      states: {
        loading: {
          tags: ["loading"],
          invoke: {
            id: "loadFirst",
            src: "loadFirst",
            input: ({ context }) => ({ labId: context.labId, search: context.search, page: 1, withRole: context.role === null }),
            onDone: { target: "ready", actions: { type: "showFirst", params: ({ event }) => event.output } },
            onError: { target: "failed", actions: { type: "showFailure", params: failureFrom(actors.loadFirst) } }
          }
        },
        ready: {
          on: { "members.more": { guard: "hasNext", target: "loadingMore" } }
        },
        loadingMore: {
          invoke: {
            id: "loadPage",
            src: "loadPage",
            input: ({ context }) => ({ labId: context.labId, search: context.search, page: context.nextPage ?? 1 }),
            onDone: { target: "ready", actions: { type: "showNext", params: ({ event }) => event.output } },
            onError: { target: "ready", actions: { type: "showFailure", params: failureFrom(actors.loadPage) } }
          }
        },
        failed: {
          on: { "members.retry": { target: "loading" } }
        }
      }
    },
    action: {
      initial: "idle",
      states: {
        idle: {
          on: {
            "members.changeRole": { guard: "mayChange", target: "changingRole", actions: "begin" },
            "members.remove": { guard: "mayChange", target: "removing", actions: "begin" },
            "members.transfer": { guard: "mayTransfer", target: "transferring", actions: "begin" }
          }
        },
        changingRole: {
          tags: ["working"],
          invoke: {
            id: "changeRole",
            src: "changeRole",
            input: ({ context }) =>
              context.operation?.kind === "role"
                ? { id: context.operation.member.id, role: context.operation.role }
                : { id: "", role: "reviewer" as const },
            onDone: { target: "idle", actions: [{ type: "roleChanged", params: ({ event }) => event.output }, "announceDone", "finish"] },
            onError: { target: "idle", actions: [{ type: "announceFailure", params: failureFrom(actors.changeRole) }, "finish"] }
          }
        },
        removing: {
          tags: ["working"],
          invoke: {
            id: "remove",
            src: "remove",
            input: ({ context }) => context.operation?.member.id ?? "",
            onDone: { target: "idle", actions: ["removed", "announceDone", "finish"] },
            onError: { target: "idle", actions: [{ type: "announceFailure", params: failureFrom(actors.remove) }, "finish"] }
          }
        },
        transferring: {
          tags: ["working"],
          invoke: {
            id: "transfer",
            src: "transfer",
            input: ({ context }) => ({ labId: context.labId, userId: context.operation?.member.user_id ?? "" }),
            onDone: { target: "idle", actions: ["announceDone", "finish", "transferred"] },
            onError: { target: "idle", actions: [{ type: "announceFailure", params: failureFrom(actors.transfer) }, "finish"] }
          }
        }
      }
    }
  }
})

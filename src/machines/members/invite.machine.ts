// The member dialog's invite box: a tags-style email input with suggestions, a role for the new
// invitees (reviewer by default), and the Invite button. Two regions:
//
//   suggest: idle --type (2+ chars)--> debouncing --after 250 ms--> searching --> idle (suggestions)
//   submit:  editing --submit [someone chosen]--> sending --> editing (chosen ones become members)
//            editing --submit [no one]--> editing ("Enter at least 1 user.")
//
// Chosen people are temporary until invited: their role is changed, or they are removed, only here.
// The invitations sent are told to `inbox` (the members actor), which reads its list again: the
// answer says nothing about the accounts behind the addresses (see Invitation in the contract).
import { type AnyActorRef, assign, emit, enqueueActions, setup } from "xstate"
import type { Locale } from "../../contract/auth.ts"
import { type Invitation, type MemberRole, SUGGEST_MIN_CHARS, type UserSuggestion } from "../../contract/members.ts"
import type { AppFailure } from "../../effects/AppFailure.ts"
import { present } from "../../effects/Catalogue.ts"
import { type InviteRequest, inviteMembers } from "../../effects/members/invite.ts"
import { suggestUsers } from "../../effects/members/suggest.ts"
import { type Notice, noticeKey } from "../../effects/Notice.ts"
import { failureFrom, fromEffect } from "../support/fromEffect.ts"
import { addPicked, addTyped, hasTypedEmails, type Invitee, withoutChosen } from "./rules.ts"

export interface InviteInput {
  readonly labId: string
  readonly locale: Locale
  /** Receives members.invited with the new members; null when no one listens (tests). */
  readonly inbox: AnyActorRef | null
}

export interface InviteContext extends InviteInput {
  /** What is typed in the box and not yet turned into an invitee. */
  readonly query: string
  /** The role given to people added from now on. */
  readonly role: MemberRole
  readonly invitees: ReadonlyArray<Invitee>
  readonly suggestions: ReadonlyArray<UserSuggestion>
  /** The box's message: nobody chosen, an invalid or repeated email. */
  readonly error: Notice | null
}

export type InviteEvent =
  | { readonly type: "invite.type"; readonly text: string }
  /** Enter or comma: the typed emails become invitees. */
  | { readonly type: "invite.add" }
  | { readonly type: "invite.pick"; readonly user: UserSuggestion }
  | { readonly type: "invite.remove"; readonly email: string }
  /** Changes one invitee's role (a temporary row's menu). */
  | { readonly type: "invite.setRole"; readonly email: string; readonly role: MemberRole }
  /** The box's role: for everyone chosen, and everyone added after. */
  | { readonly type: "invite.role"; readonly role: MemberRole }
  | { readonly type: "invite.submit" }

export type InviteEmitted =
  | { readonly type: "invite.sent"; readonly members: ReadonlyArray<Invitation> }
  | { readonly type: "invite.failed"; readonly error: Notice }

/** Typing settles for this long before suggestions are asked for. */
export const SUGGEST_DEBOUNCE_MS = 250

const searchable = (text: string) => text.trim().length >= SUGGEST_MIN_CHARS

const actors = {
  suggest: fromEffect((input: { readonly labId: string; readonly search: string }) => suggestUsers(input.labId, input.search)),
  invite: fromEffect((request: InviteRequest) => inviteMembers(request))
}

export const inviteMachine = setup({
  types: {
    input: {} as InviteInput,
    context: {} as InviteContext,
    events: {} as InviteEvent,
    emitted: {} as InviteEmitted
  },
  actors,
  guards: {
    searchable: ({ event }) => event.type === "invite.type" && searchable(event.text),
    /** Someone is chosen and nothing unfinished is typed, or what is typed can be added as it is. */
    canSubmit: ({ context }) =>
      context.query.trim() === ""
        ? context.invitees.length > 0
        : hasTypedEmails(context.query) && addTyped(context.invitees, context.query, context.role)._tag === "Added",
    hasQuery: ({ context }) => context.query.trim() !== ""
  },
  actions: {
    setQuery: assign(({ event }) => (event.type === "invite.type" ? { query: event.text, error: null } : {})),
    clearSuggestions: assign({ suggestions: [] }),
    showSuggestions: assign(({ context }, found: ReadonlyArray<UserSuggestion>) => ({
      suggestions: withoutChosen(found, context.invitees)
    })),
    addTyped: assign(({ context }) => {
      if (context.query.trim() === "") return {}
      const added = addTyped(context.invitees, context.query, context.role)
      switch (added._tag) {
        case "Added":
          return { invitees: added.invitees, query: "", suggestions: [], error: null }
        case "Invalid":
          return { error: noticeKey("members.invite.invalidEmail", { email: added.email }) }
        case "Duplicate":
          return { error: noticeKey("members.invite.alreadyChosen", { email: added.email }) }
      }
    }),
    pick: assign(({ context, event }) =>
      event.type === "invite.pick"
        ? { invitees: addPicked(context.invitees, event.user, context.role), query: "", suggestions: [], error: null }
        : {}
    ),
    remove: assign(({ context, event }) =>
      event.type === "invite.remove" ? { invitees: context.invitees.filter((i) => i.email !== event.email) } : {}
    ),
    setRole: assign(({ context, event }) =>
      event.type === "invite.setRole"
        ? { invitees: context.invitees.map((i) => (i.email === event.email ? { ...i, role: event.role } : i)) }
        : {}
    ),
    setBoxRole: assign(({ context, event }) =>
      event.type === "invite.role" ? { role: event.role, invitees: context.invitees.map((i) => ({ ...i, role: event.role })) } : {}
    ),
    requireSomeone: assign({ error: noticeKey("validation.atLeast1User") }),
    /** The chosen are members now: the list shows them, the box starts over. */
    delivered: enqueueActions(({ context, enqueue }, members: ReadonlyArray<Invitation>) => {
      if (context.inbox !== null) enqueue.sendTo(context.inbox, { type: "members.invited", members })
      enqueue.emit({ type: "invite.sent", members })
      // Only those sent leave the box: someone added while the request was on its way stays.
      const sent = new Set(members.map((m) => m.email.toLowerCase()))
      enqueue.assign({ invitees: context.invitees.filter((i) => !sent.has(i.email)), error: null })
    }),
    failed: emit((_, error: AppFailure) => ({ type: "invite.failed" as const, error: present(error).notice }))
  }
}).createMachine({
  id: "invite",
  context: ({ input }) => ({ ...input, query: "", role: "reviewer", invitees: [], suggestions: [], error: null }),
  type: "parallel",
  on: {
    "invite.remove": { actions: "remove" },
    "invite.setRole": { actions: "setRole" },
    "invite.role": { actions: "setBoxRole" }
  },
  states: {
    suggest: {
      initial: "idle",
      on: {
        "invite.type": [
          { guard: "searchable", target: ".debouncing", actions: "setQuery" },
          { target: ".idle", actions: ["setQuery", "clearSuggestions"] }
        ],
        "invite.add": { target: ".idle", actions: "addTyped" },
        // Handled here, not at the root: a region's transition would hide the root's.
        "invite.pick": { target: ".idle", actions: "pick" }
      },
      states: {
        idle: {},
        debouncing: {
          after: { [SUGGEST_DEBOUNCE_MS]: { target: "searching" } }
        },
        searching: {
          invoke: {
            id: "suggest",
            src: "suggest",
            input: ({ context }) => ({ labId: context.labId, search: context.query }),
            onDone: { target: "idle", actions: { type: "showSuggestions", params: ({ event }) => event.output } },
            // Suggestions are a convenience: without them, a full email still works.
            onError: { target: "idle", actions: "clearSuggestions" }
          }
        }
      }
    },
    submit: {
      initial: "editing",
      states: {
        editing: {
          on: {
            "invite.submit": [
              { guard: "canSubmit", target: "sending", actions: "addTyped" },
              // What is typed cannot be added: say why.
              { guard: "hasQuery", actions: "addTyped" },
              { actions: "requireSomeone" }
            ]
          }
        },
        sending: {
          tags: ["busy"],
          invoke: {
            id: "invite",
            src: "invite",
            input: ({ context }) => ({ labId: context.labId, invitees: context.invitees, locale: context.locale }),
            onDone: { target: "editing", actions: { type: "delivered", params: ({ event }) => event.output } },
            onError: { target: "editing", actions: { type: "failed", params: failureFrom(actors.invite) } }
          }
        }
      }
    }
  }
})

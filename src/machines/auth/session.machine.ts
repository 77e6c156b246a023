// Who is signed in. Starts by looking for a session kept from an earlier visit and loading its
// profile; after that it follows sign-in, sign-out, profile changes, and the server ending the
// session (a 401 the Api could not fix by renewing the token), which sends the user to /login.
//
// This machine runs on every first page, so its programs' modules (and Effect with them) are loaded
// when a program runs: a visitor with no session kept never loads them before the page is usable.
import { assign, emit, type EventObject, fromCallback, fromPromise, setup } from "xstate"
import type { Profile } from "../../contract/users.ts"
import type { AppFailure } from "../../effects/AppFailure.ts"
import { present } from "../../effects/Catalogue.ts"
import { mayHoldTokens } from "../../effects/stored-tokens.ts"
import { failureFrom, fromEffect, fromEffectCallback, runProgram, whenProgramsRun } from "../support/fromEffect.ts"

const programs = () => import("../../effects/auth/session.ts")

export interface SessionContext {
  readonly user: Profile | null
  /**
   * The server ended a session this browser held (expired, revoked, the password changed elsewhere):
   * the sign-in page says so. False after a sign-out the user asked for, and once signed in again.
   */
  readonly ended: boolean
}

export type SessionEvent =
  /** The sign-in flow finished with this user. */
  | { readonly type: "session.signedIn"; readonly user: Profile }
  /** The profile changed (edited, 2FA turned on or off) and the server answered with the new one. */
  | { readonly type: "session.updated"; readonly user: Profile }
  /** Reload the profile from the server. */
  | { readonly type: "session.refresh" }
  | { readonly type: "session.signOut" }
  /** The server refused to renew the session. */
  | { readonly type: "session.expired" }
  /** Try again to load the profile after the server could not be reached. */
  | { readonly type: "session.retry" }

/** How long to wait before asking an unreachable server again. */
export const RETRY_AFTER_MS = 5000

/** Sends session.retry after a pause, or as soon as the browser says it is back online. */
export const retryLater = fromCallback<EventObject, void>(({ sendBack }) => {
  const retry = () => sendBack({ type: "session.retry" } satisfies SessionEvent)
  const timer = setTimeout(retry, RETRY_AFTER_MS)
  globalThis.addEventListener?.("online", retry)
  return () => {
    clearTimeout(timer)
    globalThis.removeEventListener?.("online", retry)
  }
})

export type SessionEmitted = { readonly type: "session.ended"; readonly reason: "signOut" | "expired" }

const actors = {
  /** Nothing kept in this browser is answered at once, without loading the programs. */
  hasStoredSession: fromPromise<boolean>(({ signal }) =>
    mayHoldTokens()
      ? runProgram(
          programs().then((m) => m.hasStoredSession()),
          signal
        )
      : Promise.resolve(false)
  ),
  loadProfile: fromEffect(() => programs().then((m) => m.loadProfile())),
  logout: fromEffect(() => programs().then((m) => m.logout())),
  retryLater,
  /** Only a program can end a session (a renewal the server refuses): the watch starts with the first. */
  watchExpiry: fromEffectCallback<SessionEvent>((_, send) =>
    whenProgramsRun().then(() => programs().then((m) => m.watchExpiry(() => send({ type: "session.expired" }))))
  ),
  /** Renews the tokens before they expire, so the media cookie never lapses (keep-fresh.ts). */
  keepFresh: fromEffectCallback<SessionEvent>(() => import("../../effects/auth/keep-fresh.ts").then((m) => m.keepTokensFresh))
}

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    emitted: {} as SessionEmitted
  },
  actors,
  guards: {
    found: (_, found: boolean) => found,
    /** The session is over; anything else (offline, 5xx) says nothing about it. */
    refused: (_, error: AppFailure) => present(error).signIn
  },
  actions: {
    setUser: assign((_, user: Profile) => ({ user, ended: false })),
    forgetUser: assign({ user: null }),
    markEnded: assign({ ended: true })
  }
}).createMachine({
  id: "session",
  context: { user: null, ended: false },
  initial: "unknown",
  // For the whole life of the app: the Api may end the session during any call of any flow.
  invoke: { id: "watchExpiry", src: "watchExpiry" },
  states: {
    unknown: {
      invoke: {
        id: "hasStoredSession",
        src: "hasStoredSession",
        onDone: [{ guard: { type: "found", params: ({ event }) => event.output }, target: "loadingProfile" }, { target: "signedOut" }],
        onError: { target: "signedOut" }
      }
    },
    loadingProfile: {
      invoke: {
        id: "loadProfile",
        src: "loadProfile",
        onDone: { target: "signedIn", actions: { type: "setUser", params: ({ event }) => event.output } },
        // A kept session the server refuses has ended (revoked, expired while away): say so at sign-in.
        onError: [
          { guard: { type: "refused", params: failureFrom(actors.loadProfile) }, target: "signedOut", actions: "markEnded" },
          { target: "unavailable" }
        ]
      }
    },
    /** The server could not be reached: neither signed in nor out until it answers. */
    unavailable: {
      invoke: { id: "retryLater", src: "retryLater" },
      on: { "session.retry": { target: "loadingProfile" } }
    },
    signedIn: {
      initial: "idle",
      // Only while signed in: leaving (sign-out, expiry) stops the renewals.
      invoke: { id: "keepFresh", src: "keepFresh" },
      on: {
        "session.updated": { actions: { type: "setUser", params: ({ event }) => event.user } },
        "session.signOut": { target: "signingOut" },
        "session.expired": {
          target: "signedOut",
          actions: ["forgetUser", "markEnded", emit({ type: "session.ended", reason: "expired" } as const)]
        }
      },
      states: {
        idle: {
          on: { "session.refresh": { target: "refreshing" } }
        },
        refreshing: {
          invoke: {
            id: "loadProfile",
            src: "loadProfile",
            onDone: { target: "idle", actions: { type: "setUser", params: ({ event }) => event.output } },
            // A refused session arrives as session.expired; other failures keep the profile we have.
            onError: { target: "idle" }
          }
        }
      }
    },
    signingOut: {
      entry: ["forgetUser", emit({ type: "session.ended", reason: "signOut" } as const)],
      invoke: {
        id: "logout",
        src: "logout",
        onDone: { target: "signedOut" },
        onError: { target: "signedOut" }
      },
      // Tokens are forgotten before the revocation is sent, so a new sign-in may overtake it.
      on: { "session.signedIn": { target: "signedIn", actions: { type: "setUser", params: ({ event }) => event.user } } }
    },
    signedOut: {
      on: {
        "session.signedIn": { target: "signedIn", actions: { type: "setUser", params: ({ event }) => event.user } }
      }
    }
  }
})

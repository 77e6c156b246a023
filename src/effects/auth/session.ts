// Signing in and out, and finding out who is signed in.
import { Effect, Stream } from "effect"
import type { LoginPayload } from "../../contract/auth.ts"
import type { Profile } from "../../contract/users.ts"
import { call, endpoints } from "../call.ts"
import { TokenStore } from "../TokenStore.ts"

export type LoginOutcome = { readonly _tag: "SignedIn"; readonly user: Profile } | { readonly _tag: "MfaRequired" }

const mfaRequired: LoginOutcome = { _tag: "MfaRequired" }
const signedIn = (user: Profile): LoginOutcome => ({ _tag: "SignedIn", user })

/** Signs in; a full answer stores the tokens, a 2FA account first answers with a request for the code. */
export const login = Effect.fn("Auth.login")(function* (payload: LoginPayload) {
  const answer = yield* call(endpoints.authPublic.login, { payload }, { authenticated: false })
  const result = answer.data
  if (result.mfa_required) return mfaRequired
  const tokens = yield* TokenStore
  yield* tokens.set({ access: result.access_token, refresh: result.refresh_token })
  return signedIn(result.user)
})

/** Whether a session was kept from an earlier visit (no network). */
export const hasStoredSession = Effect.fn("Auth.hasStoredSession")(function* () {
  const tokens = yield* TokenStore
  return (yield* tokens.get) !== null
})

export const loadProfile = Effect.fn("Auth.loadProfile")(function* () {
  const answer = yield* call(endpoints.authAccount.profile)
  return answer.data
})

/**
 * Forgets the tokens, then revokes the refresh token on the server (spec: logout sends it). Local
 * first: a user who clicks "Logout" is signed out whatever the server says, and a new sign-in that
 * interrupts a slow revocation cannot have its fresh tokens wiped by it.
 */
export const logout = Effect.fn("Auth.logout")(function* () {
  const tokens = yield* TokenStore
  const stored = yield* tokens.get
  yield* tokens.clear
  if (stored === null) return
  yield* call(endpoints.authPublic.logout, { payload: { refresh: stored.refresh } }, { authenticated: false }).pipe(Effect.ignore)
})

/** Calls `notify` each time the server refuses to renew the session (see Api). Runs until interrupted. */
export const watchExpiry = (notify: () => void) => TokenStore.use((tokens) => Stream.runForEach(tokens.expired, () => Effect.sync(notify)))

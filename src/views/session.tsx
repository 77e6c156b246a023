// The signed-in session for React: one session actor for the whole app (src/machines/auth/session.machine.ts),
// read through `useSession()`. When the session ends (sign-out, or the server refusing to renew it)
// the user is sent to /login in the language they are using; when the server ended it, the page they
// were on is kept (`next`), so signing in again comes back to it.
import { useSelector } from "@xstate/react"
import { useActorRef } from "./useActorRef.ts"
import { createContext, type ReactNode, useContext, useEffect } from "react"
import { navigate } from "wouter/use-browser-location"
import type { ActorRefFrom, SnapshotFrom } from "xstate"
import type { Profile } from "../contract/users.ts"
import { pathInLocale } from "../i18n/locale.ts"
import { signInPathFor } from "../machines/auth/return-to.ts"
import { sessionMachine } from "../machines/auth/session.machine.ts"
import { splitLocale } from "../contract/routes.ts"

export type SessionStatus = "unknown" | "signedIn" | "signedOut"

export interface SessionView {
  readonly status: SessionStatus
  readonly user: Profile | null
  /** The server ended the session this browser held (not a sign-out): the sign-in page says so. */
  readonly ended: boolean
  readonly signOut: () => void
}

export type SessionActor = ActorRefFrom<typeof sessionMachine>

const SessionContext = createContext<SessionActor | null>(null)

/** signingOut counts as signed out: the tokens are already gone when it starts. */
const statusOf = (snapshot: SnapshotFrom<typeof sessionMachine>): SessionStatus =>
  snapshot.matches("signedIn") ? "signedIn" : snapshot.matches("signedOut") || snapshot.matches("signingOut") ? "signedOut" : "unknown"

export function SessionProvider({ children }: { readonly children: ReactNode }) {
  const actor = useActorRef(sessionMachine)
  useEffect(() => {
    const subscription = actor.on("session.ended", ({ reason }) => {
      const { pathname, search, hash } = window.location
      const { locale, path } = splitLocale(pathname)
      const place = reason === "expired" ? `${path}${search}${hash}` : null
      navigate(pathInLocale(signInPathFor(place), locale), { replace: true })
    })
    return () => subscription.unsubscribe()
  }, [actor])
  return <SessionContext.Provider value={actor}>{children}</SessionContext.Provider>
}

/** The session actor, for flows that change the session (sign-in, profile edit, 2FA). */
export const useSessionActor = (): SessionActor => {
  const actor = useContext(SessionContext)
  if (!actor) throw new Error("useSession needs a <SessionProvider> above it")
  return actor
}

export const useSession = (): SessionView => {
  const actor = useSessionActor()
  const status = useSelector(actor, statusOf)
  const user = useSelector(actor, (snapshot) => snapshot.context.user)
  const ended = useSelector(actor, (snapshot) => snapshot.context.ended)
  return { status, user, ended, signOut: () => actor.send({ type: "session.signOut" }) }
}

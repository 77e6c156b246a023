// The signed-in session for React: one session actor for the whole app (src/machines/auth/session.machine.ts),
// read through `useSession()`. When the session ends (sign-out, or the server refusing to renew it)
// the user is sent to /login in the language they are using.
import { useActorRef, useSelector } from "@xstate/react"
import { createContext, type ReactNode, useContext, useEffect } from "react"
import { navigate } from "wouter/use-browser-location"
import type { ActorRefFrom, SnapshotFrom } from "xstate"
import type { Profile } from "../contract/users.ts"
import { pathInLocale } from "../i18n/locale.ts"
import { sessionMachine } from "../machines/auth/session.machine.ts"
import { splitLocale } from "./route-table.ts"

export type SessionStatus = "unknown" | "signedIn" | "signedOut"

export interface SessionView {
  readonly status: SessionStatus
  readonly user: Profile | null
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
    const subscription = actor.on("session.ended", () => {
      const { locale } = splitLocale(window.location.pathname)
      navigate(pathInLocale("/login", locale), { replace: true })
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
  return { status, user, signOut: () => actor.send({ type: "session.signOut" }) }
}

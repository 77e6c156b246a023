// The signed-in session as React sees it. Placeholder so the shell links; the session actor
// (src/machines/session.machine.ts) replaces the body without changing this interface.
import { createContext, type ReactNode, useContext } from "react"
import type { Profile } from "../contract/users.ts"

export type SessionStatus = "unknown" | "signedIn" | "signedOut"

export interface SessionView {
  readonly status: SessionStatus
  readonly user: Profile | null
  readonly signOut: () => void
}

const signedOut: SessionView = { status: "signedOut", user: null, signOut: () => {} }
const SessionContext = createContext<SessionView>(signedOut)

export function SessionProvider({ children }: { readonly children: ReactNode }) {
  return <SessionContext.Provider value={signedOut}>{children}</SessionContext.Provider>
}

export const useSession = (): SessionView => useContext(SessionContext)

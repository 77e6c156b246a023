// The app's one realtime actor (src/machines/realtime/realtime.machine.ts): started when someone signs in,
// stopped when they sign out. Screens reach it through `useRealtimeActor` and the hooks beside it.
import { useActorRef } from "../useActorRef.ts"
import { createContext, type ReactNode, useContext, useEffect } from "react"
import { type RealtimeActor, realtimeMachine } from "../../machines/realtime/realtime.machine.ts"
import { useSession } from "../session.tsx"

const RealtimeContext = createContext<RealtimeActor | null>(null)

export function RealtimeProvider({ children }: { readonly children: ReactNode }) {
  const actor = useActorRef(realtimeMachine)
  const { status, user } = useSession()
  const userId = status === "signedIn" ? (user?.id ?? null) : null

  useEffect(() => {
    actor.send(userId === null ? { type: "realtime.stop" } : { type: "realtime.start", userId })
  }, [actor, userId])

  return <RealtimeContext.Provider value={actor}>{children}</RealtimeContext.Provider>
}

export const useRealtimeActor = (): RealtimeActor => {
  const actor = useContext(RealtimeContext)
  if (!actor) throw new Error("useRealtimeActor needs a <RealtimeProvider> above it")
  return actor
}

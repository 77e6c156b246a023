// Runs `handler` once when an actor reaches a final state, with that final snapshot. Pages use it to
// leave a finished flow (navigate, tell the session).
import { useEffect, useRef } from "react"
import type { AnyActorRef, SnapshotFrom } from "xstate"

export const useOutcome = <A extends AnyActorRef>(actor: A, handler: (snapshot: SnapshotFrom<A>) => void) => {
  const latest = useRef(handler)
  latest.current = handler
  useEffect(() => {
    let handled = false
    const check = (snapshot: SnapshotFrom<A>) => {
      if (!handled && (snapshot as { status: string }).status === "done") {
        handled = true
        latest.current(snapshot)
      }
    }
    check(actor.getSnapshot())
    const subscription = actor.subscribe(check)
    return () => subscription.unsubscribe()
  }, [actor])
}

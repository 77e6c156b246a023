// Reads one slice of an actor that may not exist (no one signed in): the fallback until it does.
// @xstate/react's useSelector needs an actor on every render.
import { useCallback, useSyncExternalStore } from "react"
import type { AnyActorRef, SnapshotFrom } from "xstate"

export const useActorSelect = <A extends AnyActorRef, T>(actor: A | null, select: (snapshot: SnapshotFrom<A>) => T, fallback: T): T => {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (actor === null) return () => undefined
      const subscription = actor.subscribe(onChange)
      return () => subscription.unsubscribe()
    },
    [actor]
  )
  return useSyncExternalStore(subscribe, () => (actor === null ? fallback : select(actor.getSnapshot())))
}

// Runs `handler` for each event of `type` an actor emits (one-off effects: toasts, session updates),
// for as long as the component is mounted.
import { useEffect, useRef } from "react"
import type { ActorRef, AnyActorRef, EventObject } from "xstate"

type EmittedOf<A> = A extends ActorRef<infer _Snapshot, infer _Event, infer Emitted> ? Emitted : EventObject

export const useEmitted = <A extends AnyActorRef, Type extends EmittedOf<A>["type"]>(
  actor: A,
  type: Type,
  handler: (event: Extract<EmittedOf<A>, { type: Type }>) => void
) => {
  // The latest handler, without resubscribing on every render.
  const latest = useRef(handler)
  latest.current = handler
  useEffect(() => {
    const subscription = actor.on(type, (event: Extract<EmittedOf<A>, { type: Type }>) => latest.current(event))
    return () => subscription.unsubscribe()
  }, [actor, type])
}

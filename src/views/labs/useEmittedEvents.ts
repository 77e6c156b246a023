// One handler per event an actor emits, for as long as the component is mounted (the labs' toasts,
// list updates and navigation). Handlers may change every render; the subscription stays.
import { useEffect, useRef } from "react"
import type { ActorRef, AnyActorRef, EventObject } from "xstate"

type EmittedOf<A> = A extends ActorRef<infer _Snapshot, infer _Event, infer Emitted> ? Emitted : EventObject

export type EmittedHandlers<E extends EventObject> = { readonly [K in E["type"]]?: (event: Extract<E, { type: K }>) => void }

export const useEmittedEvents = <A extends AnyActorRef>(actor: A, handlers: EmittedHandlers<EmittedOf<A>>) => {
  const latest = useRef(handlers)
  latest.current = handlers
  useEffect(() => {
    const subscription = actor.on("*", (event: EventObject) => {
      const handle = (latest.current as Record<string, ((event: EventObject) => void) | undefined>)[event.type]
      handle?.(event)
    })
    return () => subscription.unsubscribe()
  }, [actor])
}

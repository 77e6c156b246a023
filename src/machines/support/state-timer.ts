// Time as an input: a state that should end after a while declares `meta: { timeoutMs }`, and this
// adapter sends the machine a timeout event once that long has passed in the same state. Machines stay
// free of `after` (which xstate/graph cannot traverse), the delays stay visible in the statechart, and
// the model tests run this very adapter on fake timers.
import type { AnyActorRef, AnyMachineSnapshot } from "xstate"

export interface TimedStateMeta {
  readonly timeoutMs?: number
}

/** The timeout of the deepest active state that declares one, if any. */
export const timeoutOf = (snapshot: AnyMachineSnapshot): number | undefined => {
  const metas = Object.values(snapshot.getMeta() as Record<string, TimedStateMeta | undefined>)
  return metas.reduce<number | undefined>((found, meta) => meta?.timeoutMs ?? found, undefined)
}

/** Starts the timer for each timed state the actor enters; returns the function that stops it. */
export const runStateTimer = (actor: AnyActorRef, timeoutEvent: { type: string }): (() => void) => {
  let timer: ReturnType<typeof setTimeout> | undefined
  let current: string | undefined
  const onSnapshot = (snapshot: AnyMachineSnapshot) => {
    const key = JSON.stringify(snapshot.value)
    if (key === current) return
    current = key
    clearTimeout(timer)
    const ms = timeoutOf(snapshot)
    if (ms !== undefined) timer = setTimeout(() => actor.send(timeoutEvent), ms)
  }
  onSnapshot(actor.getSnapshot())
  const subscription = actor.subscribe(onSnapshot)
  return () => {
    subscription.unsubscribe()
    clearTimeout(timer)
  }
}

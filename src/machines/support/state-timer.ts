// Time as an input: a state that should end after a while declares `meta: { timeoutMs }`, and this
// adapter sends the machine a timeout event once that long has passed in the same state. Machines stay
// free of `after` (which xstate/graph cannot traverse), the delays stay visible in the statechart, and
// the model tests send the timeout event themselves (or run this very adapter on fake timers).
//
// Who runs it: a view that holds the actor (`runStateTimer` in an effect), or, for a machine no view
// holds (an upload's transfer, spawned by another machine), the machine itself, by invoking
// `stateClock` at its root with itself as the input.
import { type AnyActorRef, type AnyMachineSnapshot, type EventObject, fromCallback } from "xstate"

export interface TimedStateMeta<Context = never> {
  /** How long the state lasts: fixed, or read from the context on entry (a pause that grows). */
  readonly timeoutMs?: number | ((context: Context) => number)
}

/** The timeout of the deepest active state that declares one, if any. */
export const timeoutOf = (snapshot: AnyMachineSnapshot): number | undefined => {
  const metas = Object.values(snapshot.getMeta() as Record<string, TimedStateMeta<unknown> | undefined>)
  const timeout = metas.reduce<TimedStateMeta<unknown>["timeoutMs"]>((found, meta) => meta?.timeoutMs ?? found, undefined)
  return typeof timeout === "function" ? timeout(snapshot.context) : timeout
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

export interface StateClockInput {
  /** The machine whose timed states it times: the invoking machine's `self`. */
  readonly actor: AnyActorRef
  readonly timeout: EventObject
}

/**
 * `runStateTimer` as an actor: invoked at a machine's root with `input: ({ self }) => ({ actor: self,
 * timeout })`, it lives and stops with the machine. Model tests give it a silent stand-in and send the
 * timeout event themselves.
 */
export const stateClock = fromCallback<EventObject, StateClockInput>(({ input }) => runStateTimer(input.actor, input.timeout))

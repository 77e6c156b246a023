// Model-based testing for our machines (docs/architecture.md, "Flows and their tests").
// `createTestModel` walks the machine's graph and gives the shortest path to every state the spec tells
// apart (by default the state value), plus one path for every transition no such path takes. Each path
// is replayed on a real actor of the same machine, whose invoked programs are replaced by promises the
// path settles.
//
// The model is derived from the machine, so agreeing with it proves nothing about behaviour: a bug in
// the machine is in the model too. What does is the spec's `states` checks: every state must have one
// (coverage reports the states without), and it states what the context and the view must show there,
// given the event the path arrived by, written from the feature's rules rather than read off the machine.
// The coverage check proves the paths took every transition and reached every state.
//
// Delayed transitions (`after`) are walked as their `xstate.after.…` events (delays.ts). The run takes
// such a step by letting time pass on the actor's simulated clock: one millisecond short of the delay
// the state must not have moved, at the delay it must, and the check is told how long it waited.
import {
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyTransitionDefinition,
  type Actor,
  createActor,
  type EventFromLogic,
  fromPromise,
  type InputFrom,
  initialTransition,
  SimulatedClock,
  type SnapshotFrom,
  transition
} from "xstate"
import { createTestModel } from "xstate/graph"
import { coveringWalks, leafKeysOf, serializeBy, stateKeysOf, transitionsOf, describeTransition, type Walk } from "./coveringWalks.ts"
import { delayedEvents, isDelayed } from "./delays.ts"
import { recordPaths } from "./recordPaths.ts"
import { modelOf } from "./invocationFreeModel.ts"

/** One run of an invoked promise actor: what it was given, and how the path ends it. */
export interface Invocation {
  readonly src: string
  readonly input: unknown
}

/** The input of the latest run of `src`, if it ran. */
export const lastInput = (invocations: ReadonlyArray<Invocation>, src: string): unknown =>
  invocations.filter((i) => i.src === src).at(-1)?.input

/** Where a state check is run: how the path got there. */
export interface Arrival<M extends AnyStateMachine> {
  /** The name of the event the path arrived by (its key in `events`, or its type), "start" at first. */
  readonly via: string
  readonly event: EventFromLogic<M> | undefined
  /** The running actor's snapshot before that event, undefined at the start. */
  readonly before: SnapshotFrom<M> | undefined
  /** The names of every event on the path so far. */
  readonly history: ReadonlyArray<string>
  /** How many invocations there were before that event: the ones after it are its doing. */
  readonly callsBefore: number
  /** What the machine emitted (`emit`) in answer to that event. */
  readonly emitted: ReadonlyArray<AnyEventObject>
  /** For a delayed transition (`xstate.after.…`): the milliseconds the path waited for it. */
  readonly waited?: number
}

export type StateCheck<M extends AnyStateMachine> = (
  actual: SnapshotFrom<M>,
  invocations: ReadonlyArray<Invocation>,
  arrival: Arrival<M>
) => void

export interface ModelSpec<M extends AnyStateMachine> {
  readonly machine: M
  /** The machine's invoked promise actors, each invoked with `id` equal to its `src`. */
  readonly promiseActors: ReadonlyArray<string>
  /** Other implementations for the run, e.g. a silent callback actor. */
  readonly provide?: Parameters<M["provide"]>[0]
  readonly input?: InputFrom<M>
  /**
   * Payloads the model tries: form values (valid and not), actor outputs, actor errors. Named, so
   * that a check can say what it expects after each one (`arrival.via`).
   */
  readonly events: Readonly<Record<string, EventFromLogic<M>>> | ReadonlyArray<EventFromLogic<M>>
  /**
   * What must hold in each state (keys as for `snapshot.matches`; a parent's check covers its
   * children): what the user is shown, what the programs were called with. Every state needs one.
   */
  readonly states: Readonly<Record<string, StateCheck<M>>>
  /**
   * Where the graph walk stops expanding, for machines whose context can grow without end (a count
   * of listeners): the walk would otherwise never finish.
   */
  readonly stopWhen?: (snapshot: SnapshotFrom<M>) => boolean
  /**
   * What tells two states apart for the walk; by default the state value alone. Add the part of the
   * context a guard reads (someone chosen, a list empty or not) when a transition is only enabled
   * there: coverage says so when a transition is missed. The running actor must agree with the model
   * on this view.
   */
  readonly distinguish?: (snapshot: SnapshotFrom<M>) => unknown
  /**
   * Where an event must lead, by the event's name, written from the feature's rules (an error while
   * deleting goes back to the question, not on): the state it must be in after the event, or a
   * function of the state before. The walk is derived from the machine, so a transition the machine
   * lost is not walked at all; coverage reports each of these the paths never took.
   */
  readonly leadsTo?: Readonly<Record<string, string | ((before: SnapshotFrom<M>) => string)>>
}

export interface ModelPath {
  readonly description: string
  readonly run: () => Promise<void>
}

export interface Coverage {
  readonly missingStates: ReadonlyArray<string>
  readonly missingTransitions: ReadonlyArray<string>
  /** Leaf states that no `states` check covers. */
  readonly uncheckedStates: ReadonlyArray<string>
}

class PathFailure extends Error {}

const settle = () => new Promise<void>((resolve) => setImmediate(resolve))

/** Plain data for comparison: Files and Dates are compared by their JSON form. */
const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value ?? null))

const covers = (checkKey: string, stateKey: string) => stateKey === checkKey || stateKey.startsWith(`${checkKey}.`)

export const modelFor = <M extends AnyStateMachine>(spec: ModelSpec<M>) => {
  const given: ReadonlyArray<readonly [string, EventFromLogic<M>]> = Array.isArray(spec.events)
    ? (spec.events as ReadonlyArray<EventFromLogic<M>>).map((event) => [event.type, event] as const)
    : Object.entries(spec.events as Record<string, EventFromLogic<M>>)
  // As the library does, an event the spec gives no payload for is tried as its bare type.
  const bare = [...new Set(transitionsOf(spec.machine).map((t) => t.eventType))]
    .filter((type) => !type.startsWith("xstate.") && type !== "" && type !== "*" && !given.some(([, event]) => event.type === type))
    .map((type) => [type, { type } as EventFromLogic<M>] as const)
  // The delayed transitions' events: the walk takes them like any other, the run lets the time pass.
  const delays = delayedEvents(spec.machine).map(({ type }) => [type, { type } as EventFromLogic<M>] as const)
  const named = [...given, ...bare, ...delays]
  const events = named.map(([, event]) => event)
  const nameOf = (event: EventFromLogic<M>): string => {
    const json = JSON.stringify(event)
    return named.find(([, candidate]) => candidate === event || JSON.stringify(candidate) === json)?.[0] ?? event.type
  }
  const distinguish = spec.distinguish ?? ((snapshot: SnapshotFrom<M>) => (snapshot as AnyMachineSnapshot).value)
  const pending = new Map<string, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>()
  let invocations: Array<Invocation> = []
  const controlled = Object.fromEntries(
    spec.promiseActors.map((src) => [
      src,
      fromPromise<unknown, unknown>(
        ({ input }) =>
          new Promise((resolve, reject) => {
            invocations.push({ src, input })
            pending.set(src, { resolve, reject })
          })
      )
    ])
  )
  const machine = spec.machine.provide({
    ...spec.provide,
    actors: { ...spec.provide?.actors, ...controlled }
  } as Parameters<M["provide"]>[0]) as M

  const modelMachine = modelOf(machine)
  const model = createTestModel(modelMachine, {
    events: [...events],
    input: spec.input,
    // A machine that is done takes no more events (the pure walk would still take its root's).
    stopWhen: (snapshot: SnapshotFrom<M>) => (snapshot as AnyMachineSnapshot).status !== "active" || (spec.stopWhen?.(snapshot) ?? false),
    serializeState: serializeBy(distinguish)
  })
  // The library keeps one snapshot for each state of the view and steps on from that one, so its paths
  // are replayed on the model for the states each event really leads to.
  const [initial] = initialTransition(modelMachine, spec.input as never)
  const replay = (events: ReadonlyArray<AnyEventObject>): Walk => {
    const steps: Array<Walk["steps"][number]> = [{ event: { type: "xstate.init" }, state: initial as AnyMachineSnapshot }]
    for (const event of events) {
      const [next] = transition(modelMachine, steps.at(-1)?.state as never, event as never)
      steps.push({ event, state: next as AnyMachineSnapshot })
    }
    return { steps }
  }
  const shortest = model.getShortestPaths({ input: spec.input }).map((path) => replay(path.steps.slice(1).map((s) => s.event)))
  // The view merges states that different transitions lead to, so a shortest path to every state
  // does not walk every transition: each transition no path takes gets a path of its own.
  const paths = coveringWalks(
    modelMachine,
    shortest,
    events,
    serializeBy(distinguish),
    (event) => nameOf(event as EventFromLogic<M>),
    (snapshot) => spec.stopWhen?.(snapshot as SnapshotFrom<M>) ?? false
  )
  recordPaths(spec.machine.id, paths, (event) => nameOf(event as EventFromLogic<M>))
  const allTransitions = transitionsOf(machine)
  const allStates = stateKeysOf(machine)
  const checkKeys = Object.keys(spec.states)
  const uncheckedStates = leafKeysOf(machine).filter((leaf) => !checkKeys.some((key) => covers(key, leaf)))

  const runPath = async (path: Walk, taken: Set<AnyTransitionDefinition>, visited: Set<string>) => {
    pending.clear()
    invocations = []
    // Time passes only when a path takes a delayed transition (for the machine and its children alike).
    const clock = new SimulatedClock()
    const actor: Actor<M> = createActor(machine, {
      input: spec.input,
      clock,
      inspect: (event) => {
        if (event.type !== "@xstate.microstep") return
        for (const t of event._transitions) {
          taken.add(t)
          // A state passed through at once (its `always` leaves it) is never a snapshot's, but was entered.
          visited.add((t as AnyTransitionDefinition).source.path.join("."))
        }
      }
    })
    actor.start()
    const visit = () => {
      for (const key of allStates) if (key !== "" && (actor.getSnapshot() as AnyMachineSnapshot).matches(key)) visited.add(key)
    }
    visit()
    const same = (expected: AnyMachineSnapshot) => {
      const actual: AnyMachineSnapshot = actor.getSnapshot()
      const where = `expected ${JSON.stringify(expected.value)}, running actor is in ${JSON.stringify(actual.value)}`
      if (JSON.stringify(actual.value) !== JSON.stringify(expected.value)) throw new PathFailure(where)
      // The model only knows states up to the spec's view, so that is what must agree.
      const seen = (snapshot: AnyMachineSnapshot) => JSON.stringify(plain(distinguish(snapshot as SnapshotFrom<M>)))
      if (seen(actual) !== seen(expected)) throw new PathFailure(`context differs in ${JSON.stringify(expected.value)}`)
      if (actual.status !== expected.status) throw new PathFailure(`status ${actual.status}, expected ${expected.status}`)
      visit()
    }
    let arrival: Arrival<M> = { via: "start", event: undefined, before: undefined, history: [], callsBefore: 0, emitted: [] }
    let emitted: Array<AnyEventObject> = []
    actor.on("*", (event) => void emitted.push(event as AnyEventObject))
    /** Lets the time of the delayed event's timer pass; returns how long that was. */
    const wait = (type: string): number => {
      const timer = Object.values(actor.system.getSnapshot()._scheduledEvents).find((scheduled) => scheduled.event.type === type)
      if (timer === undefined) throw new PathFailure(`${type} but the running actor has no such timer`)
      const at = () => JSON.stringify((actor.getSnapshot() as AnyMachineSnapshot).value)
      const before = at()
      clock.increment(timer.delay - 1)
      if (at() !== before) throw new PathFailure(`${type} was taken before its ${timer.delay} ms`)
      clock.increment(1)
      return timer.delay
    }
    const step = async ({ event }: { event: EventFromLogic<M> }) => {
      const via = nameOf(event)
      emitted = []
      arrival = { via, event, before: actor.getSnapshot(), history: [...arrival.history, via], callsBefore: invocations.length, emitted }
      if (isDelayed(event)) {
        arrival = { ...arrival, waited: wait(event.type) }
        await settle()
        return
      }
      const done = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type)
      if (done) {
        const [, outcome, id] = done
        const running = pending.get(id ?? "")
        if (!running) throw new PathFailure(`${event.type} but the running actor has not invoked "${id}"`)
        pending.delete(id ?? "")
        if (outcome === "done") running.resolve((event as { output?: unknown }).output)
        else running.reject((event as { error?: unknown }).error)
      } else {
        actor.send(event)
      }
      await settle()
    }
    /** The spec's own word on where the event leads, before the machine's (the model's) is compared. */
    const arrived = ({ via, before }: Arrival<M>) => {
      const rule = spec.leadsTo?.[via]
      if (rule === undefined || before === undefined) return
      const target = typeof rule === "string" ? rule : rule(before)
      const actual = actor.getSnapshot() as AnyMachineSnapshot
      if (!actual.matches(target))
        throw new PathFailure(`${via} must lead to ${target}, but the actor is in ${JSON.stringify(actual.value)}`)
    }
    const checkState = (expected: AnyMachineSnapshot) => {
      same(expected)
      for (const [key, check] of Object.entries(spec.states)) if (expected.matches(key)) check(actor.getSnapshot(), invocations, arrival)
    }
    try {
      const [first, ...rest] = path.steps
      if (first !== undefined) checkState(first.state)
      for (const { event, state } of rest) {
        await step({ event: event as EventFromLogic<M> })
        arrived(arrival)
        checkState(state)
      }
    } finally {
      actor.stop()
    }
  }

  return {
    paths: paths.map(
      (path): ModelPath => ({
        description: `${JSON.stringify(path.steps.at(-1)?.state.value)} via ${
          path.steps
            .slice(1)
            .map((s) => nameOf(s.event as EventFromLogic<M>))
            .join(" → ") || "start"
        }`,
        run: () => runPath(path, new Set(), new Set())
      })
    ),
    /** Replays every path and reports what no path reached. */
    coverage: async (): Promise<Coverage> => {
      const taken = new Set<AnyTransitionDefinition>()
      const visited = new Set<string>()
      for (const path of paths) await runPath(path, taken, visited)
      const walked = new Set(paths.flatMap((path) => path.steps.slice(1).map((s) => nameOf(s.event as EventFromLogic<M>))))
      const result = {
        missingStates: allStates.filter((key) => key !== "" && !visited.has(key)),
        missingTransitions: [
          ...allTransitions.filter((t) => !taken.has(t)).map(describeTransition),
          ...Object.keys(spec.leadsTo ?? {})
            .filter((name) => !walked.has(name))
            .map((name) => `${name}: the spec says where it leads, but no path takes it`)
        ],
        uncheckedStates
      }
      return result
    }
  }
}

// The walks a model test runs (modelHarness.ts): the shortest path to every state the spec tells
// apart, strung together so that every transition is taken, and the graph facts the coverage check
// reads (every transition, every state, every leaf).
import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine, AnyStateNode, AnyTransitionDefinition, SnapshotFrom } from "xstate"
import { transition } from "xstate"
import { getStateNodes } from "xstate/graph"

export const describeTransition = (t: AnyTransitionDefinition): string =>
  `${t.source.id} --${t.eventType}--> ${t.target?.map((n: AnyStateNode) => n.id).join(",") ?? "(self)"}${t.guard ? ` [${typeof t.guard === "object" && "type" in t.guard ? t.guard.type : "guard"}]` : ""}`

export const transitionsOf = (machine: AnyStateMachine): ReadonlyArray<AnyTransitionDefinition> =>
  getStateNodes(machine.root).flatMap((node) => [...[...node.transitions.values()].flat(), ...(node.always ?? [])])

export const stateKeysOf = (machine: AnyStateMachine): ReadonlyArray<string> =>
  getStateNodes(machine.root)
    .filter((node) => node.type !== "history")
    .map((node) => node.path.join("."))

export const serializeBy =
  <M extends AnyStateMachine>(distinguish: (snapshot: SnapshotFrom<M>) => unknown) =>
  (snapshot: AnyMachineSnapshot): string =>
    JSON.stringify(distinguish(snapshot as SnapshotFrom<M>))

/** A path of the model: the events from the initial state, each with the state the model says it leads to. */
export interface Walk {
  readonly steps: ReadonlyArray<{ readonly event: AnyEventObject; readonly state: AnyMachineSnapshot }>
}

/** Steps a walk may grow by while it still tries events no other walk tried there: long enough to
 * string several together, short enough that a failing path stays readable. */
const MAX_EXTENSION = 6

/**
 * The walks a model runs: every state the view tells apart is reached, and every event the spec
 * names is tried from every state of the view where it takes a transition (a role change with
 * someone chosen, not only with no one; a refused 403 as well as a lost connection, though the
 * machine may treat them alike: the checks say whether it should), and nothing more. A walk that
 * only repeats what others do is dropped (the shortest path to a state is the start of the path to
 * the next one, and every step is checked on the way), and a walk that ends where an event nobody
 * tried there yet is enabled tries it, so the events are strung along fewer paths instead of one
 * path each.
 */
export const coveringWalks = (
  modelMachine: AnyStateMachine,
  shortest: ReadonlyArray<Walk>,
  events: ReadonlyArray<AnyEventObject>,
  view: (snapshot: AnyMachineSnapshot) => string,
  nameOf: (event: AnyEventObject) => string,
  stops: (snapshot: AnyMachineSnapshot) => boolean
): ReadonlyArray<Walk> => {
  // The transitions count too: a guard may read more of the context than the view shows. Where the
  // walk stops (a done machine, the spec's stopWhen), no event is tried.
  const taken = (state: AnyMachineSnapshot, event: AnyEventObject) =>
    state.status !== "active" || stops(state)
      ? []
      : modelMachine
          .getTransitionData(state as never, event as never)
          .map((t) => `${view(state)} ${nameOf(event)} ${describeTransition(t as AnyTransitionDefinition)}`)
  /** What a walk shows: the states of the view it passes, and each named event tried from each of them. */
  const shows = (walk: Walk): ReadonlyArray<string> =>
    walk.steps.flatMap((step, i) => {
      const before = walk.steps[i - 1]?.state
      return [`state ${view(step.state)}`, ...(before === undefined ? [] : taken(before, step.event))]
    })
  const covered = new Set<string>()
  const news = (walk: Walk) => shows(walk).some((item) => !covered.has(item))
  const take = (walk: Walk) => {
    for (const item of shows(walk)) covered.add(item)
  }
  const step = (walk: Walk, event: AnyEventObject): Walk => {
    const [next] = transition(modelMachine, walk.steps.at(-1)?.state as never, event as never)
    return { steps: [...walk.steps, { event, state: next as AnyMachineSnapshot }] }
  }
  /** Takes, from where the walk ends, transitions no walk took yet, while there are some. */
  const extend = (walk: Walk): Walk => {
    let current = walk
    for (let grown = 0; grown < MAX_EXTENSION; grown++) {
      const end = current.steps.at(-1)?.state
      const event = end === undefined ? undefined : events.find((candidate) => taken(end, candidate).some((t) => !covered.has(t)))
      if (event === undefined) break
      current = step(current, event)
      take(current)
    }
    return current
  }
  const kept: Array<Walk> = []
  // Longest first, so that a path that is the start of another adds nothing and goes.
  for (const walk of [...shortest].sort((a, b) => b.steps.length - a.steps.length)) {
    if (!news(walk)) continue
    take(walk)
    kept.push(extend(walk))
  }
  // Every state on the way counts: each transition enabled there that no walk took gets a walk.
  for (const walk of shortest) {
    walk.steps.forEach((at, reached) => {
      for (const event of events) {
        if (!taken(at.state, event).some((t) => !covered.has(t))) continue
        const walked = step({ steps: walk.steps.slice(0, reached + 1) }, event)
        take(walked)
        kept.push(extend(walked))
      }
    })
  }
  return kept
}

export const leafKeysOf = (machine: AnyStateMachine): ReadonlyArray<string> =>
  getStateNodes(machine.root)
    .filter((node) => node.type === "atomic" || node.type === "final")
    .map((node) => node.path.join("."))

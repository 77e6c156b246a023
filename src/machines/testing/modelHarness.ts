// Model-based testing for our machines (DESIGN.md section 7). `createTestModel` walks the machine's
// graph and gives the shortest path to every state-and-transition; each path is then replayed on a
// real actor of the same machine, whose invoked programs are replaced by promises the path settles.
// After every step the running actor must be exactly where the model says (value, context, status),
// and the transitions the running actors actually took must include every transition the machine has.
import {
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type Actor,
  createActor,
  type EventFromLogic,
  fromPromise,
  type InputFrom,
  type SnapshotFrom
} from "xstate"
import { createTestModel, getStateNodes } from "xstate/graph"
import { modelOf } from "./invocationFreeModel.ts"

/** One run of an invoked promise actor: what it was given, and how the path ends it. */
export interface Invocation {
  readonly src: string
  readonly input: unknown
}

export interface ModelSpec<M extends AnyStateMachine> {
  readonly machine: M
  /** The machine's invoked promise actors, each invoked with `id` equal to its `src`. */
  readonly promiseActors: ReadonlyArray<string>
  /** Other implementations for the run, e.g. a silent callback actor. */
  readonly provide?: Parameters<M["provide"]>[0]
  readonly input?: InputFrom<M>
  /** Payloads the model tries: form values (valid and not), actor outputs, actor errors. */
  readonly events: ReadonlyArray<EventFromLogic<M>>
  /**
   * Checks on the running actor when the model is in a state (keys as for `snapshot.matches`),
   * beyond being in that state: what the user is shown, what the programs were called with.
   */
  readonly states?: Readonly<
    Record<string, (actual: SnapshotFrom<M>, invocations: ReadonlyArray<Invocation>) => void>
  >
  /**
   * Where the graph walk stops expanding, for machines whose context can grow without end (a count
   * of listeners): the walk would otherwise never finish.
   */
  readonly stopWhen?: (snapshot: SnapshotFrom<M>) => boolean
  /**
   * What tells two states apart for the walk; by default the state value and the whole context.
   * A coarser view keeps the walk small when independent events (selection, view mode) would
   * otherwise multiply it. The running actor must then agree with the model on that view (and the
   * `states` checks see the real snapshot); coverage still proves no state or transition was lost.
   */
  readonly distinguish?: (snapshot: SnapshotFrom<M>) => unknown
  /**
   * Also give a path to every transition that no shortest path takes (one that leads to a state
   * reached another way, e.g. submitting an invalid form after its blur check said the same).
   * Always on with `distinguish`.
   */
  readonly everyTransition?: boolean
}

export interface ModelPath {
  readonly description: string
  readonly run: () => Promise<void>
}

export interface Coverage {
  readonly missingStates: ReadonlyArray<string>
  readonly missingTransitions: ReadonlyArray<string>
}

class PathFailure extends Error {}

const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

/** Plain data for comparison: Files and Dates are compared by their JSON form. */
const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value ?? null))

const describeTransition = (t: AnyTransitionDefinition): string =>
  `${t.source.id} --${t.eventType}--> ${t.target?.map((n: AnyStateNode) => n.id).join(",") ?? "(self)"}${t.guard ? ` [${typeof t.guard === "object" && "type" in t.guard ? t.guard.type : "guard"}]` : ""}`

const transitionsOf = (machine: AnyStateMachine): ReadonlyArray<AnyTransitionDefinition> =>
  getStateNodes(machine.root).flatMap((node) => [...[...node.transitions.values()].flat(), ...(node.always ?? [])])

const stateKeysOf = (machine: AnyStateMachine): ReadonlyArray<string> =>
  getStateNodes(machine.root)
    .filter((node) => node.type !== "history")
    .map((node) => node.path.join("."))

const serializeBy =
  <M extends AnyStateMachine>(distinguish: (snapshot: SnapshotFrom<M>) => unknown) =>
  (snapshot: AnyMachineSnapshot): string =>
    JSON.stringify(distinguish(snapshot as SnapshotFrom<M>))

type TestModelOf<M extends AnyStateMachine> = ReturnType<typeof createTestModel<M>>
type TestPathOf<M extends AnyStateMachine> = ReturnType<TestModelOf<M>["getShortestPaths"]>[number]

/** The shortest path to a state the model knows, extended by each event that takes a transition no path took yet. */
const transitionPaths = <M extends AnyStateMachine>(
  model: TestModelOf<M>,
  modelMachine: M,
  shortest: ReadonlyArray<TestPathOf<M>>,
  spec: ModelSpec<M>
): ReadonlyArray<TestPathOf<M>> => {
  const taken = (state: AnyMachineSnapshot, event: EventFromLogic<M>) =>
    modelMachine.getTransitionData(state as never, event as never).map((t) => describeTransition(t as AnyTransitionDefinition))
  const covered = new Set<string>()
  for (const path of shortest)
    path.steps.forEach((step, i) => {
      const before = path.steps[i - 1]?.state
      if (before !== undefined) for (const t of taken(before as AnyMachineSnapshot, step.event as EventFromLogic<M>)) covered.add(t)
    })
  const extra: Array<TestPathOf<M>> = []
  // Every state on the way counts: the library drops a path that is the start of a longer one.
  for (const path of shortest) {
    path.steps.forEach((step, reached) => {
      for (const event of spec.events) {
        const fresh = taken(step.state as AnyMachineSnapshot, event).filter((t) => !covered.has(t))
        if (fresh.length === 0) continue
        for (const t of fresh) covered.add(t)
        const events = [...path.steps.slice(1, reached + 1).map((s) => s.event as EventFromLogic<M>), event]
        // From the path's own first state: the library would otherwise start without the input.
        extra.push(...model.getPathsFromEvents(events, { input: spec.input, fromState: path.steps[0]?.state }))
      }
    })
  }
  return extra
}

export const modelFor = <M extends AnyStateMachine>(spec: ModelSpec<M>) => {
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
    events: [...spec.events],
    input: spec.input,
    ...(spec.stopWhen === undefined ? {} : { stopWhen: spec.stopWhen }),
    ...(spec.distinguish === undefined ? {} : { serializeState: serializeBy(spec.distinguish) })
  })
  const shortest = model.getShortestPaths({ input: spec.input })
  // A coarse view merges states that different transitions lead to, so a shortest path to every state
  // no longer walks every transition: each transition no path takes gets a path of its own.
  const walkEveryTransition = spec.everyTransition === true || spec.distinguish !== undefined
  const paths = walkEveryTransition ? [...shortest, ...transitionPaths(model, modelMachine, shortest, spec)] : shortest
  const allTransitions = transitionsOf(machine)
  const allStates = stateKeysOf(machine)

  const runPath = async (path: (typeof paths)[number], taken: Set<AnyTransitionDefinition>, visited: Set<string>) => {
    pending.clear()
    invocations = []
    const actor: Actor<M> = createActor(machine, {
      input: spec.input,
      inspect: (event) => {
        if (event.type === "@xstate.microstep") for (const t of event._transitions) taken.add(t)
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
      // With `distinguish` the model only knows states up to that view, so that is what must agree.
      const seen = (snapshot: AnyMachineSnapshot) =>
        JSON.stringify(spec.distinguish === undefined ? plain(snapshot.context) : plain(spec.distinguish(snapshot as SnapshotFrom<M>)))
      if (seen(actual) !== seen(expected)) throw new PathFailure(`context differs in ${JSON.stringify(expected.value)}`)
      if (actual.status !== expected.status) throw new PathFailure(`status ${actual.status}, expected ${expected.status}`)
      visit()
    }
    const checks = Object.fromEntries(
      Object.entries(spec.states ?? {}).map(([key, check]) => [
        key,
        (expected: AnyMachineSnapshot) => {
          same(expected)
          check(actor.getSnapshot(), invocations)
        }
      ])
    )
    const step = async ({ event }: { event: EventFromLogic<M> }) => {
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
    const events = Object.fromEntries(path.steps.map(({ event }) => [event.type, step]))
    try {
      await path.test({ events, states: { ...checks, "*": same } } as Parameters<typeof path.test>[0])
    } finally {
      actor.stop()
    }
  }

  return {
    paths: paths.map(
      (path): ModelPath => ({
        description: `${JSON.stringify((path.state as AnyMachineSnapshot).value)} via ${path.steps.map((s) => s.event.type).join(" → ") || "start"}`,
        run: () => runPath(path, new Set(), new Set())
      })
    ),
    /** Replays every path and reports what no path reached. */
    coverage: async (): Promise<Coverage> => {
      const taken = new Set<AnyTransitionDefinition>()
      const visited = new Set<string>()
      for (const path of paths) await runPath(path, taken, visited)
      return {
        missingStates: allStates.filter((key) => key !== "" && !visited.has(key)),
        missingTransitions: allTransitions.filter((t) => !taken.has(t)).map(describeTransition)
      }
    }
  }
}

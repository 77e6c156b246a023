// Readable paths for QA: the shortest path to every state of the machine's graph, walked by
// xstate/graph over the same invocation-free model the model-based tests walk (`modelOf`), with
// every event the machine names tried from every state. Each path reads as given/when/then steps.
// The model tests add named payloads (valid and invalid form values) from their spec; here each
// event is tried bare, so a transition behind a guard on the payload may not appear.
import { type AnyEventObject, type AnyMachineSnapshot, type AnyStateMachine, transition } from "xstate"
import { getShortestPaths, getStateNodes } from "xstate/graph"
import { isDelayed } from "../testing/delays.ts"
import { modelOf } from "../testing/invocationFreeModel.ts"
import { eventLabel } from "./mermaid.ts"

export interface Step {
  readonly given: string
  readonly when: string
  readonly after: string
}

export interface FlowPath {
  readonly target: string
  readonly steps: ReadonlyArray<Step>
}

/** A snapshot's state value as "a.b" (parallel regions joined with " + "). */
export const stateLabel = (snapshot: AnyMachineSnapshot): string => {
  const flat = (value: unknown, prefix: string): ReadonlyArray<string> =>
    typeof value === "string"
      ? [`${prefix}${value}`]
      : Object.entries(value as Record<string, unknown>).flatMap(([key, child]) => flat(child, `${prefix}${key}.`))
  return flat(snapshot.value, "").join(" + ")
}

/** The event types the machine reacts to anywhere, done and error events of its actors included. */
export const eventTypesOf = (machine: AnyStateMachine): ReadonlyArray<string> =>
  [...new Set(getStateNodes(machine.root).flatMap((node) => [...node.transitions.keys()]))].filter((type) => type !== "" && type !== "*")

export const pathsOf = (machine: AnyStateMachine, input?: unknown): ReadonlyArray<FlowPath> => {
  const model = modelOf(machine)
  const events: ReadonlyArray<AnyEventObject> = eventTypesOf(model).map((type) => ({ type }))
  // A bare event whose guard or action reads its payload (the slide a load answered) cannot be
  // taken without one: such an event is left out from that state instead of ending the walk.
  const takeable = (snapshot: AnyMachineSnapshot) =>
    events.filter((event) => {
      try {
        transition(model, snapshot as never, event as never)
        return true
      } catch {
        return false
      }
    })
  // Like the model tests, states are told apart by their value alone (a growing context would keep
  // the walk going), and a walk larger than any of our machines stops with an error.
  const paths = getShortestPaths(model, {
    events: takeable,
    input,
    serializeState: (snapshot: AnyMachineSnapshot) => JSON.stringify(snapshot.value),
    limit: 5000
  } as never)
  return paths.map((path) => ({
    target: stateLabel(path.state as AnyMachineSnapshot),
    steps: path.steps.slice(1).map((step, i) => ({
      given: stateLabel(path.steps[i]?.state as AnyMachineSnapshot),
      // A delayed transition reads as its wait ("after 200 ms"), not as XState's event for it.
      when: isDelayed(step.event) ? eventLabel(step.event.type) : step.event.type,
      after: stateLabel(step.state as AnyMachineSnapshot)
    }))
  }))
}

/** One path as given/when/then steps. */
export const formatWalk = (name: string, n: number, path: FlowPath): string =>
  [
    `Path ${n} of ${name}: to ${path.target}`,
    ...(path.steps.length === 0
      ? [`  Given ${path.target} (the start)`]
      : path.steps.map((s) => `  Given ${s.given}, when ${s.when}, then ${s.after}`))
  ].join("\n")

export const formatPaths = (name: string, paths: ReadonlyArray<FlowPath>): string =>
  paths.map((path, n) => formatWalk(name, n + 1, path)).join("\n\n")

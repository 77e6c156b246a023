// `createTestModel` refuses machines that invoke actors: its graph walk cannot run them. The model
// is therefore the same statechart with each invocation replaced by what it stands for, transitions
// on its done and error events. The real machine, invocations and all, is what the paths run on.
//
// A silent stand-in is still spawned for the state's time under the invocation's id, so that the
// machine's `sendTo` an invoked child (an upload asking its transfer to try now) resolves in the walk
// as it does in the run.
//
// It also refuses delayed transitions (`after`): in the model each is the transition on the event the
// machine takes it on, `xstate.after.<delay>.<state id>` (delays.ts), so the walk reaches what lies
// behind a wait, and the paths' runs take that event by letting the time pass.
import { type AnyStateMachine, createMachine, fromCallback, spawnChild, stopChild } from "xstate"

type NodeConfig = {
  readonly id?: string
  readonly after?: Record<string, unknown>
  readonly invoke?: unknown
  readonly on?: Record<string, unknown>
  readonly states?: Record<string, NodeConfig>
  readonly entry?: unknown
  readonly exit?: unknown
  readonly [key: string]: unknown
}
type InvokeConfig = { readonly id?: string; readonly onDone?: unknown; readonly onError?: unknown }

/** Stands for an invoked actor in the walk: it exists, hears events and does nothing. */
const standIn = fromCallback(() => undefined)

const listOf = (actions: unknown): ReadonlyArray<unknown> => (actions === undefined ? [] : Array.isArray(actions) ? actions : [actions])

/** Where the model is: the machine's id and the node's path, which name the node's delayed events. */
interface At {
  readonly machineId: string
  readonly path: ReadonlyArray<string>
}

const withoutInvocations = (node: NodeConfig, at: At): NodeConfig => {
  const { invoke, states, on, entry, exit, after, ...rest } = node
  // As the machine names them: the node's own id, or the machine's id and the node's path.
  const nodeId = node.id ?? [at.machineId, ...at.path].join(".")
  const waits = Object.fromEntries(
    Object.entries(after ?? {}).map(([delay, transition]) => [`xstate.after.${delay}.${nodeId}`, transition])
  )
  const invocations = listOf(invoke) as ReadonlyArray<InvokeConfig>
  const outcomes: Record<string, unknown> = {}
  const ids: Array<string> = []
  for (const { id, onDone, onError } of invocations) {
    if (id === undefined) throw new Error("Give every invocation an id, so its done and error events have a name")
    ids.push(id)
    if (onDone !== undefined) outcomes[`xstate.done.actor.${id}`] = onDone
    if (onError !== undefined) outcomes[`xstate.error.actor.${id}`] = onError
  }
  const spawned = ids.map((id) => spawnChild(standIn, { id }))
  const stopped = ids.map((id) => stopChild(id))
  return {
    ...rest,
    ...(entry === undefined && ids.length === 0 ? {} : { entry: [...spawned, ...listOf(entry)] }),
    ...(exit === undefined && ids.length === 0 ? {} : { exit: [...listOf(exit), ...stopped] }),
    ...(on === undefined && invocations.length === 0 && after === undefined ? {} : { on: { ...on, ...outcomes, ...waits } }),
    ...(states === undefined
      ? {}
      : {
          states: Object.fromEntries(
            Object.entries(states).map(([key, child]) => [key, withoutInvocations(child, { ...at, path: [...at.path, key] })])
          )
        })
  }
}

export const modelOf = <M extends AnyStateMachine>(machine: M): M =>
  createMachine(
    withoutInvocations(machine.config as NodeConfig, { machineId: machine.id, path: [] }) as never,
    machine.implementations as never
  ) as unknown as M

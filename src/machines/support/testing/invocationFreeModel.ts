// `createTestModel` refuses machines that invoke actors: its graph walk cannot run them. The model
// is therefore the same statechart with each invocation replaced by what it stands for, transitions
// on its done and error events. The real machine, invocations and all, is what the paths run on.
import { type AnyStateMachine, createMachine } from "xstate"

type NodeConfig = {
  readonly invoke?: unknown
  readonly on?: Record<string, unknown>
  readonly states?: Record<string, NodeConfig>
  readonly [key: string]: unknown
}
type InvokeConfig = { readonly id?: string; readonly onDone?: unknown; readonly onError?: unknown }

const withoutInvocations = (node: NodeConfig): NodeConfig => {
  const { invoke, states, on, ...rest } = node
  const invocations = (invoke === undefined ? [] : Array.isArray(invoke) ? invoke : [invoke]) as ReadonlyArray<InvokeConfig>
  const outcomes: Record<string, unknown> = {}
  for (const { id, onDone, onError } of invocations) {
    if (id === undefined) throw new Error("Give every invocation an id, so its done and error events have a name")
    if (onDone !== undefined) outcomes[`xstate.done.actor.${id}`] = onDone
    if (onError !== undefined) outcomes[`xstate.error.actor.${id}`] = onError
  }
  return {
    ...rest,
    ...(on === undefined && invocations.length === 0 ? {} : { on: { ...on, ...outcomes } }),
    ...(states === undefined
      ? {}
      : { states: Object.fromEntries(Object.entries(states).map(([key, child]) => [key, withoutInvocations(child)])) })
  }
}

export const modelOf = <M extends AnyStateMachine>(machine: M): M =>
  createMachine(withoutInvocations(machine.config as NodeConfig) as never, machine.implementations as never) as unknown as M

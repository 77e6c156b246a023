// Proves that generated test paths exercise every state and every transition (each guarded branch)
// of a machine, so a model test cannot silently shrink when the machine grows.
import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode } from "xstate"

interface Step {
  readonly event: { readonly type: string }
  readonly state: AnyMachineSnapshot
}
interface Path {
  readonly steps: ReadonlyArray<Step>
}

interface Transition {
  readonly key: string
  readonly source: AnyStateNode
  readonly eventType: string
  readonly targets: ReadonlyArray<AnyStateNode>
}

const allNodes = (node: AnyStateNode): AnyStateNode[] => [node, ...Object.values(node.states).flatMap((child) => allNodes(child))]

/** Every atomic state of the machine, by id ("sidebar.free.expanded"). */
export const atomicStateIds = (machine: AnyStateMachine): string[] =>
  allNodes(machine.root)
    .filter((node) => node.type === "atomic" || node.type === "final")
    .map((node) => node.id)

/** Every transition candidate (each guarded branch apart), with its source and targets. */
export const transitionsOf = (machine: AnyStateMachine): Transition[] =>
  allNodes(machine.root).flatMap((node) =>
    [...node.transitions.entries()].flatMap(([eventType, candidates]) =>
      candidates.map((candidate, index) => {
        const targets: ReadonlyArray<AnyStateNode> = candidate.target ?? [node]
        return {
          key: `${node.id} --${eventType}[${index}]--> ${targets.map((t) => t.id).join(",")}`,
          source: node,
          eventType,
          targets
        }
      })
    )
  )

const isIn = (snapshot: AnyMachineSnapshot, node: AnyStateNode) => (snapshot._nodes as AnyStateNode[]).includes(node)

/** States and transitions that none of the paths went through; both lists are empty when coverage is complete. */
export const uncovered = (machine: AnyStateMachine, paths: ReadonlyArray<Path>) => {
  const seenStates = new Set<string>()
  const seenTransitions = new Set<string>()
  const transitions = transitionsOf(machine)
  for (const path of paths) {
    path.steps.forEach((step, i) => {
      for (const node of step.state._nodes as AnyStateNode[]) seenStates.add(node.id)
      const previous = path.steps[i - 1]?.state
      if (!previous) return
      for (const t of transitions) {
        if (t.eventType === step.event.type && isIn(previous, t.source) && t.targets.every((target) => isIn(step.state, target))) {
          seenTransitions.add(t.key)
        }
      }
    })
  }
  return {
    states: atomicStateIds(machine).filter((id) => !seenStates.has(id)),
    transitions: transitions.map((t) => t.key).filter((key) => !seenTransitions.has(key))
  }
}

/**
 * Test model option that makes every transition (not only every state) its own vertex of the graph,
 * so `getShortestPaths()` yields one path per transition, including ones that return to a state
 * already seen (e.g. an event that only updates context and then is undone).
 */
export const everyTransition = {
  serializeTransition: (_state: AnyMachineSnapshot, event: { type: string } | undefined, previous?: AnyMachineSnapshot) =>
    event && previous ? ` via ${JSON.stringify(event)} from ${JSON.stringify({ value: previous.value, context: previous.context })}` : ""
}

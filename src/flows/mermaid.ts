// A machine as a Mermaid state diagram (stateDiagram-v2): nested states as composite states,
// parallel regions separated by `--`, each transition labelled with its event, its guard in
// brackets and its delay as "after N ms"; invoked actors are written into the state's description.
// Mermaid lays it out; state ids are numbered (S<n>X) so a click on the drawing finds its state.
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from "xstate"
import { getStateNodes } from "xstate/graph"

export interface Diagram {
  readonly text: string
  /** The state nodes by their Mermaid id, for clicks on the drawing. */
  readonly nodes: ReadonlyMap<string, AnyStateNode>
}

const guardName = (guard: unknown): string | undefined => {
  if (guard === undefined) return undefined
  if (typeof guard === "string") return guard
  if (typeof guard === "object" && guard !== null && "type" in guard) return String((guard as { type: unknown }).type)
  return (guard as { name?: string }).name || "guard"
}

/**
 * "xstate.after.500.machine.state" reads "after 500 ms", a named delay ("xstate.after.pause.transfer.waiting")
 * "after pause"; done/error events read as such.
 */
export const eventLabel = (eventType: string): string => {
  const after = /^xstate\.after\.([^.]+)\./.exec(eventType)
  if (after) return /^\d+$/.test(after[1] ?? "") ? `after ${after[1]} ms` : `after ${after[1]}`
  const done = /^xstate\.(done|error)\.actor\.(.+)$/.exec(eventType)
  if (done) return `${done[2]} ${done[1] === "done" ? "done" : "failed"}`
  return eventType === "" ? "always" : eventType
}

export const transitionLabel = (t: AnyTransitionDefinition): string => {
  const guard = guardName(t.guard)
  return `${eventLabel(t.eventType)}${guard ? ` [${guard}]` : ""}`
}

/** Mermaid reads ":" and some symbols in labels as syntax. */
const safe = (text: string): string => text.replace(/[:;#{}]/g, " ").replace(/"/g, "'")

export const transitionsOf = (node: AnyStateNode): ReadonlyArray<AnyTransitionDefinition> => [
  ...[...node.transitions.values()].flat(),
  ...(node.always ?? [])
]

export const diagramOf = (machine: AnyStateMachine): Diagram => {
  const all = [machine.root, ...getStateNodes(machine.root).filter((node) => node !== machine.root)]
  const idOf = new Map<AnyStateNode, string>(all.map((node, n) => [node, `S${n}X`]))
  const nodes = new Map([...idOf].map(([node, id]) => [id, node]))
  const lines: Array<string> = ["stateDiagram-v2"]
  const edges: Array<string> = []
  const draw = (node: AnyStateNode, indent: string) => {
    const id = idOf.get(node) ?? ""
    const children = Object.values(node.states) as ReadonlyArray<AnyStateNode>
    const invokes = node.invoke.map((invoke) => `invokes ${safe(String(invoke.src))}`)
    // Mermaid refuses a description on a composite state, so its invocations go into its name.
    const title = `${safe(node.key)}${node.type === "parallel" ? " (parallel)" : ""}`
    lines.push(`${indent}state "${children.length > 0 && invokes.length > 0 ? `${title} · ${invokes.join(", ")}` : title}" as ${id}`)
    if (children.length === 0) for (const line of invokes) lines.push(`${indent}${id} : ${line}`)
    if (node.type === "final") lines.push(`${indent}${id} --> [*]`)
    if (children.length > 0) {
      lines.push(`${indent}state ${id} {`)
      children.forEach((child, n) => {
        if (node.type === "parallel" && n > 0) lines.push(`${indent}  --`)
        if (node.type !== "parallel" && child.key === node.initial?.target[0]?.key) lines.push(`${indent}  [*] --> ${idOf.get(child)}`)
        draw(child, `${indent}  `)
      })
      lines.push(`${indent}}`)
    }
    for (const t of transitionsOf(node))
      for (const target of t.target ?? [node]) edges.push(`${id} --> ${idOf.get(target) ?? id} : ${safe(transitionLabel(t))}`)
  }
  // The root is drawn as a composite state too, so a parallel machine keeps its regions apart.
  draw(machine.root, "")
  return { text: [...lines, ...edges].join("\n"), nodes }
}

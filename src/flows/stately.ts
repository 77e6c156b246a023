// The files Stately Studio imports: the machine's JSON definition (`machine.toJSON()`) and a
// standalone `createMachine({...})` source. Implementations (actions, guards, actors given to
// `setup`) are code that Studio cannot import, so they are written as their names: Studio shows
// them as named actions, guards and actors, which is what a designer reads.
import type { AnyStateMachine } from "xstate"
import type { Flow } from "./catalog.ts"

/** The name a function implementation is known by: xstate's built-in actions carry a `type`. */
const nameOfFunction = (fn: unknown): string => {
  const typed = (fn as { type?: unknown }).type
  if (typeof typed === "string") return typed
  const name = (fn as { name?: unknown }).name
  return typeof name === "string" && name !== "" ? name : "inline"
}

/** The config as plain data: functions become their names; a computed context becomes `{}`. */
/** The definition's state nodes point back at their parents; a repeat on the way down is written by id. */
export const plainConfig = (value: unknown, key = "", above: ReadonlyArray<object> = []): unknown => {
  if (typeof value === "function") return key === "context" ? {} : nameOfFunction(value)
  if (value === null || typeof value !== "object") return value
  if (above.includes(value)) return `#${String((value as { id?: unknown }).id ?? "circular")}`
  const path = [...above, value]
  if (Array.isArray(value)) return value.map((item) => plainConfig(item, "", path))
  // Class instances (a state node referred to by a transition, a Date) are written as an id or text.
  const proto = Object.getPrototypeOf(value)
  if (!Array.isArray(value) && proto !== Object.prototype && proto !== null) {
    const id = (value as { id?: unknown }).id
    return typeof id === "string" ? `#${id}` : String(value)
  }
  return Object.fromEntries(
    Object.entries(value)
      .filter(([k, item]) => item !== undefined && k !== "toJSON")
      .map(([k, item]) => [k, plainConfig(item, k, path)])
  )
}

export const statelyJson = (machine: AnyStateMachine): string => JSON.stringify(plainConfig(machine.toJSON()), null, 2)

export const statelySource = (flow: Flow): string =>
  [
    `// ${flow.name} from src/machines/${flow.file}, for import into Stately Studio.`,
    `// Actions, guards and actors are named here; their code lives in the source file.`,
    `import { createMachine } from "xstate"`,
    ``,
    `export const machine = createMachine(${JSON.stringify(plainConfig(flow.machine.config), null, 2)})`,
    ``
  ].join("\n")

export interface ExportFile {
  readonly path: string
  readonly contents: string
}

/** Every file of the export: per machine its JSON and source, and an index listing them. */
export const exportFiles = (flows: ReadonlyArray<Flow>): ReadonlyArray<ExportFile> => {
  const files = flows.flatMap((flow) => [
    { path: `${flow.feature}/${flow.name}.json`, contents: `${statelyJson(flow.machine)}\n` },
    { path: `${flow.feature}/${flow.name}.ts`, contents: statelySource(flow) }
  ])
  const index = flows.map((flow) => ({
    id: flow.id,
    feature: flow.feature,
    name: flow.name,
    source: `src/machines/${flow.file}`,
    json: `${flow.feature}/${flow.name}.json`,
    createMachine: `${flow.feature}/${flow.name}.ts`
  }))
  return [...files, { path: "index.json", contents: `${JSON.stringify(index, null, 2)}\n` }]
}

// The flows a designer can open: every state machine exported by a `src/machines/**/*.machine.ts`
// module, grouped by its feature folder. The modules are found by the caller (a glob in the node
// script and the gallery alike), so a machine added later shows without anyone listing it here.
import type { AnyStateMachine } from "xstate"

export interface Flow {
  /** The feature folder under src/machines, e.g. "annotation". */
  readonly feature: string
  /** The module path from src/machines, e.g. "annotation/tools.machine.ts". */
  readonly file: string
  /** The exported name, e.g. "toolsMachine". */
  readonly name: string
  /** A file-safe unique id, e.g. "annotation.toolsMachine". */
  readonly id: string
  readonly machine: AnyStateMachine
}

/** A StateMachine by shape: xstate's class is not exported for `instanceof`. */
export const isMachine = (value: unknown): value is AnyStateMachine =>
  typeof value === "object" &&
  value !== null &&
  "root" in value &&
  "config" in value &&
  typeof (value as { provide?: unknown }).provide === "function" &&
  typeof (value as { toJSON?: unknown }).toJSON === "function"

/** Module path as globbed ("…/machines/annotation/tools.machine.ts") to its path under src/machines. */
export const machineFileOf = (path: string): string => path.replace(/\\/g, "/").replace(/^.*\/machines\//, "")

/** Every machine exported by the given modules, keyed by their path, sorted by feature then name. */
export const flowsOf = (modules: Readonly<Record<string, Readonly<Record<string, unknown>>>>): ReadonlyArray<Flow> =>
  Object.entries(modules)
    .flatMap(([path, exports]) => {
      const file = machineFileOf(path)
      const feature = file.split("/")[0] ?? ""
      return Object.entries(exports)
        .filter((entry): entry is [string, AnyStateMachine] => isMachine(entry[1]))
        .map(([name, machine]) => ({ feature, file, name, id: `${feature}.${name}`, machine }))
    })
    .sort((a, b) => a.id.localeCompare(b.id))

// `npm run flows -- --paths <machine>` prints the paths a machine's model test runs. The paths need
// the test's own payloads (a load's answer, form values), which only the test has, so the script
// runs that test with FLOW_PATHS_OUT set and each model writes its walks there as given/when/then.
import { appendFileSync } from "node:fs"
import type { AnyEventObject, AnyMachineSnapshot } from "xstate"
import { eventLabel } from "../flows/mermaid.ts"
import { type FlowPath, formatWalk, stateLabel } from "../flows/paths.ts"
import type { Walk } from "./coveringWalks.ts"
import { isDelayed } from "./delays.ts"

/** A spec that lists its events unnamed names each by its type: then its payload, shortened, tells them apart. */
const described = (event: AnyEventObject, name: string): string => {
  if (name !== event.type) return name
  const { type: _, ...payload } = event
  const json = JSON.stringify(payload)
  if (json === "{}") return name
  return `${name} ${json.length > 70 ? `${json.slice(0, 69)}…` : json}`
}

const flowPath = (walk: Walk, nameOf: (event: AnyEventObject) => string): FlowPath => ({
  target: stateLabel(walk.steps.at(-1)!.state as AnyMachineSnapshot),
  steps: walk.steps.slice(1).map((step, i) => ({
    given: stateLabel(walk.steps[i]!.state as AnyMachineSnapshot),
    // A delayed transition reads as its wait ("after 200 ms"), not as XState's event for it.
    when: isDelayed(step.event) ? eventLabel(step.event.type) : described(step.event, nameOf(step.event)),
    after: stateLabel(step.state as AnyMachineSnapshot)
  }))
})

export const recordPaths = (machineId: string, walks: ReadonlyArray<Walk>, nameOf: (event: AnyEventObject) => string): void => {
  const out = process.env.FLOW_PATHS_OUT
  if (!out) return
  const text = walks.map((walk, n) => formatWalk(machineId, n + 1, flowPath(walk, nameOf))).join("\n\n")
  appendFileSync(out, `${JSON.stringify({ machine: machineId, paths: walks.length, text })}\n`)
}

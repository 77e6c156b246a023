// Live inspection: with `?inspect` in the address of a development build, the app's actors report to
// the Stately inspector (a window of its own), so the real flows can be watched as they move. It is
// decided once, before the first render (main.tsx), and every root actor is given it (useActorRef in
// src/views). A production build never loads the inspector: its import is behind
// `import.meta.env.DEV`, which the build replaces with false, so the branch and the chunk are gone.
import type { InspectionEvent, Observer } from "xstate"

/** The option a root actor is given: the inspector's `inspect`, or nothing. */
export interface Inspection {
  readonly inspect?: Observer<InspectionEvent>
}

const none: Inspection = {}
let current: Inspection = none

/** Only a development build asked with `?inspect` creates the inspector. */
export const inspectionFor = async (dev: boolean, search: string, create: () => Promise<Observer<InspectionEvent>>): Promise<Inspection> =>
  dev && new URLSearchParams(search).has("inspect") ? { inspect: await create() } : none

/** Decides, once at start, whether the app's actors are inspected. */
export const startInspection = async (search: string): Promise<Inspection> => {
  current = import.meta.env.DEV
    ? await inspectionFor(true, search, async () => (await import("@statelyai/inspect")).createBrowserInspector().inspect)
    : none
  return current
}

/** What startInspection decided; nothing before it ran. */
export const inspection = (): Inspection => current

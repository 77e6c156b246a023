// The page-loading bar as a service for the whole app: `useProgress()` -> { start, done, fail }.
// One actor (progressBar.machine) behind it; its timed states end by themselves (`after`).
import { useSelector } from "@xstate/react"
import { useActorRef } from "../useActorRef.ts"
import { createContext, type ReactNode, useContext, useEffect, useMemo } from "react"
import { progressBarMachine } from "../../machines/shell/progressBar.machine.ts"
import { progressView } from "../../machines/shell/progressBar.view.ts"
import { ProgressBar } from "./ProgressBar.tsx"

export interface ProgressApi {
  /** Something started loading; the bar shows if it takes longer than 200 ms. */
  start: () => void
  /** It finished; the bar completes and fades. */
  done: () => void
  /** It failed; the bar turns red briefly. */
  fail: () => void
}

const ProgressContext = createContext<ProgressApi | null>(null)

export function ProgressProvider({ children }: { children: ReactNode }) {
  const actor = useActorRef(progressBarMachine)
  const view = useSelector(actor, progressView, (a, b) => a.phase === b.phase)
  const api = useMemo<ProgressApi>(
    () => ({
      start: () => actor.send({ type: "progress.start" }),
      done: () => actor.send({ type: "progress.done" }),
      fail: () => actor.send({ type: "progress.fail" })
    }),
    [actor]
  )
  return (
    <ProgressContext.Provider value={api}>
      <ProgressBar view={view} />
      {children}
    </ProgressContext.Provider>
  )
}

export const useProgress = (): ProgressApi => {
  const api = useContext(ProgressContext)
  if (!api) throw new Error("useProgress needs a <ProgressProvider> above it")
  return api
}

/** Shows the bar for as long as the calling component is mounted (a Suspense fallback, for instance). */
export const useProgressWhileMounted = (): void => {
  const { start, done } = useProgress()
  useEffect(() => {
    start()
    return done
  }, [start, done])
}

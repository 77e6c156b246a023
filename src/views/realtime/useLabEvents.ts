// Live changes of one lab (its channel `private-mylab_{labId}`): the callback hears each change
// while the component is mounted. The subscription goes through the app's realtime actor.
// (First version: the signature other screens code against; the realtime wiring lands next.)
import { useEffect, useRef } from "react"

/** A change to a lab or one of its children, as the server publishes it (src/contract/realtime.ts). */
export interface LabEvent {
  readonly kind: string
  readonly lab_id: string
  readonly parent_id?: string | null
  readonly actor_id?: string | null
  readonly at?: string
}

export const useLabEvents = (labId: string | null, onEvent: (event: LabEvent) => void): void => {
  const latest = useRef(onEvent)
  latest.current = onEvent
  useEffect(() => {
    if (labId === null) return
    return undefined
  }, [labId])
}

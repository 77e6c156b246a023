// Listens to one realtime channel while the component is mounted: the realtime actor opens the
// channel for the first listener and closes it after the last. `onMessage` may change on every
// render without resubscribing.
import { useEffect, useRef } from "react"
import type { RealtimeMessage } from "../../machines/realtime/realtime.machine.ts"
import { useRealtimeActor } from "./RealtimeProvider.tsx"

export const useChannel = (channel: string | null, onMessage: (message: RealtimeMessage) => void): void => {
  const actor = useRealtimeActor()
  const latest = useRef(onMessage)
  latest.current = onMessage
  useEffect(() => {
    if (channel === null) return
    actor.send({ type: "realtime.watch", channel })
    const subscription = actor.on("realtime.message", (message) => {
      if (message.channel === channel) latest.current(message)
    })
    return () => {
      subscription.unsubscribe()
      actor.send({ type: "realtime.unwatch", channel })
    }
  }, [actor, channel])
}

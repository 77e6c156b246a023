// Listens to one realtime channel while the component is mounted: the realtime actor opens the
// channel for the first listener and closes it after the last. `onMessage` and `onResumed` may
// change on every render without resubscribing. `onResumed` runs when the channel is live again
// after its subscription was lost (a restarted server, a dropped connection): what was sent in
// between never arrives, so a listener that keeps state from messages reads it again there.
import { useEffect, useRef } from "react"
import type { RealtimeMessage } from "../../machines/realtime/realtime.machine.ts"
import { useRealtimeActor } from "./RealtimeProvider.tsx"

export const useChannel = (channel: string | null, onMessage: (message: RealtimeMessage) => void, onResumed?: () => void): void => {
  const actor = useRealtimeActor()
  const latest = useRef({ onMessage, onResumed })
  latest.current = { onMessage, onResumed }
  useEffect(() => {
    if (channel === null) return
    actor.send({ type: "realtime.watch", channel })
    const messages = actor.on("realtime.message", (message) => {
      if (message.channel === channel) latest.current.onMessage(message)
    })
    const resumptions = actor.on("realtime.subscribed", (live) => {
      if (live.channel === channel && live.resumed) latest.current.onResumed?.()
    })
    return () => {
      messages.unsubscribe()
      resumptions.unsubscribe()
      actor.send({ type: "realtime.unwatch", channel })
    }
  }, [actor, channel])
}

// Listens to one realtime channel while the component is mounted: the realtime actor opens the
// channel for the first listener and closes it after the last. `kinds` are the messages acted on,
// each delivered decoded (src/effects/realtime/heard.ts). `onMessage` and `onResumed` may change on
// every render without resubscribing. `onResumed` runs when the channel is live again after its
// subscription was lost (a restarted server, a dropped connection): what was sent in between never
// arrives, so a listener that keeps state from messages reads it again there.
import { useEffect, useRef } from "react"
import type { HeardKind, HeardOf } from "../../effects/realtime/heard.ts"
import { useRealtimeActor } from "./RealtimeProvider.tsx"

export const useChannel = <K extends HeardKind>(
  channel: string | null,
  kinds: ReadonlyArray<K>,
  onMessage: (message: HeardOf<K>) => void,
  onResumed?: () => void
): void => {
  const actor = useRealtimeActor()
  const latest = useRef({ onMessage, onResumed })
  latest.current = { onMessage, onResumed }
  // One string, so a new array of the same kinds on a re-render keeps the subscriptions.
  const kindList = kinds.join(" ")
  useEffect(() => {
    if (channel === null) return
    actor.send({ type: "realtime.watch", channel })
    const messages = (kindList.split(" ") as K[]).map((kind) =>
      actor.on(`realtime.${kind}`, (message) => {
        const heard = message as unknown as HeardOf<K>
        if (heard.channel === channel) latest.current.onMessage(heard)
      })
    )
    const resumptions = actor.on("realtime.subscribed", (live) => {
      if (live.channel === channel && live.resumed) latest.current.onResumed?.()
    })
    return () => {
      for (const subscription of messages) subscription.unsubscribe()
      resumptions.unsubscribe()
      actor.send({ type: "realtime.unwatch", channel })
    }
  }, [actor, channel, kindList])
}

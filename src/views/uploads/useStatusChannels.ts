// Live upload status for a list of labs, pushed by server events. A folder's channel carries the status
// of every file in it; a list that is not a folder (the root, search, favorites, shared) listens on the
// channel of each file still uploading or processing. A status sent while a channel was down is lost:
// `onResumed` lets the list read itself again.
import { useEffect, useRef } from "react"
import { labChannel } from "../../contract/realtime.ts"
import { type StatusChange, statusChangeIn } from "../../effects/uploads/statusEvent.ts"
import { useRealtimeActor } from "../realtime/RealtimeProvider.tsx"

export const useStatusChannels = (
  folderId: string | null,
  pendingIds: ReadonlyArray<string>,
  onChange: (change: StatusChange) => void,
  onResumed: () => void
): void => {
  const realtime = useRealtimeActor()
  const latest = useRef({ onChange, onResumed })
  latest.current = { onChange, onResumed }
  // One string, so a re-render with the same labs keeps the subscriptions.
  const channels = (folderId !== null ? [labChannel(folderId)] : pendingIds.map(labChannel)).sort().join(" ")
  useEffect(() => {
    const watched = channels === "" ? [] : channels.split(" ")
    for (const channel of watched) realtime.send({ type: "realtime.watch", channel })
    const subscription = realtime.on("realtime.message", (message) => {
      if (!watched.includes(message.channel)) return
      const change = statusChangeIn(message.event, message.data)
      if (change !== null) latest.current.onChange(change)
    })
    const resumptions = realtime.on("realtime.subscribed", (live) => {
      if (live.resumed && watched.includes(live.channel)) latest.current.onResumed()
    })
    return () => {
      subscription.unsubscribe()
      resumptions.unsubscribe()
      for (const channel of watched) realtime.send({ type: "realtime.unwatch", channel })
    }
  }, [realtime, channels])
}

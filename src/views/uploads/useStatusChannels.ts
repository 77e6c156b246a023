// Live upload status for a list of labs, pushed by server events. A folder's channel carries the status
// of every file in it; a list that is not a folder (the root, search, favorites, shared) listens on the
// channel of each file still uploading or processing. A status sent while a channel was down is lost:
// `onResumed` lets the list read itself again.
import { useEffect, useRef } from "react"
import { labChannel, type StatusUpload } from "../../contract/realtime.ts"
import { useRealtimeActor } from "../realtime/RealtimeProvider.tsx"

export const useStatusChannels = (
  folderId: string | null,
  pendingIds: ReadonlyArray<string>,
  onChange: (change: StatusUpload) => void,
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
    // The file a status is about is the one its event names (a folder's channel carries all of its files').
    const subscription = realtime.on("realtime.statusUpload", (message) => {
      if (watched.includes(message.channel)) latest.current.onChange(message.data)
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

// Live changes of one lab (its channel `private-mylab_{labId}`): the callback hears each change
// of the lab and of its children (created, renamed, moved, members, upload status) while the
// component is mounted. null listens to nothing (the root of "All File" has no channel).
// `onResumed`: the channel is live again after changes may have been missed (see useChannel).
import { labChannel } from "../../contract/realtime.ts"
import { type LabEvent, labEventOf } from "../../effects/realtime/labEvent.ts"
import { useChannel } from "./useChannel.ts"

export type { LabEvent } from "../../effects/realtime/labEvent.ts"

export const useLabEvents = (labId: string | null, onEvent: (event: LabEvent) => void, onResumed?: () => void): void => {
  useChannel(
    labId === null ? null : labChannel(labId),
    ["labChanged", "statusUpload"],
    (message) => {
      // A folder's channel also carries its files' statuses: those are the files' own events.
      if (message.id === labId) onEvent(labEventOf(message))
    },
    onResumed
  )
}

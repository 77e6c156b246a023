// Hands every comment thread change heard on the slide's channel (`comment_{labId}`) to `onChange`,
// decoded (a message of another shape is dropped). Signed-in readers only: a guest's view is not live.
import { Schema } from "effect"
import { CommentChanged, labChannel, realtimeEvents } from "../../../contract/realtime.ts"
import { useChannel } from "../../realtime/useChannel.ts"

const decode = Schema.decodeUnknownOption(CommentChanged)

export const useCommentChanges = (
  labId: string,
  signedIn: boolean,
  onChange: (change: CommentChanged) => void,
  /** Also told of annotation changes (a pin made or deleted): the list of threads follows them. */
  onPins?: () => void
): void => {
  useChannel(signedIn ? labChannel(labId) : null, (message) => {
    if (message.event === realtimeEvents.comment(labId)) {
      const change = decode(message.data)
      if (change._tag === "Some") onChange(change.value)
      return
    }
    if (
      onPins &&
      (message.event === realtimeEvents.createAnnotation(labId) ||
        message.event === realtimeEvents.deleteAnnotation(labId) ||
        message.event === realtimeEvents.bulkAnnotation(labId))
    )
      onPins()
  })
}

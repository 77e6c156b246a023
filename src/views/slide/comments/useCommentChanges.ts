// Hands every comment thread change heard on the slide's channel (`comment_{labId}`) to `onChange`,
// decoded where it arrived (a message of another shape was dropped there). Signed-in readers only: a guest's view is not live.
import { type CommentChanged, labChannel } from "../../../contract/realtime.ts"
import { useChannel } from "../../realtime/useChannel.ts"

export const useCommentChanges = (
  labId: string,
  signedIn: boolean,
  onChange: (change: CommentChanged) => void,
  /** Also told of annotation changes (a pin made or deleted): the list of threads follows them. */
  onPins?: () => void
): void => {
  useChannel(
    signedIn ? labChannel(labId) : null,
    ["commentChanged", "annotationsCreated", "annotationDeleted", "annotationsBulkChanged"],
    (message) => {
      if (message.id !== labId) return
      if (message.type === "realtime.commentChanged") onChange(message.data)
      else onPins?.()
    }
  )
}

// Holds the slide's chat actor for the page while the slide is shown, whether or not the side panel
// is open: the chat tab's unread badge and the live messages need it before the tab is opened.
import { useEffect } from "react"
import { type ChatActor, useSlideChat } from "./useSlideChat.ts"

export const ChatHost = ({
  labId,
  userId,
  canWrite,
  onActor
}: {
  readonly labId: string
  readonly userId: string | null
  readonly canWrite: boolean
  readonly onActor: (actor: ChatActor | null) => void
}) => {
  const actor = useSlideChat(labId, userId, canWrite)
  useEffect(() => {
    onActor(actor)
    return () => onActor(null)
  }, [actor, onActor])
  return null
}

// The slide page's chat actor (src/machines/chat/chat.machine.ts): made once the slide is known,
// fed `chat_{labId}` from the slide's channel (signed-in readers only: a guest's view is not live),
// and told whether the chat is on screen, so what arrives there is read at once.
import { useActorRef } from "../../useActorRef.ts"
import { useEffect } from "react"
import type { ActorRefFrom } from "xstate"
import { labChannel } from "../../../contract/realtime.ts"
import { chatMachine } from "../../../machines/chat/chat.machine.ts"
import { useChannel } from "../../realtime/useChannel.ts"

export type ChatActor = ActorRefFrom<typeof chatMachine>

export const useSlideChat = (labId: string, userId: string | null, canWrite: boolean): ChatActor => {
  const actor = useActorRef(chatMachine, { input: { labId, userId, canWrite } })
  useChannel(userId === null ? null : labChannel(labId), ["chatPosted"], (message) => {
    if (message.id === labId) actor.send({ type: "chat.received", message: message.data })
  })
  // A hidden browser tab is not reading.
  useEffect(() => {
    const seen = () => {
      if (document.visibilityState === "hidden") actor.send({ type: "chat.visible", visible: false })
    }
    document.addEventListener("visibilitychange", seen)
    return () => document.removeEventListener("visibilitychange", seen)
  }, [actor])
  return actor
}

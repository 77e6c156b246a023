// The slide page's chat actor (src/machines/chat/chat.machine.ts): made once the slide is known,
// fed `chat_{labId}` from the slide's channel (signed-in readers only: a guest's view is not live),
// and told whether the chat is on screen, so what arrives there is read at once.
import { useActorRef } from "../../useActorRef.ts"
import { Schema } from "effect"
import { useEffect } from "react"
import type { ActorRefFrom } from "xstate"
import { ChatPosted, labChannel, realtimeEvents } from "../../../contract/realtime.ts"
import { chatMachine } from "../../../machines/chat/chat.machine.ts"
import { useChannel } from "../../realtime/useChannel.ts"

export type ChatActor = ActorRefFrom<typeof chatMachine>

const decode = Schema.decodeUnknownOption(ChatPosted)

export const useSlideChat = (labId: string, userId: string | null, canWrite: boolean): ChatActor => {
  const actor = useActorRef(chatMachine, { input: { labId, userId, canWrite } })
  useChannel(userId === null ? null : labChannel(labId), (message) => {
    if (message.event !== realtimeEvents.chat(labId)) return
    const posted = decode(message.data)
    if (posted._tag === "Some") actor.send({ type: "chat.received", message: posted.value })
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

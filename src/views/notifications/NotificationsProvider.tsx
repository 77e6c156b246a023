// The signed-in user's notifications actor (src/machines/notifications/notifications.machine.ts), for the bell and
// the panel, and the toast each newly arrived notification shows for 5 seconds. It lives beside the
// app rather than around it, so signing in or out never remounts the pages.
import { useActorRef } from "../useActorRef.ts"
import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from "react"
import type { ActorRefFrom } from "xstate"
import { useLocation } from "wouter"
import { useLocale, useT } from "../../i18n/index.ts"
import { type NotificationsEmitted, notificationsMachine } from "../../machines/notifications/notifications.machine.ts"
import type { RealtimeActor } from "../../machines/realtime/realtime.machine.ts"
import { useRealtimeActor } from "../realtime/RealtimeProvider.tsx"
import { useSession } from "../session.tsx"
import { DEFAULT_TOAST_MS, useToast } from "../ui/index.ts"
import { onChatRead } from "./chat-read.ts"
import { isOnSlide, kindOf, paymentText, senderName, targetOf } from "./notification-view.ts"

type NotificationsActor = ActorRefFrom<typeof notificationsMachine>

const NotificationsContext = createContext<NotificationsActor | null>(null)

export function NotificationsProvider({ children }: { readonly children: ReactNode }) {
  const { status, user } = useSession()
  const realtime = useRealtimeActor()
  const [actor, setActor] = useState<NotificationsActor | null>(null)
  const userId = status === "signedIn" ? (user?.id ?? null) : null
  return (
    <NotificationsContext.Provider value={userId === null ? null : actor}>
      {userId !== null && <NotificationsHost key={userId} userId={userId} realtime={realtime} onActor={setActor} />}
      {children}
    </NotificationsContext.Provider>
  )
}

/** null while no one is signed in. */
export const useNotificationsActor = (): NotificationsActor | null => useContext(NotificationsContext)

function NotificationsHost({
  userId,
  realtime,
  onActor
}: {
  readonly userId: string
  readonly realtime: RealtimeActor
  readonly onActor: (actor: NotificationsActor | null) => void
}) {
  const actor = useActorRef(notificationsMachine, { input: { userId, realtime } })
  const t = useT()
  const { toast } = useToast()
  const { localePath } = useLocale()
  const [, navigate] = useLocation()
  const say = useRef({ t, toast, localePath, navigate })
  say.current = { t, toast, localePath, navigate }

  useEffect(() => {
    onActor(actor)
    return () => onActor(null)
  }, [actor, onActor])

  useEffect(() => {
    const subscription = actor.on("notifications.arrived", ({ notification }: NotificationsEmitted) => {
      const { t, toast, localePath, navigate } = say.current
      const chat = kindOf(notification) === "chat" && notification.type !== "payment"
      // A chat message of the slide the user has open is shown there; the page marks it read.
      if (chat && notification.lab !== null && isOnSlide(window.location.pathname, notification.lab.id)) {
        actor.send({ type: "notifications.open", id: notification.id })
        return
      }
      const analysis = kindOf(notification) === "analysis"
      const target = chat || analysis ? targetOf(notification) : null
      const params = {
        name: senderName(notification) ?? t("notifications.someone"),
        lab: notification.lab?.name ?? t("notifications.deletedLab")
      }
      const payment = paymentText(notification)
      const title =
        payment !== null
          ? t(`billing.notification.${payment.key}`, payment.params)
          : t(`notifications.toast.${kindOf(notification)}`, params)
      toast({
        kind: "info",
        title,
        durationMs: DEFAULT_TOAST_MS,
        // A chat message's toast opens the slide on its chat.
        ...(target !== null
          ? {
              action: {
                label: analysis
                  ? t("notifications.openAnalysis")
                  : notification.annotation_id !== undefined
                    ? t("comments.open")
                    : t("viewer.chat.open"),
                onClick: () => {
                  actor.send({ type: "notifications.open", id: notification.id })
                  navigate(localePath(target))
                }
              }
            }
          : {})
      })
    })
    return () => subscription.unsubscribe()
  }, [actor])

  // A slide's chat read on its page (chat-read.ts) takes that slide's chat notifications off the bell.
  useEffect(
    () =>
      onChatRead((labId) => {
        for (const item of actor.getSnapshot().context.items)
          if (!item.is_read && item.type !== "payment" && kindOf(item) === "chat" && item.lab?.id === labId)
            actor.send({ type: "notifications.open", id: item.id })
      }),
    [actor]
  )

  return null
}

// The notifications panel (the right sidebar's `notif` mode, 320 px): newest first, five at a time as
// the list scrolls, with an empty state. Opening one marks it read and goes to its lab whatever the
// server answers, so a failed mark never keeps the user from the lab. "Mark all as read" reads every
// one at once.
import { useSelector } from "@xstate/react"
import { useEffect, useState } from "react"
import { useLocation } from "wouter"
import type { ActorRefFrom } from "xstate"
import { useLocale, useT } from "../../i18n/index.ts"
import type { notificationsMachine } from "../../machines/notifications/notifications.machine.ts"
import { liveStatusOf } from "../../machines/realtime/realtime.machine.ts"
import { useEndOfList } from "../members/useEndOfList.ts"
import { useRealtimeActor } from "../realtime/RealtimeProvider.tsx"
import { Alert, BellIcon, Button, Skeleton, Spinner } from "../ui/index.ts"
import { NotificationItem } from "./NotificationItem.tsx"
import { targetOf } from "./notification-view.ts"
import * as css from "./Notifications.css.ts"
import { useNotificationsActor } from "./NotificationsProvider.tsx"

export const NotificationPanel = () => {
  const actor = useNotificationsActor()
  return <div className={css.panel}>{actor === null ? <EmptyNotifications /> : <NotificationList actor={actor} />}</div>
}

const EmptyNotifications = () => {
  const t = useT()
  return (
    <div className={css.empty} data-testid="notifications-empty">
      <div className={css.emptyIcon}>
        <BellIcon size={22} />
      </div>
      <p className={css.emptyTitle}>{t("notifications.empty")}</p>
      <p className={css.emptyBody}>{t("notifications.emptyHint")}</p>
    </div>
  )
}

/** A clock for "5 minutes ago" that moves on by itself while the panel is open. */
const useNow = (everyMs: number) => {
  const [now, setNow] = useState(() => new Date())
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), everyMs)
    return () => window.clearInterval(timer)
  }, [everyMs])
  return now
}

const NotificationList = ({ actor }: { readonly actor: ActorRefFrom<typeof notificationsMachine> }) => {
  const t = useT()
  const { localePath } = useLocale()
  const [, navigate] = useLocation()
  const now = useNow(30_000)
  const { items, nextPage, unread, error } = useSelector(actor, (s) => s.context)
  const phase = useSelector(actor, (s) => s.value)
  const live = useSelector(useRealtimeActor(), liveStatusOf)
  const more = () => actor.send({ type: "notifications.more" })
  const sentinel = useEndOfList<HTMLDivElement>(more, phase === "ready" && nextPage !== null && error === null)

  if (phase === "loading") {
    return (
      <div aria-busy="true" className={css.list}>
        {[0, 1, 2].map((row) => (
          <div key={row} className={css.skeletonRow}>
            <Skeleton width={36} height={36} radius={999} />
            <div className={css.skeletonLines}>
              <Skeleton height={10} width="85%" />
              <Skeleton height={10} width="55%" />
              <Skeleton height={8} width="35%" />
            </div>
          </div>
        ))}
      </div>
    )
  }
  if (phase === "failed") {
    return (
      <Alert
        kind="error"
        className={css.notice}
        action={
          <Button variant="secondary" size="sm" onClick={() => actor.send({ type: "notifications.retry" })}>
            {t("common.retry")}
          </Button>
        }
      >
        {t("notifications.failed")}
      </Alert>
    )
  }
  return (
    <>
      {live === "interrupted" && (
        <Alert kind="warning" className={css.notice}>
          {t("notifications.live.interrupted")}
        </Alert>
      )}
      {items.length === 0 ? (
        <EmptyNotifications />
      ) : (
        <>
          {unread > 0 && (
            <div className={css.summary}>
              <span aria-live="polite">{t("notifications.unread", { count: unread })}</span>
              <Button variant="ghost" size="sm" onClick={() => actor.send({ type: "notifications.readAll" })}>
                {t("notifications.markAllRead")}
              </Button>
            </div>
          )}
          <ul className={css.list} aria-label={t("notifications.list")} aria-busy={phase !== "ready"}>
            {items.map((notification) => (
              <NotificationItem
                key={notification.id}
                notification={notification}
                now={now}
                onOpen={() => {
                  actor.send({ type: "notifications.open", id: notification.id })
                  const target = targetOf(notification)
                  if (target !== null) navigate(localePath(target))
                }}
              />
            ))}
          </ul>
          <div ref={sentinel} className={css.footer}>
            {phase === "loadingMore" ? (
              <Spinner size={18} label={t("notifications.loadingMore")} />
            ) : error !== null ? (
              <Alert
                kind="error"
                action={
                  <Button variant="secondary" size="sm" onClick={more}>
                    {t("common.retry")}
                  </Button>
                }
              >
                {t("notifications.moreFailed")}
              </Alert>
            ) : nextPage !== null ? (
              <Button variant="ghost" size="sm" onClick={more}>
                {t("notifications.loadMore")}
              </Button>
            ) : (
              items.length > 5 && <span className={css.end}>{t("notifications.end")}</span>
            )}
          </div>
        </>
      )}
    </>
  )
}

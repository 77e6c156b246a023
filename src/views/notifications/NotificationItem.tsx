// One notification: who, what, which lab and when; unread ones are tinted and dotted.
import type { Notification } from "../../contract/notifications.ts"
import { useLocale, useT } from "../../i18n/index.ts"
import { Avatar, CreditCardIcon, cx, FolderIcon, ImageIcon, MessageIcon, ShareIcon, SparklesIcon, UsersIcon } from "../ui/index.ts"
import { actionKey, kindOf, paymentText, senderName } from "./notification-view.ts"
import * as css from "./Notifications.css.ts"
import { relativeTime } from "./relative-time.ts"

const kindIcons = { invite: UsersIcon, ownership: ShareIcon, chat: MessageIcon, analysis: SparklesIcon }

export const NotificationItem = ({
  notification,
  now,
  onOpen
}: {
  readonly notification: Notification
  readonly now: Date
  readonly onOpen: () => void
}) => {
  const t = useT()
  const { locale } = useLocale()
  const kind = kindOf(notification)
  // An analysis' notification is the system's: it is worded without a sender.
  const system = kind === "analysis"
  const name = system ? t("notifications.kind.analysis") : (senderName(notification) ?? t("notifications.someone"))
  const LabIcon = notification.lab?.is_dir === false ? ImageIcon : FolderIcon
  const KindIcon = kindIcons[kind]
  const payment = paymentText(notification)
  return (
    <li>
      <button
        type="button"
        className={cx(css.item, !notification.is_read && css.unreadItem)}
        onClick={onOpen}
        data-testid="notification-item"
        data-unread={!notification.is_read}
      >
        <Avatar name={name} size={36} />
        <span className={css.itemBody}>
          {payment !== null ? (
            <span className={css.sentence}>{t(`billing.notification.${payment.key}`, payment.params)}</span>
          ) : (
            <>
              <span className={css.sentence}>
                {!system && <span className={css.sender}>{name}</span>} {t(`notifications.action.${actionKey(notification)}`)}
              </span>
              <span className={css.lab}>
                <LabIcon size={14} className={css.labIcon} />
                <span className={css.labName}>{notification.lab?.name ?? t("notifications.deletedLab")}</span>
              </span>
            </>
          )}
          <span className={css.meta}>
            <span className={css.kindChip}>
              {payment !== null ? <CreditCardIcon size={12} /> : <KindIcon size={12} />}
              {payment !== null ? t("billing.notification.kind") : t(`notifications.kind.${kind}`)}
            </span>
            <time dateTime={notification.created_at}>{relativeTime(notification.created_at, now, locale)}</time>
          </span>
        </span>
        {!notification.is_read && <span className={css.dot} role="img" aria-label={t("notifications.unreadMarker")} />}
      </button>
    </li>
  )
}

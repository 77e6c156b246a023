// The header's bell: toggles the notifications panel and carries the unread marker.
import { useT } from "../../i18n/index.ts"
import { useRightPanel } from "../shell/RightPanelContext.tsx"
import { BellIcon, Button, cx } from "../ui/index.ts"
import * as css from "./Notifications.css.ts"
import { useNotificationsActor } from "./NotificationsProvider.tsx"
import { useActorSelect } from "./useActorSelect.ts"

export const NotificationBell = ({ pressedClassName }: { readonly pressedClassName?: string }) => {
  const t = useT()
  const rightPanel = useRightPanel()
  const unread = useActorSelect(useNotificationsActor(), (s) => s.context.unread, 0)
  const open = rightPanel.panel === "notif"
  return (
    <Button
      variant="ghost"
      iconOnly
      aria-label={unread > 0 ? t("notifications.bellUnread", { count: unread }) : t("notifications.bell")}
      aria-expanded={open}
      // The panel exists only while it is open; pointing at a missing id is an invalid reference.
      aria-controls={rightPanel.panel ? "right-panel" : undefined}
      className={cx(css.bell, open && pressedClassName)}
      data-testid="notification-bell"
      onClick={() => rightPanel.toggle("notif")}
    >
      <BellIcon size={18} />
      {unread > 0 && (
        <span className={css.badge} data-testid="notification-unread" aria-hidden="true">
          {unread > 9 ? "9+" : unread}
        </span>
      )}
    </Button>
  )
}

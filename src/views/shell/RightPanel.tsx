// The 320 px right sidebar: lab info, the multiple-selection summary, or notifications. The lab
// panels show what the page provides through the panel slot (RightPanelContext); on a page without
// labs they explain themselves.
import type { ReactNode } from "react"
import { useT } from "../../i18n/index.ts"
import { NotificationPanel } from "../notifications/NotificationPanel.tsx"
import { Button, InfoIcon, XIcon } from "../ui/index.ts"
import * as css from "./RightPanel.css.ts"
import { usePanelSlotState, useRightPanel } from "./RightPanelContext.tsx"

export const RightPanel = () => {
  const t = useT()
  const { panel, close } = useRightPanel()
  const slot = usePanelSlotState()
  if (!panel) return null
  const provided = panel !== "notif" && slot.title !== null
  const title =
    panel === "notif"
      ? t("shell.rightPanel.notifTitle")
      : provided
        ? (slot.title ?? "")
        : panel === "info"
          ? t("shell.rightPanel.infoTitle")
          : t("shell.rightPanel.multipleTitle", { count: 0 })
  return (
    <aside id="right-panel" className={css.panel} aria-label={title}>
      <div className={css.head}>
        <h2 className={css.title}>{title}</h2>
        <Button variant="ghost" size="sm" iconOnly aria-label={t("shell.rightPanel.close")} onClick={close}>
          <XIcon size={16} />
        </Button>
      </div>
      <div className={css.body}>
        {panel === "notif" && <NotificationPanel />}
        {provided && <div ref={slot.attach} className={css.slot} />}
        {!provided && panel === "info" && (
          <PanelEmpty icon={<InfoIcon size={20} />} title={t("shell.rightPanel.infoTitle")} body={t("shell.rightPanel.infoEmpty")} />
        )}
        {!provided && panel === "info-multiple-lab" && (
          <PanelEmpty icon={<InfoIcon size={20} />} title={title} body={t("shell.rightPanel.multipleHint")} />
        )}
      </div>
    </aside>
  )
}

const PanelEmpty = ({ icon, title, body }: { icon: ReactNode; title: string; body: string }) => (
  <div className={css.empty}>
    <div className={css.emptyIcon}>{icon}</div>
    <p className={css.emptyTitle}>{title}</p>
    <p className={css.emptyBody}>{body}</p>
  </div>
)

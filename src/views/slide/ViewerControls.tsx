// The viewer's toolbar, top-right: zoom out, zoom in, fit the whole slide, rotate left and right by
// 90°, full screen. Icon buttons with their names for assistive tech and a tooltip that also tells
// the keyboard shortcut (shortcuts.ts); the page carries the commands out.
import type { ReactNode } from "react"
import { useT } from "../../i18n/index.ts"
import { FitIcon, MaximizeIcon, MinimizeIcon, RotateCcwIcon, RotateCwIcon, Tooltip, ZoomInIcon, ZoomOutIcon } from "../ui/index.ts"
import type { ViewerCommand } from "./shortcuts.ts"
import * as css from "./ViewerControls.css.ts"

export interface ViewerControlsProps {
  readonly fullScreen: boolean
  readonly onCommand: (command: ViewerCommand) => void
}

const Control = ({
  label,
  shortcut,
  pressed,
  onClick,
  children
}: {
  readonly label: string
  readonly shortcut: string
  readonly pressed?: boolean
  readonly onClick: () => void
  readonly children: ReactNode
}) => (
  <Tooltip content={`${label} (${shortcut})`} placement="bottom">
    <button type="button" className={css.button} aria-label={label} aria-keyshortcuts={shortcut} aria-pressed={pressed} onClick={onClick}>
      {children}
    </button>
  </Tooltip>
)

export const ViewerControls = ({ fullScreen, onCommand }: ViewerControlsProps) => {
  const t = useT()
  return (
    <div className={css.root} role="toolbar" aria-label={t("viewer.controls.label")}>
      <Control label={t("viewer.controls.zoomOut")} shortcut="-" onClick={() => onCommand("zoomOut")}>
        <ZoomOutIcon size={18} />
      </Control>
      <Control label={t("viewer.controls.zoomIn")} shortcut="+" onClick={() => onCommand("zoomIn")}>
        <ZoomInIcon size={18} />
      </Control>
      <Control label={t("viewer.controls.home")} shortcut="0" onClick={() => onCommand("home")}>
        <FitIcon size={18} />
      </Control>
      <span className={css.divider} aria-hidden="true" />
      <Control label={t("viewer.controls.rotateLeft")} shortcut="Shift+R" onClick={() => onCommand("rotateLeft")}>
        <RotateCcwIcon size={18} />
      </Control>
      <Control label={t("viewer.controls.rotateRight")} shortcut="R" onClick={() => onCommand("rotateRight")}>
        <RotateCwIcon size={18} />
      </Control>
      <span className={css.divider} aria-hidden="true" />
      <Control
        label={fullScreen ? t("viewer.controls.exitFullScreen") : t("viewer.controls.fullScreen")}
        shortcut="F"
        pressed={fullScreen}
        onClick={() => onCommand("fullScreen")}
      >
        {fullScreen ? <MinimizeIcon size={18} /> : <MaximizeIcon size={18} />}
      </Control>
    </div>
  )
}

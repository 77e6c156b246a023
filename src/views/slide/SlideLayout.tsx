// The shape of the slide page, whatever state the slide is in: a top bar; below it the tool rail,
// the stage (the viewer, or a panel saying why there is none yet) with its controls top-right and
// its scale bar and magnification bottom-left, and the right panel. It fills the height the frame
// leaves (under the dashboard header, or under the public bar for a visitor), and in full screen
// the whole window.
import type { ReactNode } from "react"
import { cx } from "../ui/index.ts"
import * as css from "./SlideLayout.css.ts"

export type SlideFrame = "dashboard" | "public"

export interface SlideLayoutProps {
  readonly frame: SlideFrame
  readonly fullScreen?: boolean
  readonly topBar: ReactNode
  readonly rail?: ReactNode
  readonly stage: ReactNode
  /** Top-right over the stage. */
  readonly controls?: ReactNode
  /** Bottom-left over the stage. */
  readonly status?: ReactNode
  /** The right panel (details now; annotations, chat and notes later). */
  readonly panel?: ReactNode
  readonly busy?: boolean
}

export const SlideLayout = ({
  frame,
  fullScreen = false,
  topBar,
  rail,
  stage,
  controls,
  status,
  panel,
  busy = false
}: SlideLayoutProps) => (
  <div
    className={cx(css.root, css.frame[frame], fullScreen && css.fullScreen)}
    data-testid="slide-layout"
    data-full-screen={fullScreen}
    aria-busy={busy || undefined}
  >
    {topBar}
    <div className={css.body}>
      {rail}
      <div className={css.stage} data-testid="slide-stage">
        {stage}
        {controls && <div className={css.controls}>{controls}</div>}
        {status && <div className={css.status}>{status}</div>}
      </div>
      {panel && <aside className={css.panel}>{panel}</aside>}
    </div>
  </div>
)

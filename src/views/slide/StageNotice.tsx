// What the stage shows instead of a slide: a card in the middle of the dark viewer area with an
// icon or spinner, what is happening, and what can be done (back, retry).
import type { ReactNode } from "react"
import { cx } from "../ui/index.ts"
import * as css from "./StageNotice.css.ts"

export interface StageNoticeProps {
  readonly tone: "busy" | "error"
  readonly icon: ReactNode
  readonly title: string
  readonly body?: string
  /** A short status line under the title ("Processing"). */
  readonly badge?: string
  readonly actions?: ReactNode
  readonly testId?: string
}

export const StageNotice = ({ tone, icon, title, body, badge, actions, testId }: StageNoticeProps) => (
  <div className={css.center}>
    <div className={css.card} role={tone === "error" ? "alert" : "status"} data-testid={testId}>
      <span className={cx(css.icon, css.tone[tone])}>{icon}</span>
      <h2 className={css.title}>{title}</h2>
      {badge && <span className={css.badge}>{badge}</span>}
      {body && <p className={css.body}>{body}</p>}
      {actions && <div className={css.actions}>{actions}</div>}
    </div>
  </div>
)

// What a list shows when it has nothing: an icon, what is missing, and what to do about it.
import type { ReactNode } from "react"
import { cx } from "./cx.ts"
import * as css from "./EmptyState.css.ts"

export interface EmptyStateProps {
  icon?: ReactNode
  title: ReactNode
  description?: ReactNode
  actions?: ReactNode
  /** Draws the dashed drop-zone frame (lists); off inside cards. */
  bordered?: boolean
  className?: string
}

export const EmptyState = ({ icon, title, description, actions, bordered = true, className }: EmptyStateProps) => (
  <div className={cx(css.root, bordered && css.bordered, className)}>
    {icon && <div className={css.illustration}>{icon}</div>}
    <h2 className={css.title}>{title}</h2>
    {description && <p className={css.description}>{description}</p>}
    {actions && <div className={css.actions}>{actions}</div>}
  </div>
)

// The title row of a page: the page's one <h1>, an optional description and the page's actions.
import type { ReactNode } from "react"
import { cx } from "./cx.ts"
import * as css from "./PageHeader.css.ts"

export interface PageHeaderProps {
  title: ReactNode
  description?: ReactNode
  actions?: ReactNode
  className?: string
}

export const PageHeader = ({ title, description, actions, className }: PageHeaderProps) => (
  <header className={cx(css.root, className)}>
    <div className={css.text}>
      <h1 className={css.title}>{title}</h1>
      {description && <p className={css.description}>{description}</p>}
    </div>
    {actions && <div className={css.actions}>{actions}</div>}
  </header>
)

// A bordered surface that groups related content; optional header with title, description and actions.
import type { ComponentProps, ReactNode } from "react"
import * as css from "./Card.css.ts"
import { cx } from "./cx.ts"

export interface CardProps extends Omit<ComponentProps<"section">, "title"> {
  padding?: keyof typeof css.padding
  title?: ReactNode
  description?: ReactNode
  actions?: ReactNode
}

export const Card = ({ padding = "md", title, description, actions, className, children, ...rest }: CardProps) => (
  <section className={cx(css.root, className)} {...rest}>
    {(title || actions) && (
      <header className={css.header}>
        <div>
          {title && <h2 className={css.title}>{title}</h2>}
          {description && <p className={css.description}>{description}</p>}
        </div>
        {actions}
      </header>
    )}
    <div className={css.padding[padding]}>{children}</div>
  </section>
)

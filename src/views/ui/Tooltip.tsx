// A short text shown on hover and keyboard focus. Disabled buttons get no pointer events in some
// browsers, so the wrapper (not the button) listens; the text is also the child's accessible description.
import { cloneElement, isValidElement, type ReactElement, useId } from "react"
import { cx } from "./cx.ts"
import * as css from "./Tooltip.css.ts"

export interface TooltipProps {
  content: string
  children: ReactElement<{ "aria-describedby"?: string }>
  placement?: "top" | "bottom" | "right"
  /** Hide the bubble (e.g. a collapsed-sidebar hint when the sidebar is expanded). */
  disabled?: boolean
}

export const Tooltip = ({ content, children, placement = "top", disabled = false }: TooltipProps) => {
  const id = useId()
  // The wrapper stays when disabled so toggling it never remounts the child (and loses its focus).
  if (disabled) return <span className={css.anchor}>{children}</span>
  const child = isValidElement(children) ? cloneElement(children, { "aria-describedby": id }) : children
  return (
    <span className={css.anchor}>
      {child}
      <span role="tooltip" id={id} className={cx(css.bubble, placement === "bottom" && css.below, placement === "right" && css.right)}>
        {content}
      </span>
    </span>
  )
}

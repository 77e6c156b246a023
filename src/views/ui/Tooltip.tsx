// A short text shown on hover and keyboard focus. Disabled buttons get no pointer events in some
// browsers, so the wrapper (not the button) listens; the text is also the child's accessible description.
import { cloneElement, isValidElement, type ReactElement, useId } from "react"
import { cx } from "./cx.ts"
import * as css from "./Tooltip.css.ts"

export interface TooltipProps {
  content: string
  children: ReactElement<{ "aria-describedby"?: string }>
  placement?: "top" | "bottom"
}

export const Tooltip = ({ content, children, placement = "top" }: TooltipProps) => {
  const id = useId()
  const child = isValidElement(children) ? cloneElement(children, { "aria-describedby": id }) : children
  return (
    <span className={css.anchor}>
      {child}
      <span role="tooltip" id={id} className={cx(css.bubble, placement === "bottom" && css.below)}>
        {content}
      </span>
    </span>
  )
}

// A short text shown on hover and keyboard focus (dismissable with Escape, WCAG 1.4.13). The bubble is
// portalled to <body> with fixed positioning, so scrolling or clipped containers (the collapsed
// sidebar) never cut it off. The text is always in the DOM as the child's accessible description.
// Disabled buttons get no pointer events in some browsers, so the wrapper (not the child) listens.
// A bubble centred on a control near the window's edge is moved back inside it (a phone's left-hand
// Upload button, a toolbar's right-most one), never cut off.
import { type CSSProperties, cloneElement, isValidElement, type ReactElement, useId, useLayoutEffect, useRef, useState } from "react"
import { createPortal } from "react-dom"
import { visuallyHidden } from "../theme/utilities.css.ts"
import { cx } from "./cx.ts"
import * as css from "./Tooltip.css.ts"

export type TooltipPlacement = "top" | "bottom" | "right"

export interface TooltipProps {
  content: string
  children: ReactElement<{ "aria-describedby"?: string }>
  placement?: TooltipPlacement
  /** Hide the bubble (e.g. a collapsed-sidebar hint when the sidebar is expanded). */
  disabled?: boolean
  /** Stretch the wrapper to its container (full-width menu items). */
  block?: boolean
}

const GAP = 8
/** The least room kept between the bubble and the window's left and right edges. */
const MARGIN = 8

const positionFor = (rect: DOMRect, placement: TooltipPlacement): CSSProperties => {
  if (placement === "right") return { left: rect.right + GAP, top: rect.top + rect.height / 2, transform: "translateY(-50%)" }
  if (placement === "bottom") return { left: rect.left + rect.width / 2, top: rect.bottom + GAP, transform: "translateX(-50%)" }
  return { left: rect.left + rect.width / 2, top: rect.top - GAP, transform: "translate(-50%, -100%)" }
}

export const Tooltip = ({ content, children, placement = "top", disabled = false, block = false }: TooltipProps) => {
  const id = useId()
  const anchor = useRef<HTMLSpanElement>(null)
  const bubble = useRef<HTMLSpanElement>(null)
  const [position, setPosition] = useState<CSSProperties | null>(null)
  // Measured once drawn: the bubble's width is its text's, known only then.
  useLayoutEffect(() => {
    const element = bubble.current
    if (!element || !position) return
    element.style.translate = ""
    const { left, right } = element.getBoundingClientRect()
    const shift = left < MARGIN ? MARGIN - left : right > window.innerWidth - MARGIN ? window.innerWidth - MARGIN - right : 0
    if (shift !== 0) element.style.translate = `${shift}px 0`
  }, [position])
  const show = () => {
    if (anchor.current) setPosition(positionFor(anchor.current.getBoundingClientRect(), placement))
  }
  const hide = () => setPosition(null)
  // The wrapper stays when disabled so toggling it never remounts the child (and loses its focus).
  if (disabled) return <span className={cx(css.anchor, block && css.block)}>{children}</span>
  const child = isValidElement(children) ? cloneElement(children, { "aria-describedby": id }) : children
  return (
    <span
      ref={anchor}
      className={cx(css.anchor, block && css.block)}
      onMouseEnter={show}
      onMouseLeave={hide}
      onFocus={show}
      onBlur={hide}
      onKeyDown={(event) => {
        if (event.key === "Escape" && position) {
          event.stopPropagation()
          hide()
        }
      }}
    >
      {child}
      <span id={id} className={visuallyHidden}>
        {content}
      </span>
      {position &&
        createPortal(
          <span ref={bubble} role="tooltip" aria-hidden="true" className={css.bubble} style={position}>
            {content}
          </span>,
          document.body
        )}
    </span>
  )
}

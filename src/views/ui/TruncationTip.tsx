// Names cut by an ellipsis show in full on hover and on keyboard focus, everywhere, without each list
// having to know: one listener on the document finds the truncated text under the pointer (or inside
// the focused control) and shows it whole in a bubble. The full text is already in the accessibility
// tree (truncation is only visual), so the bubble is aria-hidden. Escape dismisses it (WCAG 1.4.13).
import { type CSSProperties, useEffect, useLayoutEffect, useRef, useState } from "react"
import { createPortal } from "react-dom"
import { cx } from "./cx.ts"
import * as css from "./Tooltip.css.ts"

interface Tip {
  readonly text: string
  readonly style: CSSProperties
}

/** Cut on one line (text-overflow: ellipsis) or after a few (line-clamp). */
const isTruncated = (element: Element): element is HTMLElement => {
  if (!(element instanceof HTMLElement) || (element.textContent ?? "").trim() === "") return false
  const wide = element.scrollWidth > element.clientWidth + 1
  const tall = element.scrollHeight > element.clientHeight + 1
  if (!wide && !tall) return false
  const style = getComputedStyle(element)
  return (wide && style.textOverflow === "ellipsis") || (tall && style.webkitLineClamp !== "none" && style.webkitLineClamp !== "")
}

/** The truncated element at or above the pointer's target, up to the nearest control. */
const truncatedAround = (target: Element | null): HTMLElement | null => {
  for (let node = target; node && node !== document.body; node = node.parentElement) {
    if (isTruncated(node)) return node
    if (node.matches("a, button, [role='menuitem'], [role='option'], [role='treeitem'], li, td")) break
  }
  return null
}

/** The first truncated element inside a focused control (the control itself included). */
const truncatedWithin = (control: Element): HTMLElement | null => {
  if (isTruncated(control)) return control
  for (const element of control.querySelectorAll("*")) if (isTruncated(element)) return element
  return null
}

const GAP = 6

const tipFor = (element: HTMLElement): Tip => {
  const rect = element.getBoundingClientRect()
  const below = rect.bottom + 40 < window.innerHeight
  const left = Math.min(Math.max(rect.left, 8), Math.max(8, window.innerWidth - 328))
  return {
    text: (element.textContent ?? "").trim(),
    style: below ? { left, top: rect.bottom + GAP } : { left, top: rect.top - GAP, transform: "translateY(-100%)" }
  }
}

export const TruncationTip = () => {
  const [tip, setTip] = useState<Tip | null>(null)
  const bubble = useRef<HTMLSpanElement>(null)
  // A popover lives in the top layer: the bubble shows above an open modal dialog too.
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new tip is a new bubble to show
  useLayoutEffect(() => {
    const element = bubble.current
    if (element && typeof element.showPopover === "function" && !element.matches(":popover-open")) element.showPopover()
  }, [tip])
  useEffect(() => {
    let hovered: HTMLElement | null = null
    const onOver = (event: PointerEvent) => {
      const element = truncatedAround(event.target as Element)
      if (element === hovered) return
      hovered = element
      setTip(element ? tipFor(element) : null)
    }
    const onFocus = (event: FocusEvent) => {
      const element = event.target instanceof Element ? truncatedWithin(event.target) : null
      hovered = element
      setTip(element ? tipFor(element) : null)
    }
    const hide = () => {
      hovered = null
      setTip(null)
    }
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") hide()
    }
    document.addEventListener("pointerover", onOver)
    document.addEventListener("focusin", onFocus)
    document.addEventListener("focusout", hide)
    document.addEventListener("keydown", onKey, true)
    window.addEventListener("scroll", hide, true)
    return () => {
      document.removeEventListener("pointerover", onOver)
      document.removeEventListener("focusin", onFocus)
      document.removeEventListener("focusout", hide)
      document.removeEventListener("keydown", onKey, true)
      window.removeEventListener("scroll", hide, true)
    }
  }, [])
  if (!tip) return null
  return createPortal(
    <span
      ref={bubble}
      popover="manual"
      className={cx(css.bubble, css.popover)}
      style={tip.style}
      aria-hidden="true"
      data-testid="truncation-tip"
    >
      {tip.text}
    </span>,
    document.body
  )
}

// A menu opened at a point: right-click on an item, or a "⋯" button (then at the button's corner).
// Same items, keys and looks as DropdownMenu (WAI-ARIA menu): arrows, Home/End, Escape closes and
// gives focus back to whatever opened it; outside clicks, scrolling and resizing close it. It is
// portalled with fixed positioning and kept inside the viewport, so no container clips it.
import { type KeyboardEvent, useEffect, useLayoutEffect, useRef, useState } from "react"
import { createPortal } from "react-dom"
import { cx } from "./cx.ts"
import type { DropdownItem } from "./DropdownMenu.tsx"
import * as css from "./DropdownMenu.css.ts"
import * as own from "./ContextMenu.css.ts"
import { itemsIn, moveFocus } from "./menu-keys.ts"

export interface ContextMenuProps {
  /** Where the menu opens, in viewport pixels. */
  readonly at: { readonly x: number; readonly y: number }
  readonly items: ReadonlyArray<DropdownItem>
  /** Accessible name of the menu. */
  readonly label: string
  readonly onClose: () => void
}

const MARGIN = 8

export const ContextMenu = ({ at, items, label, onClose }: ContextMenuProps) => {
  const ref = useRef<HTMLDivElement>(null)
  const opener = useRef<HTMLElement | null>(null)
  const [place, setPlace] = useState<{ left: number; top: number } | null>(null)
  const close = useRef(onClose)
  close.current = onClose

  // Measured before paint: open below-right of the point, flipped or shifted to stay on screen.
  useLayoutEffect(() => {
    const menu = ref.current
    if (!menu) return
    const { width, height } = menu.getBoundingClientRect()
    const left = at.x + width + MARGIN > window.innerWidth ? Math.max(MARGIN, at.x - width) : at.x
    const top = at.y + height + MARGIN > window.innerHeight ? Math.max(MARGIN, at.y - height) : at.y
    setPlace({ left, top })
  }, [at.x, at.y])

  // Focus moves in once the menu is placed: a hidden element cannot take focus.
  const placed = place !== null
  useEffect(() => {
    if (placed) itemsIn(ref.current)[0]?.focus()
  }, [placed])

  useEffect(() => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
    const dismiss = () => close.current()
    const onPointerDown = (event: PointerEvent) => {
      if (!ref.current?.contains(event.target as Node)) dismiss()
    }
    document.addEventListener("pointerdown", onPointerDown)
    window.addEventListener("resize", dismiss)
    window.addEventListener("scroll", dismiss, true)
    return () => {
      document.removeEventListener("pointerdown", onPointerDown)
      window.removeEventListener("resize", dismiss)
      window.removeEventListener("scroll", dismiss, true)
    }
  }, [])

  const giveBack = () => opener.current?.focus()

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (moveFocus(event, ref.current)) return
    if (event.key === "Escape") {
      event.preventDefault()
      event.stopPropagation()
      giveBack()
      onClose()
    } else if (event.key === "Tab") {
      event.preventDefault()
      giveBack()
      onClose()
    }
  }

  const choose = (item: DropdownItem) => {
    giveBack()
    onClose()
    item.onSelect?.()
  }

  return createPortal(
    <div
      ref={ref}
      role="menu"
      aria-label={label}
      className={cx(css.menu, own.floating)}
      style={place ?? { left: at.x, top: at.y, visibility: "hidden" }}
      onKeyDown={onKeyDown}
      onContextMenu={(event) => event.preventDefault()}
    >
      {items.map((item, i) => (
        <div key={item.id} role="none">
          {item.destructive === true && i > 0 && <hr className={css.separator} />}
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            data-menu-item=""
            className={cx(css.item, item.destructive && css.destructive)}
            onClick={() => choose(item)}
          >
            {item.icon && <span className={cx(css.itemIcon, item.destructive && css.destructiveIcon)}>{item.icon}</span>}
            <span className={css.itemLabel}>{item.label}</span>
          </button>
        </div>
      ))}
    </div>,
    document.body
  )
}

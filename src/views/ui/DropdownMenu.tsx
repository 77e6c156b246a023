// A menu button (WAI-ARIA APG "menu button" pattern): the trigger opens a role="menu" list; arrows,
// Home/End move between items, Escape closes and returns focus, Tab and outside clicks close it.
// A destructive last item gets a separator and the danger colour. Max height 274 px.
import { type KeyboardEvent, type ReactNode, useCallback, useEffect, useId, useRef, useState } from "react"
import { Link } from "wouter"
import { cx } from "./cx.ts"
import * as css from "./DropdownMenu.css.ts"
import { itemsIn, moveFocus } from "./menu-keys.ts"
import { CheckIcon } from "./icons.tsx"

export interface DropdownItem {
  id: string
  label: ReactNode
  icon?: ReactNode
  /** Navigates (router link) instead of calling onSelect. */
  href?: string
  onSelect?: () => void
  destructive?: boolean
  /** For single-choice menus (language): shows a check and uses menuitemradio. */
  checked?: boolean
}

export interface TriggerProps {
  id: string
  "aria-haspopup": "menu"
  "aria-expanded": boolean
  "aria-controls": string
  onClick: () => void
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void
  ref: (el: HTMLButtonElement | null) => void
}

export interface DropdownMenuProps {
  /** Renders the trigger; spread the given props on a <button>. */
  trigger: (props: TriggerProps, open: boolean) => ReactNode
  items: ReadonlyArray<DropdownItem>
  align?: "start" | "end"
  /** Non-interactive content on top of the items (e.g. the signed-in user's name and email). */
  header?: ReactNode
  /** Accessible name of the menu; defaults to the trigger's. */
  label?: string
  minWidth?: number
}

export const DropdownMenu = ({ trigger, items, align = "end", header, label, minWidth }: DropdownMenuProps) => {
  const [open, setOpen] = useState(false)
  const rootRef = useRef<HTMLDivElement>(null)
  const menuRef = useRef<HTMLDivElement>(null)
  const triggerRef = useRef<HTMLButtonElement | null>(null)
  const focusOnOpen = useRef<"first" | "last" | null>(null)
  const triggerId = useId()
  const menuId = useId()

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false)
    if (returnFocus) triggerRef.current?.focus()
  }, [])

  useEffect(() => {
    if (!open) return
    const target = focusOnOpen.current
    focusOnOpen.current = null
    const list = itemsIn(menuRef.current)
    if (target === "last") list[list.length - 1]?.focus()
    else list[0]?.focus()
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) close(false)
    }
    document.addEventListener("pointerdown", onPointerDown)
    return () => document.removeEventListener("pointerdown", onPointerDown)
  }, [open, close])

  const onTriggerKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault()
      focusOnOpen.current = event.key === "ArrowUp" ? "last" : "first"
      setOpen(true)
    }
  }

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (moveFocus(event, menuRef.current)) return
    if (event.key === "Escape") {
      event.preventDefault()
      close(true)
    } else if (event.key === "Tab") close(false)
  }

  const select = (item: DropdownItem) => {
    close(!item.href)
    item.onSelect?.()
  }

  const triggerProps: TriggerProps = {
    id: triggerId,
    "aria-haspopup": "menu",
    "aria-expanded": open,
    "aria-controls": menuId,
    onClick: () => setOpen((v) => !v),
    onKeyDown: onTriggerKeyDown,
    ref: (el) => {
      triggerRef.current = el
    }
  }

  return (
    <div ref={rootRef} className={css.root}>
      {trigger(triggerProps, open)}
      {open && (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={label}
          aria-labelledby={label ? undefined : triggerId}
          className={cx(css.menu, align === "end" ? css.alignEnd : css.alignStart)}
          style={minWidth ? { minWidth } : undefined}
          onKeyDown={onMenuKeyDown}
        >
          {header && <div className={css.header}>{header}</div>}
          {items.map((item, i) => (
            <MenuEntry key={item.id} item={item} separated={item.destructive === true && i > 0} onSelect={select} />
          ))}
        </div>
      )}
    </div>
  )
}

const MenuEntry = ({ item, separated, onSelect }: { item: DropdownItem; separated: boolean; onSelect: (item: DropdownItem) => void }) => {
  const role = item.checked === undefined ? "menuitem" : "menuitemradio"
  const className = cx(css.item, item.destructive && css.destructive)
  const content = (
    <>
      {item.icon && <span className={cx(css.itemIcon, item.destructive && css.destructiveIcon)}>{item.icon}</span>}
      <span className={css.itemLabel}>{item.label}</span>
      {item.checked && (
        <span className={css.itemCheck}>
          <CheckIcon size={16} />
        </span>
      )}
    </>
  )
  return (
    <>
      {separated && <hr className={css.separator} />}
      {item.href ? (
        <Link href={item.href} role={role} tabIndex={-1} data-menu-item="" className={className} onClick={() => onSelect(item)}>
          {content}
        </Link>
      ) : item.checked === undefined ? (
        <button type="button" role="menuitem" tabIndex={-1} data-menu-item="" className={className} onClick={() => onSelect(item)}>
          {content}
        </button>
      ) : (
        <button
          type="button"
          role="menuitemradio"
          aria-checked={item.checked}
          tabIndex={-1}
          data-menu-item=""
          className={className}
          onClick={() => onSelect(item)}
        >
          {content}
        </button>
      )}
    </>
  )
}

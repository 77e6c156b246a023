// Keyboard movement inside a menu (WAI-ARIA APG menu pattern), shared by the dropdown and the
// context menu: arrows wrap around, Home and End jump to the ends. Escape and Tab differ per menu.
import type { KeyboardEvent } from "react"

/** The focusable items of a menu, in order. */
export const itemsIn = (menu: HTMLElement | null): HTMLElement[] =>
  Array.from(menu?.querySelectorAll<HTMLElement>("[data-menu-item]") ?? [])

/** Moves focus for an arrow, Home or End key and answers true; any other key is left to the caller. */
export const moveFocus = (event: KeyboardEvent<HTMLElement>, menu: HTMLElement | null): boolean => {
  const list = itemsIn(menu)
  const index = list.indexOf(document.activeElement as HTMLElement)
  const target =
    event.key === "ArrowDown"
      ? index + 1
      : event.key === "ArrowUp"
        ? index - 1
        : event.key === "Home"
          ? 0
          : event.key === "End"
            ? list.length - 1
            : undefined
  if (target === undefined) return false
  event.preventDefault()
  list[(target + list.length) % list.length]?.focus()
  return true
}
